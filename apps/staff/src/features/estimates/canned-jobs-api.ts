import {
  createCannedJobRoute,
  deleteCannedJobRoute,
  listCannedJobsRoute,
  updateCannedJobRoute,
  type CannedJobInput,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** A store's canned jobs, as the estimate grid and the store settings share them in the cache. */
export const cannedJobsQueryKey = (storeId: string) => ['stores', storeId, 'cannedJobs'] as const;

export const cannedJobsQuery = (api: ApiClient, storeId: string) => ({
  queryKey: cannedJobsQueryKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listCannedJobsRoute, { params: { storeId }, signal }),
  // The list changes only in the store settings, which refresh it themselves.
  staleTime: 5 * 60_000,
});

export function createCannedJob(api: ApiClient, storeId: string, body: CannedJobInput) {
  return api.call(createCannedJobRoute, { params: { storeId }, body });
}

export function updateCannedJob(api: ApiClient, storeId: string, cannedJobId: string, body: CannedJobInput) {
  return api.call(updateCannedJobRoute, { params: { storeId, cannedJobId }, body });
}

export function deleteCannedJob(api: ApiClient, storeId: string, cannedJobId: string) {
  return api.call(deleteCannedJobRoute, { params: { storeId, cannedJobId } });
}
