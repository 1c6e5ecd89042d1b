import type { QueryClient } from '@tanstack/react-query';
import {
  listResultsRoute,
  orderInspectionRoute,
  type InspectionResult,
  type ResultList,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import { RESULTS_TIMEOUT_MS } from './inspection-model.js';

/** The order's inspection type (its own, or the store's default). */
export const inspectionTypeQueryKey = (storeId: string, inspectionOrderId: string) =>
  ['inspectionOrders', storeId, 'order', inspectionOrderId, 'inspection'] as const;

export const inspectionTypeQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: inspectionTypeQueryKey(storeId, inspectionOrderId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(orderInspectionRoute, { params: { storeId, inspectionOrderId }, signal }),
  staleTime: 5 * 60_000,
});

export const resultsQueryKey = (storeId: string, inspectionOrderId: string) =>
  ['inspectionOrders', storeId, 'order', inspectionOrderId, 'results'] as const;

/**
 * The order's results and the vehicle's previous measurements: 20000 ms per attempt, and
 * one retry (a time-out, no connection or a 502/503/504) with the same time-out.
 */
export const resultsQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: resultsQueryKey(storeId, inspectionOrderId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listResultsRoute, {
      params: { storeId, inspectionOrderId },
      query: {},
      signal,
      timeoutMs: RESULTS_TIMEOUT_MS,
      maxRetries: 1,
    }),
  retry: false,
  staleTime: 30_000,
});

/** Replaces (or adds) one result in the cached list; the others keep their identity, so their rows do not render again. */
export function updateCachedResult(
  queryClient: QueryClient,
  storeId: string,
  inspectionOrderId: string,
  id: string,
  update: (current: InspectionResult | null) => InspectionResult | null,
) {
  queryClient.setQueryData<ResultList>(resultsQueryKey(storeId, inspectionOrderId), (list) => {
    if (!list) return list;
    const index = list.results.findIndex((r) => r._id === id);
    const current = index === -1 ? null : list.results[index]!;
    const next = update(current);
    if (next === current) return list;
    const results = [...list.results];
    if (index === -1) {
      if (next) results.push(next);
    } else if (next) results[index] = next;
    else results.splice(index, 1);
    return { ...list, results, grouped: undefined };
  });
}

export function cachedResults(
  queryClient: QueryClient,
  storeId: string,
  inspectionOrderId: string,
): readonly InspectionResult[] {
  return queryClient.getQueryData<ResultList>(resultsQueryKey(storeId, inspectionOrderId))?.results ?? [];
}
