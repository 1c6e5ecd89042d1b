import type { Language, ReportApprovalRequest, ReportView, ShareReportRequest } from '@servicebay/domain';
import { fileLinker } from '../../platform/files/index.js';
import type { ReportCaller } from '../../platform/http/registrar.js';
import { createLimiter } from '../identity/index.js';
import { createReportViewRepository } from './report-view.repository.js';
import { customerOf, markReading, type ReportViewContext, type ReportViewDeps, type RequestOrigin } from './report-view/context.js';
import { view } from './report-view/view.js';
import { approve, dismissDeferred } from './report-view/decisions.js';
import { share, SHARES_PER_ADDRESS_PER_HOUR, SHARES_PER_ORDER_PER_HOUR } from './report-view/share.js';
import { trail } from './report-view/trail.js';

export type { ReportViewDeps, RequestOrigin } from './report-view/context.js';

/** How recent a view must be for another one to write nothing (report-view.repository.ts, markReading). */
const READING_WRITE_INTERVAL_MS = 1000;
export { SHARES_PER_ADDRESS_PER_HOUR, SHARES_PER_ORDER_PER_HOUR } from './report-view/share.js';
export { announceReading } from './report-view/reading.js';

/**
 * The customer's report page (docs/reports.md), one file per use case in report-view/: the view
 * and its reading (view.ts, context.ts), the signed decisions (decisions.ts), sharing (share.ts)
 * and the shop's approval trail (trail.ts). This factory assembles them on one context.
 */
export function createReportViewService(deps: ReportViewDeps) {
  const ctx: ReportViewContext = {
    deps,
    now: deps.now ?? (() => new Date()),
    repo: createReportViewRepository(deps.db),
    link: fileLinker(deps.files),
  };
  const limits = {
    perOrder: createLimiter({ limit: SHARES_PER_ORDER_PER_HOUR, windowMs: 3_600_000 }),
    perAddress: createLimiter({ limit: SHARES_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 }),
  };

  return {
    /** The report; opened by the customer (not a staff preview), it is being read from now on. */
    async open(storeId: string, inspectionOrderId: string, caller: ReportCaller, language?: Language): Promise<ReportView> {
      const order = await deps.orders.get(storeId, inspectionOrderId);
      if (caller.via === 'staff') return view(ctx, storeId, order, caller, language);
      // Read again within a second of the last view (a page reloading, many views at once): the
      // report is being read already and nothing is written, as markReading's own rule says, so
      // its transaction is not even begun. A view after that writes, and so does every heartbeat.
      const lastViewed = order.report.lastViewed ? Date.parse(order.report.lastViewed) : NaN;
      const recent = order.report.status === 'reading' && ctx.now().getTime() - lastViewed < READING_WRITE_INTERVAL_MS;
      if (!recent) await markReading(ctx, storeId, inspectionOrderId);
      if (caller.via === 'link') await deps.links.markOpened(caller.linkId);
      // Opened by the customer, the report is being read from now on.
      return view(ctx, storeId, { ...order, report: { ...order.report, status: 'reading' } }, caller, language);
    },

    /** The open page's heartbeat (reading until 5000 ms after the last view). */
    async heartbeat(storeId: string, inspectionOrderId: string, caller: ReportCaller | null) {
      customerOf(caller);
      await markReading(ctx, storeId, inspectionOrderId);
      return { reportStatus: 'reading' as const };
    },

    approve: (
      storeId: string,
      inspectionOrderId: string,
      caller: ReportCaller | null,
      body: ReportApprovalRequest,
      origin: RequestOrigin,
      language?: Language,
    ) => approve(ctx, storeId, inspectionOrderId, caller, body, origin, language),

    dismissDeferred: (storeId: string, inspectionOrderId: string, resultId: string, caller: ReportCaller | null, language?: Language) =>
      dismissDeferred(ctx, storeId, inspectionOrderId, resultId, caller, language),

    share: (storeId: string, inspectionOrderId: string, caller: ReportCaller | null, body: ShareReportRequest, origin: RequestOrigin) =>
      share(ctx, limits, storeId, inspectionOrderId, caller, body, origin),

    trail: (storeId: string, inspectionOrderId: string) => trail(ctx, storeId, inspectionOrderId),
  };
}
export type ReportViewService = ReturnType<typeof createReportViewService>;
