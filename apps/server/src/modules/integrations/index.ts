/**
 * The integrations module's front door: shop-management systems (Protractor, and its local
 * simulator) behind one adapter interface, the ticket's work order, parts and the technicians'
 * clocks, and the systems' signed webhooks (docs/integrations.md).
 */
export { createIntegrationsService, storeWebhookSecret, webhookSignature, type IntegrationsService, type IntegrationOrdersPort } from './integrations.service.js';
export { integrationRoutes } from './integrations.routes.js';
export { createProtractorSimulator, type ProtractorSimulator } from './protractor.simulator.js';
export { createProtractorClient } from './protractor.client.js';
export type { ApprovedWork, ShopSystemAdapter } from './shop-system.js';
