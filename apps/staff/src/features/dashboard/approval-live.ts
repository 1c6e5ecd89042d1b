import type { QueryClient } from '@tanstack/react-query';
import {
  formatMoney,
  mergeOrderEvent,
  ZReportApprovedEvent,
  type RepairOrder,
  type ReportApprovedEvent,
} from '@servicebay/domain';
import { listQueryOf, type CachedList, type ListUpdate } from './live-merge.js';
import { orderKey, ordersKey, type OrderList } from './orders-api.js';

/**
 * A customer's signed decisions, live (`store/{storeId}/reportApproved`, docs/realtime.md): the
 * approval step moves on every cached list and order of the store at once, and the store's users
 * get a notice. The order's own update event follows with the whole order; this one does not wait
 * for it, and either may come twice (at-least-once delivery): folding is idempotent.
 */

/** Reads a `reportApproved` payload; null for anything else. */
export function readReportApproved(payload: unknown): ReportApprovedEvent | null {
  const event = ZReportApprovedEvent.safeParse(payload);
  return event.success ? event.data : null;
}

/** The order with the approval step of the event; the same object when it names another order or changes nothing. */
export function withApproval<T extends Pick<RepairOrder, '_id' | 'states'>>(
  order: T,
  event: ReportApprovedEvent,
): T {
  if (order._id !== event.inspectionOrderId || !event.approval) return order;
  if (order.states.approval === event.approval) return order;
  return { ...order, states: { ...order.states, approval: event.approval } };
}

/**
 * The lists an approval changes: each list showing the order takes the new approval step with the
 * merge rules of its query, so a done approval leaves "awaiting approval" (total lowered) and
 * stays in place elsewhere; a list loaded with a search term keeps the order where it is (the
 * term still matches it). Lists not showing the order are left to the order's update event.
 */
export function foldReportApproved(lists: readonly CachedList[], event: ReportApprovedEvent): ListUpdate[] {
  const updates: ListUpdate[] = [];
  for (const [key, page] of lists) {
    const shown = page?.orders.find((o) => o._id === event.inspectionOrderId);
    if (!page || !shown) continue;
    const next = withApproval(shown, event);
    if (next === shown) continue;
    const query = listQueryOf(key);
    if (query.search) {
      updates.push([key, { ...page, orders: page.orders.map((o) => (o === shown ? next : o)) }]);
      continue;
    }
    const merged = mergeOrderEvent(page, { type: 'updated', order: next }, { query, searchActive: false });
    updates.push([key, { orders: [...merged.orders], total: merged.total }]);
  }
  return updates;
}

/** Folds an approval into every cached list and the cached order of the store. */
export function applyReportApproved(queryClient: QueryClient, storeId: string, event: ReportApprovedEvent) {
  const lists = queryClient.getQueriesData<OrderList>({ queryKey: [...ordersKey(storeId), 'list'] });
  for (const [key, page] of foldReportApproved(lists, event)) queryClient.setQueryData<OrderList>(key, page);
  const key = orderKey(storeId, event.inspectionOrderId);
  const order = queryClient.getQueryData<RepairOrder>(key);
  if (order) queryClient.setQueryData(key, withApproval(order, event));
}

/**
 * The order's caches an approval makes stale beside the order itself: its results (the
 * decisions), its estimate (the approved total) and the approval trail (the new signature). They
 * are read again if shown; the order and the lists take the event directly.
 */
export function staleAfterApproval(
  storeId: string,
  inspectionOrderId: string,
): ReadonlyArray<readonly unknown[]> {
  return [
    [...orderKey(storeId, inspectionOrderId), 'results'],
    [...ordersKey(storeId), 'estimate', inspectionOrderId],
    ['approval-trail', inspectionOrderId],
  ];
}

/** What the notice says, as a catalog key of `dashboard:approvalNotice` and its values. */
export interface ApprovalNoticeText {
  key: 'approvedDeclined' | 'approved' | 'declined';
  values: { name: string; count: number; declined: number };
  /** The approved total in the user's language ("$126.47", "126,47 $"); null when nothing was approved or nothing was priced. */
  total: string | null;
}

/**
 * The notice's sentence: "Jane Doe approved 2 items and declined 1", "… approved 2 items",
 * "… declined 3 items", with the approved total (taxes included, in the estimate's currency,
 * formatted for the language) when something was approved on a priced estimate.
 */
export function approvalNoticeText(event: ReportApprovedEvent, language: string): ApprovalNoticeText {
  const name = event.signerName.trim();
  const key = event.approved > 0 ? (event.declined > 0 ? 'approvedDeclined' : 'approved') : 'declined';
  const count = key === 'declined' ? event.declined : event.approved;
  const total =
    event.approved > 0 && event.approvedTotal !== null && event.currency
      ? formatMoney(event.approvedTotal, event.currency, language)
      : null;
  return { key, values: { name, count, declined: event.declined }, total };
}

/**
 * One notice per signing: the same event delivered twice (at-least-once) is told once. Keeps the
 * last `limit` keys.
 */
export function noticeOnce(
  seen: string[],
  event: ReportApprovedEvent,
  limit = 50,
): { show: boolean; seen: string[] } {
  const key = `${event.inspectionOrderId}@${event.at}`;
  if (seen.includes(key)) return { show: false, seen };
  return { show: true, seen: [...seen, key].slice(-limit) };
}
