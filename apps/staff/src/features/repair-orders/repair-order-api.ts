import type { QueryClient } from '@tanstack/react-query';
import {
  canBeFinishedRoute,
  closeRepairOrderRoute,
  createRepairOrderRoute,
  finishRepairOrderRoute,
  getRepairOrderRoute,
  getStoreRoute,
  listWorkersRoute,
  pauseTimeTrackerRoute,
  primaryPictureRoute,
  reopenRepairOrderRoute,
  startTimeTrackerRoute,
  updateRepairOrderRoute,
  type RepairOrder,
  type RouteBodyInput,
} from '@servicebay/domain';
import { uploadWithProgress, type ApiClient, type UploadOptions } from '@servicebay/web-core';

/** One order, as the order page, the sign-off page and the ticket page share it in the cache. */
export const orderQueryKey = (storeId: string, inspectionOrderId: string) =>
  ['inspectionOrders', storeId, 'order', inspectionOrderId] as const;

export const orderQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: orderQueryKey(storeId, inspectionOrderId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(getRepairOrderRoute, { params: { storeId, inspectionOrderId }, signal }),
});

/** Every answer of an order route is the whole order: it replaces the cached one. */
export function storeOrder(queryClient: QueryClient, order: RepairOrder) {
  queryClient.setQueryData(orderQueryKey(order.storeId, order._id), order);
}

/** The order a route acts on. */
export type OrderRef = { storeId: string; inspectionOrderId: string };

/** The order being edited on the ticket page: its own cache entry, read afresh each time the page opens. */
export const ticketOrderQuery = (api: ApiClient, storeId: string, inspectionOrderId: string | undefined) => ({
  queryKey: ['inspectionOrder', storeId, inspectionOrderId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(getRepairOrderRoute, { params: { storeId, inspectionOrderId: inspectionOrderId! }, signal }),
});

/** The store, for the ticket's save rules. */
export const ticketStoreQuery = (api: ApiClient, storeId: string) => ({
  queryKey: ['store', storeId],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getStoreRoute, { params: { storeId }, signal }),
});

/** The store's workers for the ticket's advisor and technician selects. */
export const ticketWorkersQuery = (api: ApiClient, storeId: string) => ({
  queryKey: ['workers', storeId, 'ticket'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listWorkersRoute, { params: { storeId }, query: { fields: 'firstName,lastName,username,type' }, signal }),
});

export function createRepairOrder(api: ApiClient, storeId: string, body: RouteBodyInput<typeof createRepairOrderRoute>) {
  return api.call(createRepairOrderRoute, { params: { storeId }, body });
}

export function updateRepairOrder(api: ApiClient, ref: OrderRef, body: RouteBodyInput<typeof updateRepairOrderRoute>) {
  return api.call(updateRepairOrderRoute, { params: ref, body });
}

export function reopenRepairOrder(api: ApiClient, ref: OrderRef) {
  return api.call(reopenRepairOrderRoute, { params: ref });
}

export function closeRepairOrder(api: ApiClient, ref: OrderRef) {
  return api.call(closeRepairOrderRoute, { params: ref });
}

/** Whether the server lets the order be finished now, and why not. */
export function canBeFinished(api: ApiClient, ref: OrderRef) {
  return api.call(canBeFinishedRoute, { params: ref });
}

export function finishRepairOrder(api: ApiClient, ref: OrderRef) {
  return api.call(finishRepairOrderRoute, { params: ref });
}

export function startTimeTracker(api: ApiClient, ref: OrderRef) {
  return api.call(startTimeTrackerRoute, { params: ref });
}

/** Pauses the time tracker; `keepalive` lets the request outlive a closing tab. */
export function pauseTimeTracker(api: ApiClient, ref: OrderRef, options: { keepalive?: boolean; maxRetries?: number } = {}) {
  return api.call(pauseTimeTrackerRoute, { params: ref, ...options });
}

/** What an upload adds of its own: the token, the progress, the abort signal. */
export type UploadExtras = Pick<UploadOptions, 'getToken' | 'onProgress' | 'signal'>;

/** Replaces the order's primary picture (`POST .../primaryPicture`); the answer is the whole order. */
export function uploadPrimaryPicture(ref: OrderRef, file: File, upload: UploadExtras) {
  return uploadWithProgress(primaryPictureRoute, {
    params: ref,
    file,
    fields: { fileName: file.name },
    ...upload,
  });
}
