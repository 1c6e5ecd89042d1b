import { findItem, type ReportApproval, type ReportApprovalTrail } from '@servicebay/domain';
import type { FileLinker } from '../../../platform/files/index.js';
import type { ReportApprovalRow } from '../report-view.repository.js';
import type { ReportViewContext } from './context.js';

/** The approval audit trail for the shop, oldest first, each signature behind a signed URL. */
export async function trail(
  ctx: ReportViewContext,storeId: string, inspectionOrderId: string): Promise<ReportApprovalTrail> {
  const order = await ctx.deps.orders.get(storeId, inspectionOrderId);
  const [rows, report, estimate] = await Promise.all([
    ctx.repo.approvals(storeId, inspectionOrderId),
    ctx.deps.inspections.reportItems(storeId, order),
    ctx.deps.estimates.get(storeId, inspectionOrderId),
  ]);
  const names = new Map(
    report.items.map(({ result: r }) => [
      r._id,
      findItem(report.definition, r.itemKey)?.item.name ?? null,
    ]),
  );
  // The totals are in the estimate's currency (an approval needs an estimate to price it).
  return { approvals: rows.map((row) => presentApproval(ctx.link, row, names)), currency: estimate?.currency ?? 'USD' };
}

function presentApproval(
  link: FileLinker,
  row: ReportApprovalRow,
  names: Map<string, { en: string; fr: string } | null>,
): ReportApproval {
  return {
    _id: row.id,
    decisions: row.decisions.map((d) => ({
      resultId: d.resultId,
      decision: d.decision,
      itemName: names.get(d.resultId) ?? null,
    })),
    estimateVersion: row.estimateVersion,
    estimateTotal: row.estimateTotal,
    approvedTotal: row.approvedTotal,
    signerName: row.signerName,
    signature: link({ key: row.signatureKey, name: 'signature.png' }),
    via: row.via === 'portal' ? 'portal' : 'link',
    reportLinkId: row.reportLinkId,
    portalUserId: row.portalUserId,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  };
}
