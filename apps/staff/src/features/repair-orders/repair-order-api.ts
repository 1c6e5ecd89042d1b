import type { QueryClient } from '@tanstack/react-query';
import { getRepairOrderRoute, type RepairOrder } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

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
