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
import type { StoreRepository } from './store.repository.js';
import type { StoreSettingsService } from './store-settings.service.js';
import type { StoreUsersService } from './store-users.service.js';

/** Store users and store settings: a store's own administration (docs/administration.md). */
export function storeAdminRoutes({
  stores,
  users,
  settings,
}: {
  stores: StoreRepository;
  users: StoreUsersService;
  settings: StoreSettingsService;
}) {
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
