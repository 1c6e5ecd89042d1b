import { createAccountStoreRoute, getAccountRoute, listAccountStoresRoute, setupAccountRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { AccountsService } from './accounts.service.js';
import type { AccountSetupService } from './account-setup.service.js';

export function accountRoutes({ accounts, setup }: { accounts: AccountsService; setup: AccountSetupService }) {
  return [
    implement(getAccountRoute, ({ params }) => accounts.get(params.accountId)),
    implement(listAccountStoresRoute, ({ params, query }) => accounts.stores(params.accountId, query.tzOffset)),
    implement(createAccountStoreRoute, ({ params, body }) => accounts.createStore(params.accountId, body)),
    implement(setupAccountRoute, ({ principal, body }) => setup.setup(principal.id, body)),
  ];
}
