import {
  addResultPictureRoute,
  addResultVideoRoute,
  createResultRoute,
  deleteResultPictureRoute,
  deleteResultRoute,
  deleteResultVideoRoute,
  getInspectionTypeRoute,
  getResultRoute,
  listAutomaticSelectionsRoute,
  listInspectionTypesRoute,
  listResultsRoute,
  orderInspectionRoute,
  replaceResultPictureRoute,
  saveAutomaticSelectionRoute,
  updateResultRoute,
  ZInspectionResult,
} from '@servicebay/domain';
import { implement, type ResourceOwner } from '../../platform/http/registrar.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { Actor } from '../repair-orders/index.js';
import type { InspectionsService } from './inspections.service.js';

/**
 * Registrar resolver: the store of a resultId. inspectionId has none: product templates belong to
 * every store, and the service only finds a store's own types or the product's (404 otherwise).
 */
export function inspectionOwnerResolvers(service: Pick<InspectionsService, 'resultStore'>) {
  return {
    resultId: async (id: string): Promise<ResourceOwner | null> => {
      const storeId = await service.resultStore(id);
      return storeId ? { storeId, accountId: null } : null;
    },
  };
}

const actorOf = (principal: Principal): Actor => ({ id: principal.id, role: principal.type });

export function inspectionRoutes(service: InspectionsService) {
  return [
    implement(listInspectionTypesRoute, async ({ storeId, query }) => ({
      _embedded: { inspectionType: await service.types(storeId, query.state, query.fields) },
    })),
    implement(getInspectionTypeRoute, ({ storeId, params }) => service.type(storeId, params.inspectionId)),
    implement(orderInspectionRoute, ({ storeId, params }) =>
      service.typeOfOrder(storeId, params.inspectionOrderId),
    ),
    implement(listAutomaticSelectionsRoute, async ({ storeId, query }) => ({
      automaticInspectionSelections: await service.selections(storeId, query.match || undefined),
    })),
    implement(saveAutomaticSelectionRoute, ({ storeId, body }) => service.saveSelection(storeId, body)),
    implement(listResultsRoute, ({ storeId, params, query }) =>
      service.results(storeId, params.inspectionOrderId, query.grouped),
    ),
    implement(createResultRoute, ({ storeId, params, body, principal }) =>
      service.createResult(storeId, params.inspectionOrderId, body, actorOf(principal)),
    ),
    implement(getResultRoute, ({ storeId, params }) =>
      service.result(storeId, params.inspectionOrderId, params.resultId),
    ),
    implement(updateResultRoute, ({ storeId, params, body, principal }) =>
      service.updateResult(storeId, params.inspectionOrderId, params.resultId, body, actorOf(principal)),
    ),
    implement(deleteResultRoute, async ({ storeId, params, principal }) => {
      await service.deleteResult(storeId, params.inspectionOrderId, params.resultId, actorOf(principal));
    }),
    implement(addResultPictureRoute, ({ storeId, params, request, principal }) =>
      service.addPicture(storeId, params.inspectionOrderId, params.resultId, request, actorOf(principal)),
    ),
    implement(replaceResultPictureRoute, ({ storeId, params, request, principal }) =>
      service.replacePicture(storeId, params.inspectionOrderId, params.resultId, request, actorOf(principal)),
    ),
    implement(deleteResultPictureRoute, ({ storeId, params, principal }) =>
      service.deletePicture(
        storeId,
        params.inspectionOrderId,
        params.resultId,
        params.pictureName,
        actorOf(principal),
      ),
    ),
    implement(addResultVideoRoute, async ({ storeId, params, request, reply, principal }) => {
      const { result, duplicate } = await service.addVideo(
        storeId,
        params.inspectionOrderId,
        params.resultId,
        request,
        actorOf(principal),
      );
      // A name the result already has is ignored: 200 with the result as it was.
      if (duplicate) return reply.code(200).send(ZInspectionResult.parse(result));
      return result;
    }),
    implement(deleteResultVideoRoute, ({ storeId, params, principal }) =>
      service.deleteVideo(
        storeId,
        params.inspectionOrderId,
        params.resultId,
        params.videoName,
        actorOf(principal),
      ),
    ),
  ];
}
