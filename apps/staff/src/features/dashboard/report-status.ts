import type { QueryClient } from '@tanstack/react-query';
import type { RepairOrder } from '@servicebay/domain';
import type { CachedList, ListUpdate } from './live-merge.js';
import { ordersKey, type OrderList } from './orders-api.js';

/** What the dashboard shows of an order's report (docs/reports.md): sent, being read, read. */
export type ReportStatus = 'sent' | 'reading' | 'read';

/**
 * The report's status: reading or read once the customer opened it (the report page sets it),
 * sent once it was delivered and not opened yet, nothing before.
 */
export function reportStatusOf(
  order: Pick<RepairOrder, 'report' | 'estimate' | 'states'>,
): ReportStatus | null {
  const status = order.report.status;
  if (status === 'reading' || status === 'read') return status;
  if (order.estimate.delivery === 'DELIVERED' || order.states.report === 'done') return 'sent';
  return null;
}

export interface ReadingReportEvent {
  inspectionOrderId: string;
  status: 'reading' | 'read';
  lastViewed: string | null;
}

/** Reads a `store/{storeId}/consumerReadingReport` payload; null for anything else. */
export function readReadingReport(payload: unknown): ReadingReportEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const { inspectionOrderId, status, lastViewed } = payload as Record<string, unknown>;
  if (typeof inspectionOrderId !== 'string' || (status !== 'reading' && status !== 'read')) return null;
  return { inspectionOrderId, status, lastViewed: typeof lastViewed === 'string' ? lastViewed : null };
}

/** The order with the reading status of the event; the same object when nothing changes. */
export function withReadingReport<T extends Pick<RepairOrder, '_id' | 'report'>>(
  order: T,
  event: ReadingReportEvent,
): T {
  if (order._id !== event.inspectionOrderId) return order;
  if (order.report.status === event.status && order.report.lastViewed === event.lastViewed) return order;
  return { ...order, report: { status: event.status, lastViewed: event.lastViewed } };
}

/**
 * The lists a reading event changes: the order it names takes the reading status where it stands
 * (the status is neither a sort key nor a filter of the dashboard); the rest of the page and its
 * total stay. Lists not loaded, or not showing the order, are not in the answer.
 */
export function foldReadingReport(lists: readonly CachedList[], event: ReadingReportEvent): ListUpdate[] {
  const updates: ListUpdate[] = [];
  for (const [key, page] of lists) {
    if (!page) continue;
    const orders = page.orders.map((o) => withReadingReport(o, event));
    if (orders.some((o, i) => o !== page.orders[i])) updates.push([key, { ...page, orders }]);
  }
  return updates;
}

/** Folds a reading event into every cached list and the cached order of the store, in place. */
export function applyReadingReport(queryClient: QueryClient, storeId: string, event: ReadingReportEvent) {
  const lists = queryClient.getQueriesData<OrderList>({ queryKey: [...ordersKey(storeId), 'list'] });
  for (const [key, page] of foldReadingReport(lists, event)) queryClient.setQueryData<OrderList>(key, page);
  const orderKey = [...ordersKey(storeId), 'order', event.inspectionOrderId];
  const order = queryClient.getQueryData<RepairOrder>(orderKey);
  if (order) queryClient.setQueryData(orderKey, withReadingReport(order, event));
}
