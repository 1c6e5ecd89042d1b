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

/** The paths an order page leads to (router paths, under /app). */
export const orderPaths = {
  order: (storeId: string, id: string) =>
    `/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(id)}`,
  signOff: (storeId: string, id: string, query: { lang?: string; workerId?: string } = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    const base = `${orderPaths.order(storeId, id)}/signoff`;
    return search.size ? `${base}?${search}` : base;
  },
  workOrder: (storeId: string, id: string) => `${orderPaths.order(storeId, id)}/workOrder`,
  ticket: (storeId: string, id: string) =>
    `/store/${encodeURIComponent(storeId)}/ticket/${encodeURIComponent(id)}`,
  history: (vehicleId: string, id: string) =>
    `/vehicle/${encodeURIComponent(vehicleId)}/history/${encodeURIComponent(id)}`,
};
