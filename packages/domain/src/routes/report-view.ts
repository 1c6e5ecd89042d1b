import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import {
  ZDeferredDismissalRequest,
  ZReportApprovalRequest,
  ZReportApprovalTrail,
  ZReportHeartbeat,
  ZReportLinkAnswer,
  ZReportQuery,
  ZReportTokenQuery,
  ZReportView,
  ZShareReportRequest,
} from '../reports/report-view.js';
import { ORDER_READ_ROLES, ORDER_WRITE_ROLES } from '../repair-orders/order-roles.js';

/**
 * The customer's report (docs/reports.md): `/v2/api/report/{inspectionOrderId}...`, reached with
 * the report link's token (`t` or the X-Report-Token header), as the order's customer signed in to
 * the portal, or, for the read-only preview, as the store's staff. What only the customer does
 * (approve, dismiss, share, the reading heartbeat) lists no staff role: staff get 403 there.
 */

const reportParams = z.strictObject({ inspectionOrderId: ZId });
const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });

export const getReportRoute = defineRoute({
  id: 'reports.view',
  method: 'GET',
  path: '/v2/api/report/:inspectionOrderId',
  summary:
    "The customer's report: shop, vehicle, counts, every result with its texts in the report's language, pictures, videos, the estimate's prices and the customer's decisions. Opening it as the customer marks the report as being read.",
  tag: 'reports',
  access: access.report(ORDER_READ_ROLES),
  params: reportParams,
  query: ZReportQuery,
  response: ZReportView,
});

export const reportHeartbeatRoute = defineRoute({
  id: 'reports.heartbeat',
  method: 'POST',
  path: '/v2/api/report/:inspectionOrderId/view',
  summary:
    'The open report page is still being read (sent while it is visible); the report turns read 5000 ms after the last one.',
  tag: 'reports',
  access: access.report([]),
  params: reportParams,
  query: ZReportTokenQuery,
  body: z.object({}).optional(),
  response: ZReportHeartbeat,
});

export const approveReportRoute = defineRoute({
  id: 'reports.approve',
  method: 'POST',
  path: '/v2/api/report/:inspectionOrderId/approval',
  summary:
    'The customer approves or declines recommended items, with a name and a drawn signature; kept in the append-only audit trail. An item decided before, or a closed order, answers 409 and nothing is written.',
  tag: 'reports',
  access: access.report([]),
  params: reportParams,
  query: ZReportQuery,
  body: ZReportApprovalRequest,
  response: ZReportView,
  status: 201,
});

export const dismissDeferredRoute = defineRoute({
  id: 'reports.dismissDeferred',
  method: 'PUT',
  path: '/v2/api/report/:inspectionOrderId/result/:resultId/deferred',
  summary:
    'The customer dismisses a declined (deferred) item: deferredIgnoredByCustomer true. Only declined items (409 otherwise).',
  tag: 'reports',
  access: access.report([]),
  params: reportParams.extend({ resultId: ZId }),
  query: ZReportQuery,
  body: ZDeferredDismissalRequest,
  response: ZReportView,
});

export const shareReportRoute = defineRoute({
  id: 'reports.share',
  method: 'POST',
  path: '/v2/api/report/:inspectionOrderId/share',
  summary:
    "The customer shares the report by e-mail (to, subject and body required: 'Please complete all fields'). Rate-limited.",
  tag: 'reports',
  access: access.report([]),
  params: reportParams,
  query: ZReportTokenQuery,
  body: ZShareReportRequest,
  response: z.object({ sent: z.literal(true) }),
});

export const approvalTrailRoute = defineRoute({
  id: 'reports.approvalTrail',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/approval',
  summary:
    "The order's approval audit trail, oldest first: decisions, estimate version and totals, signer, signature picture, when and from where.",
  tag: 'reports',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZReportApprovalTrail,
});

export const issueReportLinkRoute = defineRoute({
  id: 'reports.issueLink',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/reportLink',
  summary:
    "A new link to the customer's report (to copy, or for the report dialog to send); the shop revokes links with the order's revoke.",
  tag: 'reports',
  carriesSecrets: true,
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  body: z.object({}).optional(),
  response: ZReportLinkAnswer,
  status: 201,
});

export const reportViewRoutes = [
  getReportRoute,
  reportHeartbeatRoute,
  approveReportRoute,
  dismissDeferredRoute,
  shareReportRoute,
  approvalTrailRoute,
  issueReportLinkRoute,
] as const;
