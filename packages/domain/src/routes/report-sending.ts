import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import type { Role } from '../roles.js';
import {
  ZReportLinkList,
  ZSendReportRequest,
  ZSendReportResponse,
  ZSendReportToken,
} from '../reports/send-report.js';

/**
 * Who sends reports and manages report links: advisors, managers, owners, admins and root. Not
 * technicians, the shared store login, analytics viewers or payment managers.
 */
export const REPORT_SEND_ROLES: readonly Role[] = [
  'ServiceAdvisor',
  'ServiceWriter',
  'StoreManager',
  'ServiceManager',
  'GeneralManager',
  'owner',
  'admin',
  'root',
];

const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });

export const sendReportTokenRoute = defineRoute({
  id: 'reports.sendToken',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/sendReport/token',
  summary:
    'A one-time send token for the report dialog, asked when it opens: bound to the order and the signed-in worker, valid 12 hours. A sendReport with a token sends each recipient at most once, so a double click or a replay never sends twice.',
  tag: 'reports',
  carriesSecrets: true,
  access: access.store(REPORT_SEND_ROLES),
  params: orderParams,
  response: ZSendReportToken,
  status: 201,
});

export const sendReportRoute = defineRoute({
  id: 'reports.send',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/sendReport',
  summary:
    'Sends the report (or the repair-complete notice) with a new report link: by e-mail, and by text when the customer has permissionToText. The X-Report-Sender header must name the signed-in worker (403 otherwise). Recipients already sent with the same token are not sent again. REPORT_NO_RECIPIENT (409) without any e-mail or phone; SMS_NOT_PERMITTED (409) when only a text was asked and the customer has not allowed texts; a provider failure answers 502 (SMS_NOT_SENT for a text, SERVICE_UNAVAILABLE for an e-mail) and may be retried with the same token.',
  tag: 'reports',
  carriesSecrets: true,
  access: access.store(REPORT_SEND_ROLES),
  params: orderParams,
  body: ZSendReportRequest,
  response: ZSendReportResponse,
});

export const listReportLinksRoute = defineRoute({
  id: 'reports.links',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/reportLink',
  summary:
    "The order's report links, newest first (created, by whom, revoked, last opened), and its deliveries.",
  tag: 'reports',
  access: access.store(REPORT_SEND_ROLES),
  params: orderParams,
  response: ZReportLinkList,
});

export const revokeReportLinksRoute = defineRoute({
  id: 'reports.revokeLinks',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/reportLink/revoke',
  summary:
    "Revokes every active report link of the order: they answer 404 from then on. Answers the order's links.",
  tag: 'reports',
  access: access.store(REPORT_SEND_ROLES),
  params: orderParams,
  response: ZReportLinkList,
});

export const reportSendingRoutes = [
  sendReportTokenRoute,
  sendReportRoute,
  listReportLinksRoute,
  revokeReportLinksRoute,
] as const;
