import {
  createEstimateLineRoute,
  deleteEstimateLineRoute,
  drawEstimateRoute,
  getEstimateRoute,
  markEstimateReadyRoute,
  refreshEstimateTaxesRoute,
  updateEstimateLineRoute,
  updateEstimateRoute,
} from '@servicebay/domain';
import { implement, type ResourceOwner } from '../../platform/http/registrar.js';
import type { EstimatesService } from './estimates.service.js';

/** Registrar resolver: the store of a lineId of a path. */
export function estimateOwnerResolvers(service: Pick<EstimatesService, 'lineStore'>) {
  return {
    lineId: async (id: string): Promise<ResourceOwner | null> => {
      const storeId = await service.lineStore(id);
      return storeId ? { storeId, accountId: null } : null;
    },
  };
}

export function estimateRoutes(service: EstimatesService) {
  return [
    implement(getEstimateRoute, ({ storeId, params, query }) =>
      service.open(storeId, params.inspectionOrderId, query.language),
    ),
    implement(updateEstimateRoute, ({ storeId, params, body }) =>
      service.update(storeId, params.inspectionOrderId, body),
    ),
    implement(drawEstimateRoute, ({ storeId, params, body }) =>
      service.draw(storeId, params.inspectionOrderId, body.language),
    ),
    implement(refreshEstimateTaxesRoute, ({ storeId, params }) =>
      service.refreshTaxes(storeId, params.inspectionOrderId),
    ),
    implement(markEstimateReadyRoute, ({ storeId, params, body }) =>
      service.markReady(storeId, params.inspectionOrderId, body.version),
    ),
    implement(createEstimateLineRoute, ({ storeId, params, body }) =>
      service.createLine(storeId, params.inspectionOrderId, body),
    ),
    implement(updateEstimateLineRoute, ({ storeId, params, body }) =>
      service.updateLine(storeId, params.inspectionOrderId, params.lineId, body),
    ),
    implement(deleteEstimateLineRoute, ({ storeId, params }) =>
      service.deleteLine(storeId, params.inspectionOrderId, params.lineId),
    ),
  ];
}
