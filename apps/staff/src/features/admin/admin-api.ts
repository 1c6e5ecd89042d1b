import { keepPreviousData } from '@tanstack/react-query';
import {
  adminAccountsRoute,
  adminPartnersRoute,
  adminStoresRoute,
  devOutboxRoute,
  hijackRoute,
  type GrantableRole,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** The admin lists' page size. */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminListFilter {
  partnerId?: string;
  accountId?: string;
}

/** The list query of the admin page: one search term, a 1-based page; the previous page shows while the next loads. */
const listQuery = (search: string, page: number) => ({ search: search || undefined, page: page - 1, size: ADMIN_PAGE_SIZE });

export const adminStoresQuery = (api: ApiClient, search: string, page: number, filter: AdminListFilter) => ({
  queryKey: ['admin', 'store', search, page, filter] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(adminStoresRoute, { query: { ...listQuery(search, page), ...filter }, signal }),
  placeholderData: keepPreviousData,
});

export const adminAccountsQuery = (api: ApiClient, search: string, page: number, filter: AdminListFilter) => ({
  queryKey: ['admin', 'account', search, page, filter] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(adminAccountsRoute, {
      query: { ...listQuery(search, page), ...(filter.partnerId && { partnerId: filter.partnerId }) },
      signal,
    }),
  placeholderData: keepPreviousData,
});

export const adminPartnersQuery = (api: ApiClient, search: string, page: number) => ({
  queryKey: ['admin', 'partner', search, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(adminPartnersRoute, { query: listQuery(search, page), signal }),
  placeholderData: keepPreviousData,
});

/**
 * Whether the server has a development outbox: it answers root alone, and 404 with DEV_TOOLS off
 * (always so with NODE_ENV=production).
 */
export const devOutboxAvailableQuery = (api: ApiClient, enabled: boolean) => ({
  queryKey: ['devOutbox', 'available'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    await api.call(devOutboxRoute, { query: { page: 0, size: 1 }, signal, maxRetries: 0 });
    return true;
  },
  enabled,
});

/** Logs in as the store (its shared Store account) or as a role of it; never retried. */
export function hijackStore(api: ApiClient, storeId: string, as: { asStore: true } | { role: GrantableRole }) {
  return api.call(hijackRoute, { body: { storeId, hijack: true, ...as }, maxRetries: 0 });
}
