import type { QueryClient } from '@tanstack/react-query';
import {
  countRepairOrdersRoute,
  dashboardListParams,
  listRepairOrdersRoute,
  mergeOrderEvent,
  ZRepairOrder,
  type DashboardListQuery,
  type DashboardOrderEvent,
  type RepairOrder,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/**
 * The dashboard's reads of the repair-order routes (spec §7), and the query-cache keys the
 * live updates fold events into. Every key starts with ['inspectionOrders', storeId] so one
 * invalidation refreshes every list, counter and count of a store.
 */

/** The presented inspection order of the shared contract (spec §3). */
export type DashboardOrder = RepairOrder;

export interface OrderList {
  orders: DashboardOrder[];
  total: number;
}

export const ordersKey = (storeId: string) => ['inspectionOrders', storeId] as const;
export const listKey = (storeId: string, query: DashboardListQuery) =>
  [...ordersKey(storeId), 'list', query] as const;
export const counterKey = (storeId: string, filter: string, query: DashboardListQuery) =>
  [...ordersKey(storeId), 'counter', filter, query] as const;
export const countKey = (storeId: string, query: object) => [...ordersKey(storeId), 'count', query] as const;

export async function fetchOrderList(
  api: ApiClient,
  storeId: string,
  query: DashboardListQuery,
  signal?: AbortSignal,
): Promise<OrderList> {
  const answer = await api.call(listRepairOrdersRoute, {
    params: { storeId },
    query: dashboardListParams(query),
    signal,
  });
  return { orders: answer._embedded.inspectionOrder, total: answer.page.totalElements };
}

export async function fetchOrderCount(
  api: ApiClient,
  storeId: string,
  query: { vehicleInShop?: boolean; waiting?: boolean; search?: string },
  signal?: AbortSignal,
): Promise<number> {
  return (await api.call(countRepairOrdersRoute, { params: { storeId }, query, signal })).count;
}

/** Reads an event's payload: an order for created/updated, {_id} for removed; null for anything else. */
export function readOrderEvent(
  type: 'created' | 'updated' | 'removed',
  payload: unknown,
): DashboardOrderEvent<DashboardOrder> | null {
  if (!payload || typeof payload !== 'object') return null;
  const id = (payload as { _id?: unknown })._id;
  if (typeof id !== 'string') return null;
  if (type === 'removed') return { type, id };
  // The server's own presenter made it, but a newer server may send more: the same schema as the list reads it.
  const order = ZRepairOrder.safeParse(payload);
  return order.success ? { type, order: order.data } : null;
}

/**
 * Folds an event into every cached list of the store (spec §4 merge rules; a list loaded with a
 * search term ignores it), then has counters and counts asked again: whether an order left or
 * joined another filter's list is only known to the server.
 */
export function applyOrderEvent(
  queryClient: QueryClient,
  storeId: string,
  event: DashboardOrderEvent<DashboardOrder>,
) {
  for (const [key, data] of queryClient.getQueriesData<OrderList>({
    queryKey: [...ordersKey(storeId), 'list'],
  })) {
    if (!data) continue;
    const query = key[3] as DashboardListQuery;
    const next = mergeOrderEvent(data, event, { query, searchActive: Boolean(query.search) });
    if (next !== data)
      queryClient.setQueryData<OrderList>(key, { orders: [...next.orders], total: next.total });
  }
}

export function refreshCounts(queryClient: QueryClient, storeId: string) {
  void queryClient.invalidateQueries({ queryKey: [...ordersKey(storeId), 'counter'] });
  void queryClient.invalidateQueries({ queryKey: [...ordersKey(storeId), 'count'] });
}
