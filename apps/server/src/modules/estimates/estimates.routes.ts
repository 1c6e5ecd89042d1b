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
import type { Platform } from '../../platform/platform.js';
import { repairOrdersService } from '../repair-orders/repair-orders.routes.js';
import { inspectionsService } from '../inspections/inspections.routes.js';
import { createEstimatesRepository } from './estimates.repository.js';
import { createEstimatesService } from './estimates.service.js';

/** The estimates service on the orders service (which runs its writes) and the inspections service (docs/estimates.md). */
export function estimatesService(platform: Platform) {
  return createEstimatesService({
    estimates: createEstimatesRepository(platform.database.db),
    db: platform.database.db,
    outbox: platform.outbox,
    orders: repairOrdersService(platform),
    inspections: inspectionsService(platform),
  });
}

/** Registrar resolver: the store of a lineId of a path. */
export function estimateOwnerResolvers(platform: Platform) {
  const repo = createEstimatesRepository(platform.database.db);
  return {
    lineId: async (id: string): Promise<ResourceOwner | null> => {
      const storeId = await repo.lineStore(id);
      return storeId ? { storeId, accountId: null } : null;
    },
  };
}

export function estimateRoutes(platform: Platform) {
  const service = estimatesService(platform);
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
    implement(markEstimateReadyRoute, ({ storeId, params }) =>
      service.markReady(storeId, params.inspectionOrderId),
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
