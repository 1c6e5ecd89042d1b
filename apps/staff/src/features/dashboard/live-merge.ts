import {
  mergeOrderEvent,
  ZRepairOrder,
  type DashboardListQuery,
  type DashboardOrderEvent,
  type RepairOrder,
} from '@servicebay/domain';

/**
 * How the store's realtime events change the lists the dashboard holds, as pure functions over
 * the cached entries (query key and page). `orders-api.ts` reads the entries from the query cache
 * and writes back what these return (`report-status.ts` does the same for reading events); the
 * rule for one page is the domain's `mergeOrderEvent` (docs/dashboard.md "Live updates").
 */

/** One page of a list as the cache holds it (the same shape as `OrderList`). */
export interface CachedPage {
  orders: RepairOrder[];
  total: number;
}

/** A cached list: its query key `['inspectionOrders', storeId, 'list', query]` and its page, if loaded. */
export type CachedList = readonly [key: readonly unknown[], page: CachedPage | undefined];

/** A list to write back: its key and its new page. */
export type ListUpdate = [key: readonly unknown[], page: CachedPage];

/** The list query a list key was made with (its fourth part). */
export function listQueryOf(key: readonly unknown[]): DashboardListQuery {
  return key[3] as DashboardListQuery;
}

/** Reads an event's payload: an order for created/updated, {_id} for removed; null for anything else. */
export function readOrderEvent(
  type: 'created' | 'updated' | 'removed',
  payload: unknown,
): DashboardOrderEvent<RepairOrder> | null {
  if (!payload || typeof payload !== 'object') return null;
  const id = (payload as { _id?: unknown })._id;
  if (typeof id !== 'string') return null;
  if (type === 'removed') return { type, id };
  // The server's own presenter made it, but a newer server may send more: the same schema as the list reads it.
  const order = ZRepairOrder.safeParse(payload);
  return order.success ? { type, order: order.data } : null;
}

/**
 * The lists an order event changes, with their new pages: each loaded list folds the event with
 * the merge rules for the query it was loaded with (a list loaded with a search term ignores
 * it). Lists not loaded yet, and lists the event leaves as they were, are not in the answer.
 */
export function foldOrderEvent(lists: readonly CachedList[], event: DashboardOrderEvent<RepairOrder>): ListUpdate[] {
  const updates: ListUpdate[] = [];
  for (const [key, page] of lists) {
    if (!page) continue;
    const query = listQueryOf(key);
    const next = mergeOrderEvent(page, event, { query, searchActive: Boolean(query.search) });
    if (next !== page) updates.push([key, { orders: [...next.orders], total: next.total }]);
  }
  return updates;
}

/**
 * Whether the dashboard reads everything again on this connection state: on each return to
 * `connected` after the first (events sent while away are not replayed, docs/realtime.md). Gives
 * the flag to keep for the next state.
 */
export function reconnection(
  state: string,
  wasConnected: boolean,
): { refetch: boolean; wasConnected: boolean } {
  if (state !== 'connected') return { refetch: false, wasConnected };
  return { refetch: wasConnected, wasConnected: true };
}
