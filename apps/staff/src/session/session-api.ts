import {
  adminPinLoginRoute,
  getStoreRoute,
  getUserRoute,
  listWorkersRoute,
  loginRoute,
  loginStrategyRoute,
  logoutRoute,
  meteorTokenRoute,
  passwordResetEmailRoute,
  passwordResetRoute,
  workerLoginRoute,
  type Language,
  type RouteBodyInput,
  type Store,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import { storeQueryKey, userQueryKey } from './signed-in.js';

export function fetchUser(api: ApiClient, userRef: string, signal?: AbortSignal) {
  return api.call(getUserRoute, { params: { userRef }, signal });
}

export function fetchStore(api: ApiClient, storeId: string, signal?: AbortSignal) {
  return api.call(getStoreRoute, { params: { storeId }, signal });
}

export const userQuery = (api: ApiClient, userId: string) => ({
  queryKey: userQueryKey(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUser(api, userId, signal),
  staleTime: 5 * 60_000,
});

export const storeQuery = (api: ApiClient, storeId: string | null) => ({
  queryKey: storeQueryKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<Store | null> =>
    storeId ? fetchStore(api, storeId, signal) : Promise.resolve(null),
  staleTime: 5 * 60_000,
});

/** Own login or single sign-on, for a user name. */
export const loginStrategyQuery = (api: ApiClient, username: string) => ({
  queryKey: ['loginStrategy', username],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(loginStrategyRoute, { body: { username }, signal, maxRetries: 0 }),
});

/** Never replayed on its own: a retried wrong password would count twice towards the lockout. */
export function passwordLogin(api: ApiClient, body: { username: string; password: string }) {
  return api.call(loginRoute, { body, maxRetries: 0 });
}

/** Password-reset e-mails are never retried. */
export function sendPasswordResetEmail(api: ApiClient, username: string, language: Language | undefined) {
  return api.call(passwordResetEmailRoute, { body: { username, language }, maxRetries: 0 });
}

/** Who a password-reset link belongs to (400 or 404: a wrong, used or expired link). */
export const resetTokenQuery = (api: ApiClient, token: string) => ({
  queryKey: ['resetToken', token],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(meteorTokenRoute, { params: { token }, signal }),
});

export function resetPassword(api: ApiClient, token: string, password: string) {
  return api.call(passwordResetRoute, { body: { token, password } });
}

/** Whether an admin PIN may be sent: the route's own schema (4 to 8 digits). */
export function isAdminPin(adminPIN: string, storeId: string | null): boolean {
  return adminPinLoginRoute.body?.safeParse({ adminPIN, storeId }).success ?? false;
}

/** Checks the store's admin PIN; never retried. */
export function adminPinLogin(api: ApiClient, adminPIN: string, storeId: string) {
  return api.call(adminPinLoginRoute, { body: { adminPIN, storeId }, maxRetries: 0 });
}

/**
 * Checks a user's password by logging in again; the extra sign-in it opens is closed at once
 * (a failed close is let go).
 */
export async function confirmPassword(api: ApiClient, username: string, password: string) {
  const pair = await passwordLogin(api, { username, password });
  void api.call(logoutRoute, { body: { refreshToken: pair.refreshToken } }).catch(() => undefined);
}

/** The store's workers to choose from on the shared tablet. */
export const storeWorkersQuery = (api: ApiClient, storeId: string | null) => ({
  queryKey: ['workers', storeId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listWorkersRoute, {
      params: { storeId: storeId! },
      query: { fields: 'username,firstName,lastName,type,title' },
      signal,
    }),
});

export type WorkerLoginBody = RouteBodyInput<typeof workerLoginRoute>;

/** Whether a worker's password or PIN may be sent: the route's own schema (a PIN is 4 to 8 digits, a password anything but empty). */
export function isWorkerLoginBody(body: WorkerLoginBody): boolean {
  return workerLoginRoute.body?.safeParse(body).success ?? false;
}

/** Never replayed on its own: a retried wrong password would count twice towards the lockout. */
export function workerLogin(api: ApiClient, storeId: string, userId: string, body: WorkerLoginBody) {
  return api.call(workerLoginRoute, { params: { storeId, userId }, body, maxRetries: 0 });
}
