import {
  createStoreUserRoute,
  errors,
  listStoreUsersRoute,
  sendStoreUserPasswordEmailRoute,
  setStoreUserPasswordRoute,
  setStoreUserPinRoute,
  updateStoreSettingsRoute,
  updateStoreUserRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';
import { createIdentityRepository } from '../identity/identity.repository.js';
import { createLimiter } from '../identity/login-limiter.js';
import { createPasswordService } from '../identity/password.service.js';
import { createStoreRepository } from './store.repository.js';
import { createStoreSettingsService } from './store-settings.service.js';
import { createStoreUsersRepository } from './store-users.repository.js';
import { createStoreUsersService } from './store-users.service.js';

/** Store users and store settings: a store's own administration (docs/administration.md). */
export function storeAdminRoutes(platform: Platform) {
  const db = platform.database.db;
  const stores = createStoreRepository(db);
  const identity = createIdentityRepository(db);
  const users = createStoreUsersService({
    repo: createStoreUsersRepository(db),
    identity,
    tokens: platform.tokens,
    // The password service's own reset e-mail; a manager sending a few links is not an attack,
    // so it counts in a limiter of its own.
    passwords: createPasswordService({
      repo: identity,
      mail: platform.mail,
      publicUrl: platform.config.publicUrl,
      logger: platform.logger,
      limiter: createLimiter({ limit: 30, windowMs: 60_000 }),
      tokens: platform.tokens,
    }),
  });
  const settings = createStoreSettingsService(stores);
  const storeOf = async (storeId: string) => {
    const store = await stores.byId(storeId);
    if (!store) throw errors.notFound();
    return store;
  };
  return [
    implement(listStoreUsersRoute, async ({ storeId }) => users.list(await storeOf(storeId))),
    implement(createStoreUserRoute, async ({ storeId, body }) => users.create(await storeOf(storeId), body)),
    implement(updateStoreUserRoute, async ({ storeId, params, body, principal }) =>
      users.update(await storeOf(storeId), principal, params.userId, body),
    ),
    implement(setStoreUserPasswordRoute, async ({ storeId, params, body }) =>
      users.setPassword(await storeOf(storeId), params.userId, body.password),
    ),
    implement(sendStoreUserPasswordEmailRoute, async ({ storeId, params }) =>
      users.sendPasswordEmail(await storeOf(storeId), params.userId),
    ),
    implement(setStoreUserPinRoute, async ({ storeId, params, body }) => users.setPin(await storeOf(storeId), params.userId, body.pin)),
    implement(updateStoreSettingsRoute, async ({ storeId, body }) => settings.update(await storeOf(storeId), body)),
  ];
}
