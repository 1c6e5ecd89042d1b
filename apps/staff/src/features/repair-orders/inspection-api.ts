import type { QueryClient } from '@tanstack/react-query';
import {
  addResultPictureRoute,
  addResultVideoRoute,
  createResultRoute,
  deleteResultPictureRoute,
  deleteResultRoute,
  deleteResultVideoRoute,
  listResultsRoute,
  orderInspectionRoute,
  replaceResultPictureRoute,
  updateResultRoute,
  type InspectionResult,
  type ResultList,
  type RouteBodyInput,
} from '@servicebay/domain';
import { uploadWithProgress, type ApiClient } from '@servicebay/web-core';
import { RESULTS_TIMEOUT_MS } from './inspection-model.js';
import type { OrderRef, UploadExtras } from './repair-order-api.js';

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

/** One result of an order. */
export type ResultRef = OrderRef & { resultId: string };

export function createResult(api: ApiClient, ref: OrderRef, body: RouteBodyInput<typeof createResultRoute>) {
  return api.call(createResultRoute, { params: ref, body });
}

export function updateResult(api: ApiClient, ref: ResultRef, body: RouteBodyInput<typeof updateResultRoute>) {
  return api.call(updateResultRoute, { params: ref, body });
}

/** Removes a result, its pictures and videos with it. */
export function deleteResult(api: ApiClient, ref: ResultRef) {
  return api.call(deleteResultRoute, { params: ref });
}

/** A picture or video of a result as it is sent: the file, its name, and the text fields that go first. */
export interface ResultMediaFile {
  file: Blob;
  fileName: string;
  fields: Record<string, string>;
}

/** Adds a picture to a result (the server keeps it as the original); the answer is the result. */
export function addResultPicture(ref: ResultRef, media: ResultMediaFile, upload: UploadExtras) {
  return uploadWithProgress(addResultPictureRoute, { params: ref, ...media, ...upload });
}

/** Replaces what a result's picture shows (the edited JPEG), keeping the original. */
export function replaceResultPicture(ref: ResultRef, media: ResultMediaFile, upload: UploadExtras) {
  return uploadWithProgress(replaceResultPictureRoute, { params: ref, ...media, ...upload });
}

export function addResultVideo(ref: ResultRef, media: ResultMediaFile, upload: UploadExtras) {
  return uploadWithProgress(addResultVideoRoute, { params: ref, ...media, ...upload });
}

export function deleteResultPicture(api: ApiClient, ref: ResultRef, pictureName: string) {
  return api.call(deleteResultPictureRoute, { params: { ...ref, pictureName } });
}

export function deleteResultVideo(api: ApiClient, ref: ResultRef, videoName: string) {
  return api.call(deleteResultVideoRoute, { params: { ...ref, videoName } });
}
