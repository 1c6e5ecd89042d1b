import {
  createStoreUserRoute,
  getStoreRoute,
  listStoreUsersRoute,
  sendStoreUserPasswordEmailRoute,
  setStoreUserPasswordRoute,
  setStoreUserPinRoute,
  updateStoreUserRoute,
  type CreateStoreUserInput,
  type UpdateStoreUserInput,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import { storeQueryKey } from '../../session/signed-in.js';

export const storeQueryFor = (api: ApiClient, storeId: string) => ({
  // The session's own store query: a saved change shows at once in the signed-in frame too.
  queryKey: storeQueryKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getStoreRoute, { params: { storeId }, signal }),
});

/** The store's workers in the cache. */
export const storeUsersKey = (storeId: string) => ['storeUsers', storeId] as const;

export const storeUsersQuery = (api: ApiClient, storeId: string) => ({
  queryKey: storeUsersKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listStoreUsersRoute, { params: { storeId }, signal }),
});

export function createStoreUser(api: ApiClient, storeId: string, body: CreateStoreUserInput) {
  return api.call(createStoreUserRoute, { params: { storeId }, body });
}

export function updateStoreUser(api: ApiClient, storeId: string, userId: string, body: UpdateStoreUserInput) {
  return api.call(updateStoreUserRoute, { params: { storeId, userId }, body });
}

/** Sends the worker a link to choose a password; never retried, so one e-mail goes. */
export function sendStoreUserPasswordEmail(api: ApiClient, storeId: string, userId: string) {
  return api.call(sendStoreUserPasswordEmailRoute, { params: { storeId, userId }, maxRetries: 0 });
}

export function setStoreUserPassword(api: ApiClient, storeId: string, userId: string, password: string) {
  return api.call(setStoreUserPasswordRoute, { params: { storeId, userId }, body: { password } });
}

/** Sets the worker's PIN, or removes it with null. */
export function setStoreUserPin(api: ApiClient, storeId: string, userId: string, pin: string | null) {
  return api.call(setStoreUserPinRoute, { params: { storeId, userId }, body: { pin } });
}
