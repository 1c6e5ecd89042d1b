import { approvalTrailRoute, getReportRoute, isLanguage, issueReportLinkRoute } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** Who saw, approved and declined what on the order's report, and when. */
export const approvalTrailQuery = (api: ApiClient, storeId: string, inspectionOrderId: string) => ({
  queryKey: ['approval-trail', inspectionOrderId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(approvalTrailRoute, { params: { storeId, inspectionOrderId }, signal }),
});

/** A new signed link to the customer's report. */
export function issueReportLink(api: ApiClient, storeId: string, inspectionOrderId: string) {
  return api.call(issueReportLinkRoute, { params: { storeId, inspectionOrderId }, body: {} });
}

/** The customer's report as the customer sees it, in the language asked for (else the one it was sent in). */
export const reportPreviewQuery = (api: ApiClient, inspectionOrderId: string, lang: string | null) => ({
  queryKey: ['report-preview', inspectionOrderId, lang] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(getReportRoute, { params: { inspectionOrderId }, query: { language: isLanguage(lang) ? lang : undefined }, signal }),
});
