import {
  errors,
  listReportLinksRoute,
  REPORT_SENDER_HEADER,
  revokeReportLinksRoute,
  sendReportRoute,
  sendReportTokenRoute,
} from '@servicebay/domain';
import type { FastifyRequest } from 'fastify';
import { implement } from '../../platform/http/registrar.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ReportLinksService } from './report-links.service.js';
import type { ReportSendingService } from './report-sending.service.js';

/**
 * A special header: X-Report-Sender names the worker sending and must be the signed-in
 * caller, so a request made under one sign-in never sends under another (docs/reports.md).
 */
function checkSender(request: FastifyRequest, principal: Principal) {
  const sender = request.headers[REPORT_SENDER_HEADER];
  if (typeof sender !== 'string' || sender.trim() === '')
    throw errors.invalid('X-Report-Sender header is mandatory');
  if (sender.trim().toLowerCase() !== principal.id.toLowerCase())
    throw errors.forbidden('X-Report-Sender does not name the signed-in user');
}

const actorOf = (principal: Principal) => ({ id: principal.id, role: principal.type });

export function reportSendingRoutes({ sending: service, links }: { sending: ReportSendingService; links: ReportLinksService }) {
  return [
    implement(sendReportTokenRoute, ({ params, principal }) =>
      service.issueToken(params.inspectionOrderId, actorOf(principal)),
    ),
    implement(sendReportRoute, ({ storeId, params, body, principal, request }) => {
      checkSender(request, principal);
      return service.send(storeId, params.inspectionOrderId, body, actorOf(principal));
    }),
    implement(listReportLinksRoute, ({ storeId, params }) =>
      service.links(storeId, params.inspectionOrderId),
    ),
    implement(revokeReportLinksRoute, async ({ storeId, params, principal }) => {
      await links.revokeAll(storeId, params.inspectionOrderId, principal.id);
      return service.links(storeId, params.inspectionOrderId);
    }),
  ];
}
