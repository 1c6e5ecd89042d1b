import {
  canBeFinishedRoute,
  closeRepairOrderRoute,
  countRepairOrdersRoute,
  createRepairOrderRoute,
  finishRepairOrderRoute,
  getRepairOrderRoute,
  inspectionOrderHouseholdRoute,
  listRepairOrdersRoute,
  matchRepairOrderRoute,
  pauseTimeTrackerRoute,
  primaryPictureRoute,
  signOffRepairOrderRoute,
  reopenRepairOrderRoute,
  setRepairOrderStateRoute,
  startTimeTrackerRoute,
  updateRepairOrderRoute,
  vehicleCountRepairOrdersRoute,
  vehicleRepairOrdersRoute,
} from '@servicebay/domain';
import { implement, type ResourceOwner } from '../../platform/http/registrar.js';
import type { Principal } from '../../platform/auth/principal.js';
import { pageInfo } from '../customers/index.js';
import type { Actor, RepairOrdersService } from './repair-orders.service.js';

/** Registrar resolver: which store an inspectionOrderId of a path belongs to. */
export function inspectionOrderOwnerResolvers(service: Pick<RepairOrdersService, 'storeOf'>) {
  return {
    inspectionOrderId: async (id: string): Promise<ResourceOwner | null> => {
      const storeId = await service.storeOf(id);
      return storeId ? { storeId, accountId: null } : null;
    },
  };
}

const actorOf = (principal: Principal): Actor => ({ id: principal.id, role: principal.type });

export function inspectionOrderRoutes(service: RepairOrdersService) {
  return [
    implement(createRepairOrderRoute, ({ storeId, body, principal }) => service.create(storeId, body, actorOf(principal))),
    implement(matchRepairOrderRoute, async ({ storeId, body, principal }) => (await service.match({ ...body, storeId }, actorOf(principal))).order),
    implement(listRepairOrdersRoute, async ({ storeId, query }) => {
      const { orders, total } = await service.list(storeId, query);
      return { _embedded: { inspectionOrder: orders }, page: pageInfo(query.size, total, query.page) };
    }),
    implement(countRepairOrdersRoute, async ({ storeId, query }) => ({ count: await service.count(storeId, query) })),
    implement(vehicleCountRepairOrdersRoute, async ({ storeId }) => ({ count: await service.vehicleCount(storeId) })),
    implement(getRepairOrderRoute, ({ storeId, params }) => service.get(storeId, params.inspectionOrderId)),
    implement(updateRepairOrderRoute, ({ storeId, params, body, principal }) =>
      service.update(storeId, params.inspectionOrderId, body, actorOf(principal)),
    ),
    implement(setRepairOrderStateRoute, ({ storeId, params, body, principal }) =>
      service.setState(storeId, params.inspectionOrderId, body, actorOf(principal)),
    ),
    implement(canBeFinishedRoute, ({ storeId, params }) => service.canBeFinished(storeId, params.inspectionOrderId)),
    implement(closeRepairOrderRoute, ({ storeId, params, principal }) => service.close(storeId, params.inspectionOrderId, actorOf(principal))),
    implement(finishRepairOrderRoute, ({ storeId, params, principal }) =>
      service.finish(storeId, params.inspectionOrderId, actorOf(principal)),
    ),
    implement(reopenRepairOrderRoute, ({ storeId, params, principal }) =>
      service.reopen(storeId, params.inspectionOrderId, actorOf(principal)),
    ),
    implement(startTimeTrackerRoute, ({ storeId, params, principal }) =>
      service.startTimeTracker(storeId, params.inspectionOrderId, actorOf(principal)),
    ),
    implement(pauseTimeTrackerRoute, ({ storeId, params, principal }) =>
      service.pauseTimeTracker(storeId, params.inspectionOrderId, actorOf(principal)),
    ),
    implement(primaryPictureRoute, ({ storeId, params, principal, request }) =>
      service.setPrimaryPicture(storeId, params.inspectionOrderId, actorOf(principal), request),
    ),
    implement(signOffRepairOrderRoute, ({ storeId, params, principal, request }) =>
      service.signOff(storeId, params.inspectionOrderId, actorOf(principal), request),
    ),
    implement(vehicleRepairOrdersRoute, async ({ storeId, params, query, reply }) => {
      const orders = await service.ofVehicle(storeId, params.vehicleId, query.closed);
      if (!orders) return reply.code(204).send();
      return { _embedded: { inspectionOrder: orders } };
    }),
    implement(inspectionOrderHouseholdRoute, ({ storeId, params }) => service.household(storeId, params.inspectionOrderId)),
  ];
}
