import { createAccountStoreRoute, getAccountRoute, listAccountStoresRoute, setupAccountRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import { createIdentityRepository } from '../identity/identity.repository.js';
import { createLimiter } from '../identity/login-limiter.js';
import { createPasswordService } from '../identity/password.service.js';
import { createAccountsRepository } from './accounts.repository.js';
import { createAccountsService } from './accounts.service.js';
import { createAccountSetupRepository } from './account-setup.repository.js';
import { createAccountSetupService } from './account-setup.service.js';

export function accountRoutes(platform: Platform) {
  const db = platform.database.db;
  const accounts = createAccountsService({ repo: createAccountsRepository(db) });
  const identity = createIdentityRepository(db);
  const setup = createAccountSetupService({
    repo: createAccountSetupRepository(db),
    identity,
    logger: platform.logger,
    // The password service's own reset e-mail, one per first worker: a limiter of its own, sized
    // for a full wizard.
    passwords: createPasswordService({
      repo: identity,
      mail: platform.mail,
      publicUrl: platform.config.publicUrl,
      logger: platform.logger,
      limiter: createLimiter({ limit: 30, windowMs: 60_000 }),
      tokens: platform.tokens,
    }),
  });
  return [
    implement(getAccountRoute, ({ params }) => accounts.get(params.accountId)),
    implement(listAccountStoresRoute, ({ params, query }) => accounts.stores(params.accountId, query.tzOffset)),
    implement(createAccountStoreRoute, ({ params, body }) => accounts.createStore(params.accountId, body)),
    implement(setupAccountRoute, ({ principal, body }) => setup.setup(principal.id, body)),
  ];
}
