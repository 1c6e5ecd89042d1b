/**
 * The repair-orders module's front door. Its ports (CustomersPort, InspectionTypesPort,
 * FinishCheck) are what it needs of other modules; the composition root plugs them in, so this
 * module imports none of them.
 */
export {
  createRepairOrdersService,
  type Actor,
  type CustomersPort,
  type FinishCheck,
  type FinishRefusal,
  type InspectionTypesPort,
  type RepairOrdersDeps,
  type RepairOrdersService,
  type ReportSendingChange,
} from './repair-orders.service.js';
export type { OrderChange, OrderRow } from './repair-orders.repository.js';
export { inspectionOrderOwnerResolvers, inspectionOrderRoutes } from './repair-orders.routes.js';

import type { Db } from '../../platform/db/client.js';
import { createRepairOrdersRepository } from './repair-orders.repository.js';

/** Who runs one order of the store (advisor, technician, number), read in the caller's transaction; null for another store's order. */
export function orderPeopleIn(tx: Db, storeId: string, orderId: string) {
  return createRepairOrdersRepository(tx).people(storeId, orderId);
}
