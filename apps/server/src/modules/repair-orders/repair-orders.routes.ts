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
import type { Platform } from '../../platform/platform.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { fileLinker } from '../../platform/files/index.js';
import { createCustomersService } from '../customers/customers.service.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { createStoreRepository } from '../stores/store.repository.js';
import { pageInfo } from '../customers/customers.presenter.js';
import { createRepairOrdersService, type Actor, type FinishCheck } from './repair-orders.service.js';
import { inspectionRules } from '../inspections/inspections.service.js';

/** The orders service; `finishChecks` is where the inspection feature plugs its finish rules. */
export function repairOrdersService(platform: Platform, finishChecks?: readonly FinishCheck[]) {
  const link = fileLinker(platform.files);
  // The inspections feature's rules: the type of a new order, the finish check (docs/inspections.md).
  const inspections = inspectionRules();
  return createRepairOrdersService({
    db: platform.database.db,
    outbox: platform.outbox,
    link,
    // The customers feature's service, bound to the transaction the order is written in.
    customers: (db: Db) => createCustomersService(createCustomersRepository(db), createStoreRepository(db), link),
    finishChecks: finishChecks ?? [inspections.finishCheck],
    inspectionTypes: inspections.typesPort,
    files: platform.files,
    maxImageBytes: platform.config.maxImageUploadBytes,
  });
}

/** Registrar resolver: which store an inspectionOrderId of a path belongs to. */
export function inspectionOrderOwnerResolvers(platform: Platform) {
  const service = repairOrdersService(platform);
  return {
    inspectionOrderId: async (id: string): Promise<ResourceOwner | null> => {
      const storeId = await service.storeOf(id);
      return storeId ? { storeId, accountId: null } : null;
    },
  };
}

const actorOf = (principal: Principal): Actor => ({ id: principal.id, role: principal.type });

export function inspectionOrderRoutes(platform: Platform) {
  const service = repairOrdersService(platform);
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
