/**
 * The inspections module's front door. It works on the orders module through its own
 * RepairOrdersPort, and gives the orders module its rules (inspectionRules: the type of a new
 * order and the finish check) through the orders module's ports, wired in modules/index.ts.
 */
export {
  createInspectionsService,
  customerDecisionsIn,
  inspectionRules,
  type CustomerDecisions,
  type DecisionRow,
  type InspectionsDeps,
  type InspectionsService,
  type RepairOrdersPort,
} from './inspections.service.js';
export { DETAILED_INSPECTION_ID, MULTI_POINT_INSPECTION_ID, PRODUCT_TEMPLATES, QUICK_PHOTO_INSPECTION_ID } from './templates.js';
export { inspectionOwnerResolvers, inspectionRoutes } from './inspections.routes.js';
