import { isGrantableRole, type StoreUser, type ZCreateStoreUser, type ZUpdateStoreUser } from '@servicebay/domain';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.js';
import { presentUser, type StoreRow, type UserRow } from '../identity/index.js';
import type { StaffUsersService, UsersPage } from './staff-users.service.js';

type CreateBody = z.output<typeof ZCreateStoreUser>;
type UpdateBody = z.output<typeof ZUpdateStoreUser>;

/** A user as the store and account users pages show it (an account-level user has no store). */
export function presentStoreUser(user: UserRow, store: StoreRow | null): StoreUser {
  return { ...presentUser(user, store), active: user.active };
}

/** The store users page's users: the store's workers, given the store-level roles. */
function storePage(store: StoreRow): UsersPage {
  return {
    scope: { storeId: store.id },
    placement: { storeId: store.id, accountId: store.accountId, partnerId: store.partnerId },
    grantable: isGrantableRole,
    noun: 'worker',
    place: 'this store',
    mailKey: `store-users:${store.id}`,
  };
}

/**
 * The store users page (docs/administration.md): a store's workers managed by its owners and
 * managers. Every lookup is inside the store: a worker of another store is not found.
 */
export function createStoreUsersService(users: StaffUsersService) {
  return {
    async list(store: StoreRow): Promise<StoreUser[]> {
      return (await users.list(storePage(store))).map((u) => presentStoreUser(u, store));
    },
    async create(store: StoreRow, body: CreateBody): Promise<StoreUser> {
      return presentStoreUser(await users.create(storePage(store), body), store);
    },
    async update(store: StoreRow, caller: Principal, userId: string, body: UpdateBody): Promise<StoreUser> {
      return presentStoreUser(await users.update(storePage(store), caller, userId, body), store);
    },
    setPassword: (store: StoreRow, userId: string, password: string) => users.setPassword(storePage(store), userId, password),
    sendPasswordEmail: (store: StoreRow, userId: string) => users.sendPasswordEmail(storePage(store), userId),
    setPin: (store: StoreRow, userId: string, pin: string | null) => users.setPin(storePage(store), userId, pin),
  };
}

export type StoreUsersService = ReturnType<typeof createStoreUsersService>;
