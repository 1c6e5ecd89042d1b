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
import type { Platform } from '../../platform/platform.js';
import { repairOrdersService } from '../repair-orders/repair-orders.routes.js';
import { inspectionsService } from '../inspections/inspections.routes.js';
import { customerDecisionsIn } from '../inspections/inspections.service.js';
import { createEstimatesService } from '../estimates/estimates.service.js';
import { createEstimatesRepository } from '../estimates/estimates.repository.js';
import { createReportLinksService } from './report-links.service.js';
import { createReportLinksRepository } from './report-links.repository.js';
import { createReportViewService, type RequestOrigin } from './report-view.service.js';

export function reportLinksService(platform: Platform) {
  return createReportLinksService({
    links: createReportLinksRepository(platform.database.db),
    signer: platform.reportLinkSigner,
    publicUrl: platform.config.publicUrl,
  });
}

/** The customer's report on the other features' services (docs/reports.md). */
export function reportViewService(platform: Platform) {
  return createReportViewService({
    db: platform.database.db,
    outbox: platform.outbox,
    files: platform.files,
    mail: platform.mail,
    logger: platform.logger,
    orders: repairOrdersService(platform),
    inspections: inspectionsService(platform),
    decisions: customerDecisionsIn,
    estimates: createEstimatesService({ estimates: createEstimatesRepository(platform.database.db) }),
    links: reportLinksService(platform),
  });
}

const originOf = (request: FastifyRequest): RequestOrigin => {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
};

export function reportViewRoutes(platform: Platform) {
  const service = reportViewService(platform);
  const links = reportLinksService(platform);
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
      await repairOrdersService(platform).get(storeId, params.inspectionOrderId);
      const { link, url } = await links.issue(storeId, params.inspectionOrderId, principal.id);
      return { url, linkId: link.id };
    }),
  ];
}
