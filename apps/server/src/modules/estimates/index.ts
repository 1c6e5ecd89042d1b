/** The estimates module's front door: the estimate of an order, drawn from its inspection; the store's canned jobs. */
export {
  createEstimatesService,
  type EstimateInspectionsPort,
  type EstimateOrdersPort,
  type EstimatesDeps,
  type EstimatesService,
} from './estimates.service.js';
export { createEstimatesRepository } from './estimates.repository.js';
export { estimateOwnerResolvers, estimateRoutes } from './estimates.routes.js';
export { createCannedJobsService, type CannedJobsService } from './canned-jobs.service.js';
export { createCannedJobsRepository } from './canned-jobs.repository.js';
export { cannedJobOwnerResolvers, cannedJobRoutes } from './canned-jobs.routes.js';
