import { accountStoreFiguresRoute, createAccountStoreRoute, getAccountRoute, listAccountStoresRoute, type CreateStoreInput } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** The account's stores in the cache. */
export const accountStoresKey = (accountId: string) => ['accountStores', accountId] as const;

export const accountQuery = (api: ApiClient, accountId: string) => ({
  queryKey: ['account', accountId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getAccountRoute, { params: { accountId }, signal }),
});

/** The stores with their key figures; "today" is the browser's day, so the server is told its offset. */
export const accountStoresQuery = (api: ApiClient, accountId: string) => ({
  queryKey: accountStoresKey(accountId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listAccountStoresRoute, { params: { accountId }, query: { tzOffset: new Date().getTimezoneOffset() }, signal }),
});

/**
 * The day's figures of every store of the account (cars, average repair order, approval rate, open
 * tickets by stage), each store's of its own day in its own time zone (not the browser's); asked again
 * every minute while the page is open.
 */
export const accountStoreFiguresKey = (accountId: string) => ['accountStoreFigures', accountId] as const;

export const accountStoreFiguresQuery = (api: ApiClient, accountId: string) => ({
  queryKey: accountStoreFiguresKey(accountId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(accountStoreFiguresRoute, { params: { accountId }, query: {}, signal }),
  refetchInterval: 60_000,
});

export function createAccountStore(api: ApiClient, accountId: string, body: CreateStoreInput) {
  return api.call(createAccountStoreRoute, { params: { accountId }, body });
}
