/** The stores module's front door: a store, its workers and its own administration. */
export { createStoreRepository, type StoreRepository } from './store.repository.js';
export { createStoreSettingsService, type StoreSettingsService } from './store-settings.service.js';
export { createStoreUsersService, presentStoreUser, type StoreUsersService } from './store-users.service.js';
export { createStaffUsersService, type StaffUsersService, type UsersPage } from './staff-users.service.js';
export { createStaffUsersRepository } from './staff-users.repository.js';
export { presentStore } from './store.presenter.js';
export { storeRoutes } from './store.routes.js';
export { storeAdminRoutes } from './store-admin.routes.js';
