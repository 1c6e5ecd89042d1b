import type { QueryClient } from '@tanstack/react-query';
import type { RepairOrder } from '@servicebay/domain';
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
 * Folds a reading event into every cached list and order of the store, in place: the order keeps
 * its position (the reading status is not a sort key or a filter of the dashboard).
 */
export function applyReadingReport(queryClient: QueryClient, storeId: string, event: ReadingReportEvent) {
  for (const [key, data] of queryClient.getQueriesData<OrderList>({
    queryKey: [...ordersKey(storeId), 'list'],
  })) {
    if (!data) continue;
    const orders = data.orders.map((o) => withReadingReport(o, event));
    if (orders.some((o, i) => o !== data.orders[i]))
      queryClient.setQueryData<OrderList>(key, { ...data, orders });
  }
  const orderKey = [...ordersKey(storeId), 'order', event.inspectionOrderId];
  const order = queryClient.getQueryData<RepairOrder>(orderKey);
  if (order) queryClient.setQueryData(orderKey, withReadingReport(order, event));
}
