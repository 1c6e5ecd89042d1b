/**
 * The analytics module's front door: the figures of the day of a shop's stores, defined once
 * (docs/analytics.md) for the owner's store cards and the analytics pages.
 */
export { createStoreFiguresService, type StoreFiguresService } from './store-figures.service.js';
export { createStoreFiguresRepository } from './store-figures.repository.js';
export { analyticsRoutes } from './analytics.routes.js';
