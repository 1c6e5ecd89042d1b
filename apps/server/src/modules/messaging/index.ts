/** The messaging module's front door: customer texting, its webhooks, its jobs, the e-mail calls. */
export { createMessagingService, recordStaffConsent, type MessagingService, type MessagingDeps, type StaffConsent } from './messaging.service.js';
export { messagingRoutes } from './messaging.routes.js';
export { devOutboxReplyRoutes, twilioWebhookRoutes, webhookSigningKey } from './webhooks.routes.js';
export { LOCAL_GATEWAY_STEP_MS, startMessagingJobs, type MessagingJobs } from './jobs.js';
