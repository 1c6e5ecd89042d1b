import {
  createAccountStoreRoute,
  createAccountUserRoute,
  getAccountRoute,
  listAccountStoresRoute,
  listAccountUsersRoute,
  sendAccountUserPasswordEmailRoute,
  setAccountUserPasswordRoute,
  setupAccountRoute,
  updateAccountUserRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { AccountsService } from './accounts.service.js';
import type { AccountSetupService } from './account-setup.service.js';
import type { AccountUsersService } from './account-users.service.js';

export function accountRoutes({ accounts, setup, users }: { accounts: AccountsService; setup: AccountSetupService; users: AccountUsersService }) {
  return [
    implement(getAccountRoute, ({ params }) => accounts.get(params.accountId)),
    implement(listAccountStoresRoute, ({ params, query }) => accounts.stores(params.accountId, query.tzOffset)),
    implement(createAccountStoreRoute, ({ params, body }) => accounts.createStore(params.accountId, body)),
    implement(setupAccountRoute, ({ principal, body }) => setup.setup(principal.id, body)),
    implement(listAccountUsersRoute, ({ params }) => users.list(params.accountId)),
    implement(createAccountUserRoute, ({ params, body }) => users.create(params.accountId, body)),
    implement(updateAccountUserRoute, ({ params, body, principal }) => users.update(params.accountId, principal, params.userId, body)),
    implement(setAccountUserPasswordRoute, ({ params, body }) => users.setPassword(params.accountId, params.userId, body.password)),
    implement(sendAccountUserPasswordEmailRoute, ({ params }) => users.sendPasswordEmail(params.accountId, params.userId)),
  ];
}
