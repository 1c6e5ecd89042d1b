/** The development outbox's front door (mounted only with DEV_TOOLS on). */
export { createDevOutboxService, type DevOutboxService } from './dev-outbox.service.js';
export { devOutboxRoutes } from './dev-outbox.routes.js';
