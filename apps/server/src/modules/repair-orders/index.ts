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
