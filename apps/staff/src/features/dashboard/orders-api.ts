import type { QueryClient } from '@tanstack/react-query';
import {
  countRepairOrdersRoute,
  dashboardFilterRoute,
  dashboardListParams,
  listRepairOrdersRoute,
  listWorkersRoute,
  updateRepairOrderRoute,
  type DashboardChoices,
  type DashboardView,
  type DashboardListQuery,
  type DashboardOrderEvent,
  type RepairOrder,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import { foldOrderEvent } from './live-merge.js';

/**
 * The dashboard's reads of the repair-order routes, and the query-cache keys the
 * live updates fold events into. Every key starts with ['inspectionOrders', storeId] so one
 * invalidation refreshes every list, counter and count of a store.
 */

/** The presented inspection order of the shared contract. */
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
/** One order, as the order page caches it (the same key as the order page's own query). */
export const orderKey = (storeId: string, inspectionOrderId: string) =>
  [...ordersKey(storeId), 'order', inspectionOrderId] as const;
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

/** One list of the dashboard. */
export const orderListQuery = (api: ApiClient, storeId: string, query: DashboardListQuery) => ({
  queryKey: listKey(storeId, query),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrderList(api, storeId, query, signal),
});

/** A filter's counter: the total of its list. */
export const orderCounterQuery = (
  api: ApiClient,
  storeId: string,
  filter: string,
  query: DashboardListQuery,
) => ({
  queryKey: counterKey(storeId, filter, query),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await fetchOrderList(api, storeId, query, signal)).total,
});

export const orderCountQuery = (
  api: ApiClient,
  storeId: string,
  query: { vehicleInShop?: boolean; waiting?: boolean; search?: string },
) => ({
  queryKey: countKey(storeId, query),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrderCount(api, storeId, query, signal),
});

/** Saves the user's dashboard choices (and the advisor's view); the answer is the user record holding them. */
export function saveDashboardChoices(
  api: ApiClient,
  storeId: string,
  userId: string,
  choices: DashboardChoices,
  view?: DashboardView,
) {
  return api.call(dashboardFilterRoute, {
    params: { storeId, userId },
    body: {
      filter: choices.filter,
      sorting: choices.sorting,
      waitingFirst: choices.waitingFirst,
      myVehicles: choices.myVehicles,
      ...(view && { view }),
    },
  });
}

/** The store's workers, for the job board's technicians (the board keeps the technicians). */
export const boardWorkersQuery = (api: ApiClient, storeId: string) => ({
  queryKey: ['workers', storeId, 'board'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listWorkersRoute, {
      params: { storeId },
      query: { fields: 'firstName,lastName,username,type' },
      signal,
    }),
  staleTime: 5 * 60_000,
});

/** Gives an order to a technician (null: to nobody) through the order's update route; the answer is the order. */
export function assignOrder(
  api: ApiClient,
  storeId: string,
  inspectionOrderId: string,
  technicianId: string | null,
) {
  return api.call(updateRepairOrderRoute, { params: { storeId, inspectionOrderId }, body: { technicianId } });
}

/**
 * Folds an event into every cached list of the store (`foldOrderEvent`: the merge rules; a list
 * loaded with a search term ignores it). Counters and counts are asked again apart
 * (`refreshCounts`): whether an order left or joined another filter's list is only known to the
 * server.
 */
export function applyOrderEvent(
  queryClient: QueryClient,
  storeId: string,
  event: DashboardOrderEvent<DashboardOrder>,
) {
  const lists = queryClient.getQueriesData<OrderList>({ queryKey: [...ordersKey(storeId), 'list'] });
  for (const [key, page] of foldOrderEvent(lists, event)) queryClient.setQueryData<OrderList>(key, page);
}

export function refreshCounts(queryClient: QueryClient, storeId: string) {
  void queryClient.invalidateQueries({ queryKey: [...ordersKey(storeId), 'counter'] });
  void queryClient.invalidateQueries({ queryKey: [...ordersKey(storeId), 'count'] });
}
