import type { FastifyRequest } from 'fastify';
import {
  approvalTrailRoute,
  approveReportRoute,
  dismissDeferredRoute,
  getReportRoute,
  issueReportLinkRoute,
  reportHeartbeatRoute,
  shareReportRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { RepairOrdersService } from '../repair-orders/index.js';
import type { ReportLinksService } from './report-links.service.js';
import type { ReportViewService, RequestOrigin } from './report-view.service.js';

const originOf = (request: FastifyRequest): RequestOrigin => {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
};

export function reportViewRoutes({
  view: service,
  links,
  orders,
}: {
  view: ReportViewService;
  links: Pick<ReportLinksService, 'issue'>;
  orders: Pick<RepairOrdersService, 'get'>;
}) {
  return [
    implement(getReportRoute, async ({ storeId, params, query, reportCaller, reply }) => {
      // Signed picture URLs and decisions change: never served from a cache.
      reply.header('cache-control', 'no-store');
      return service.open(storeId, params.inspectionOrderId, reportCaller!, query.language);
    }),
    implement(reportHeartbeatRoute, ({ storeId, params, reportCaller }) =>
      service.heartbeat(storeId, params.inspectionOrderId, reportCaller),
    ),
    implement(approveReportRoute, ({ storeId, params, query, body, reportCaller, request }) =>
      service.approve(
        storeId,
        params.inspectionOrderId,
        reportCaller,
        body,
        originOf(request),
        query.language,
      ),
    ),
    implement(dismissDeferredRoute, ({ storeId, params, query, reportCaller }) =>
      service.dismissDeferred(
        storeId,
        params.inspectionOrderId,
        params.resultId,
        reportCaller,
        query.language,
      ),
    ),
    implement(shareReportRoute, ({ storeId, params, body, reportCaller, request }) =>
      service.share(storeId, params.inspectionOrderId, reportCaller, body, originOf(request)),
    ),
    implement(approvalTrailRoute, ({ storeId, params }) => service.trail(storeId, params.inspectionOrderId)),
    implement(issueReportLinkRoute, async ({ storeId, params, principal }) => {
      await orders.get(storeId, params.inspectionOrderId);
      const { link, url } = await links.issue(storeId, params.inspectionOrderId, principal.id);
      return { url, linkId: link.id };
    }),
  ];
}
