import { createAccountStoreRoute, getAccountRoute, listAccountStoresRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import { createAccountsRepository } from './accounts.repository.js';
import { createAccountsService } from './accounts.service.js';

export function accountRoutes(platform: Platform) {
  const accounts = createAccountsService({ repo: createAccountsRepository(platform.database.db) });
  return [
    implement(getAccountRoute, ({ params }) => accounts.get(params.accountId)),
    implement(listAccountStoresRoute, ({ params, query }) => accounts.stores(params.accountId, query.tzOffset)),
    implement(createAccountStoreRoute, ({ params, body }) => accounts.createStore(params.accountId, body)),
  ];
}
