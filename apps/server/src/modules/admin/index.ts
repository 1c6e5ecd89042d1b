/** The admin module's front door: partners, accounts and stores for root and partner users. */
export { createAdminService, type AdminService } from './admin.service.js';
export { createAdminRepository } from './admin.repository.js';
export { adminRoutes } from './admin.routes.js';
