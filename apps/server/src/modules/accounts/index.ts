/** The accounts module's front door: an account, its stores, its users and the setup wizard. */
export { createAccountsService, type AccountsService } from './accounts.service.js';
export { createAccountsRepository } from './accounts.repository.js';
export { createAccountSetupService, type AccountSetupService } from './account-setup.service.js';
export { createAccountSetupRepository } from './account-setup.repository.js';
export { createAccountUsersService, type AccountUsersService } from './account-users.service.js';
export { accountRoutes } from './accounts.routes.js';
