/** The estimates module's front door: the estimate of an order, drawn from its inspection. */
export {
  createEstimatesService,
  type EstimateInspectionsPort,
  type EstimateOrdersPort,
  type EstimatesDeps,
  type EstimatesService,
} from './estimates.service.js';
export { createEstimatesRepository } from './estimates.repository.js';
export { estimateOwnerResolvers, estimateRoutes } from './estimates.routes.js';
