import {
  getCustomerRoute,
  listReportLinksRoute,
  REPORT_SEND_ROLES,
  REPORT_SENDER_HEADER,
  revokeReportLinksRoute,
  sendReportRoute,
  sendReportTokenRoute,
  type Role,
  type SendReportInput,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** The order's report links in the cache; under the store's orders key, so a reconnection refreshes them. */
export const reportLinksKey = (storeId: string, inspectionOrderId: string) =>
  ['inspectionOrders', storeId, 'reportLinks', inspectionOrderId] as const;

export const reportLinksQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: reportLinksKey(storeId, inspectionOrderId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(listReportLinksRoute, { params: { storeId, inspectionOrderId }, signal }),
});

export const customerQuery = (api: ApiClient, storeId: string, customerId: string) => ({
  queryKey: ['customers', storeId, customerId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(getCustomerRoute, { params: { storeId, customerId }, signal }),
});

/** Who may send reports and revoke links (the route table's rule, to draw only buttons that work). */
export const maySendReports = (role: string) =>
  (REPORT_SEND_ROLES as readonly string[]).includes(role as Role);

export function fetchSendToken(api: ApiClient, storeId: string, inspectionOrderId: string) {
  return api.call(sendReportTokenRoute, { params: { storeId, inspectionOrderId } });
}

/**
 * Sends with the sender header (the signed-in worker) and no automatic retry: a retry after a
 * provider failure is the advisor's choice, with the same token so nothing goes twice.
 */
export function sendReport(api: ApiClient, userId: string, body: SendReportInput) {
  return api.call(sendReportRoute, {
    params: { storeId: body.storeId, inspectionOrderId: body.inspectionOrderId },
    body,
    headers: { [REPORT_SENDER_HEADER]: userId },
    maxRetries: 0,
  });
}

export function revokeReportLinks(api: ApiClient, storeId: string, inspectionOrderId: string) {
  return api.call(revokeReportLinksRoute, { params: { storeId, inspectionOrderId } });
}
