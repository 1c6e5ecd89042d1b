import {
  createAccountUserRoute,
  listAccountUsersRoute,
  sendAccountUserPasswordEmailRoute,
  setAccountUserPasswordRoute,
  updateAccountUserRoute,
  type CreateAccountUserInput,
  type UpdateAccountUserInput,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** The account's users in the cache. */
export const accountUsersKey = (accountId: string) => ['accountUsers', accountId] as const;

export const accountUsersQuery = (api: ApiClient, accountId: string) => ({
  queryKey: accountUsersKey(accountId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listAccountUsersRoute, { params: { accountId }, signal }),
});

export function createAccountUser(api: ApiClient, accountId: string, body: CreateAccountUserInput) {
  return api.call(createAccountUserRoute, { params: { accountId }, body });
}

export function updateAccountUser(api: ApiClient, accountId: string, userId: string, body: UpdateAccountUserInput) {
  return api.call(updateAccountUserRoute, { params: { accountId, userId }, body });
}

/** Sends the user a link to choose a password; never retried, so one e-mail goes. */
export function sendAccountUserPasswordEmail(api: ApiClient, accountId: string, userId: string) {
  return api.call(sendAccountUserPasswordEmailRoute, { params: { accountId, userId }, maxRetries: 0 });
}

export function setAccountUserPassword(api: ApiClient, accountId: string, userId: string, password: string) {
  return api.call(setAccountUserPasswordRoute, { params: { accountId, userId }, body: { password } });
}
