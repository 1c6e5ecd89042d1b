import { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  AppError,
  approvalStateOf,
  checkDecisions,
  errors,
  pricesByResult,
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_MAX_BYTES,
  topics,
  totalsWithDecisions,
  type CustomerDecision,
  type Language,
  type ReportApprovalRequest,
  type ReportApprovedEvent,
  type StepState,
} from '@servicebay/domain';
import type { ReportCaller } from '../../../platform/http/registrar.js';
import { sniff } from '../../../platform/files/sniff.js';
import { recordEvent } from '../../../platform/outbox/outbox.repository.js';
import { createReportViewRepository } from '../report-view.repository.js';
import { customerOf, type ReportViewContext, type RequestOrigin } from './context.js';
import { view } from './view.js';

/** Decodes and checks a signature: a PNG by its magic bytes and its header, at most SIGNATURE_MAX_BYTES. */
async function signatureBytes(dataUrl: string): Promise<Buffer> {
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw errors.invalid('signature: must be a PNG data URL');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `signature: at most ${SIGNATURE_MAX_BYTES} bytes`);
  if (sniff(bytes)?.contentType !== 'image/png') throw errors.invalid('signature: must be a PNG picture');
  const meta = await sharp(bytes, { limitInputPixels: 4_000_000 })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== 'png' || !meta.width || !meta.height)
    throw errors.invalid('signature: the picture could not be read');
  return bytes;
}

/**
 * The customer's signed decisions (docs/reports.md). The signature is stored first; then, in
 * one transaction with the order locked: each item decided once (409 otherwise), the results
 * updated, one audit row written, the approval step moved and the store's users told (an order
 * update, and `reportApproved` with what was decided and the approved total). A refusal
 * deletes the signature again.
 */
export async function approve(
  ctx: ReportViewContext,
  storeId: string,
  inspectionOrderId: string,
  caller: ReportCaller | null,
  body: ReportApprovalRequest,
  origin: RequestOrigin,
  language?: Language,
) {
  const customer = customerOf(caller);
  const bytes = await signatureBytes(body.signature);
  const estimate = await ctx.deps.estimates.get(storeId, inspectionOrderId);
  if (body.estimateVersion !== undefined && estimate && estimate.version !== body.estimateVersion) {
    throw new AppError(
      409,
      'ESTIMATE_CHANGED',
      'The estimate changed since the report was opened; look at it again',
    );
  }
  const file = await ctx.deps.files.put(Readable.from(bytes), {
    contentType: 'image/png',
    name: 'signature.png',
    maxBytes: SIGNATURE_MAX_BYTES,
  });
  try {
    await ctx.deps.orders.customerWork(
      storeId,
      inspectionOrderId,
      async (tx, order): Promise<{ value: null; approval: StepState | null }> => {
        const port = ctx.deps.decisions(tx);
        // Items priced at zero are information: nothing to approve or decline.
        const prices = pricesByResult(estimate?.lines ?? []);
        const rows = (await port.lock(storeId, inspectionOrderId)).map((r) => ({ ...r, price: prices.get(r.id) ?? 0 }));
        const check = checkDecisions(rows, body.decisions);
        if (!check.ok) throw new AppError(check.status, check.code, check.message);
        const at = ctx.now();
        await port.decide(storeId, body.decisions, at);
        const decided = new Map<string, CustomerDecision | null>(
          body.decisions.map((d) => [d.resultId, d.decision]),
        );
        const totals = estimate ? totalsWithDecisions(estimate, decided) : null;
        await createReportViewRepository(tx).insertApproval({
          storeId,
          inspectionOrderId,
          decisions: body.decisions.map((d) => ({ resultId: d.resultId, decision: d.decision })),
          estimateVersion: estimate?.version ?? null,
          estimateTotal: totals?.total ?? null,
          approvedTotal: totals?.approvedTotal ?? null,
          signerName: body.signerName,
          signatureKey: file.key,
          via: customer.via,
          reportLinkId: customer.via === 'link' ? customer.linkId : null,
          portalUserId: customer.via === 'portal' ? customer.userId : null,
          ipAddress: origin.ipAddress?.slice(0, 100) ?? null,
          userAgent: origin.userAgent?.slice(0, 500) ?? null,
        });
        const after = rows.map((r) => ({ ...r, decision: decided.get(r.id) ?? r.decision }));
        const approval = approvalStateOf(after);
        // The store's users are told at once, with what the signer decided (docs/realtime.md).
        const event: ReportApprovedEvent = {
          inspectionOrderId,
          orderNumber: order.orderNumber,
          signerName: body.signerName,
          approved: body.decisions.filter((d) => d.decision === 'approved').length,
          declined: body.decisions.filter((d) => d.decision === 'declined').length,
          approvedTotal: totals?.approvedTotal ?? null,
          currency: estimate?.currency ?? null,
          approval,
          at: at.toISOString(),
        };
        await recordEvent(tx, topics.store(storeId).reportApproved, event);
        return { value: null, approval };
      },
    );
  } catch (error) {
    await ctx.deps.files.delete(file.key).catch(() => false);
    throw error;
  }
  return view(ctx, storeId, await ctx.deps.orders.get(storeId, inspectionOrderId), customer, language);
}

/** A declined item the customer no longer wants to see as deferred work (also after closing). */
export async function dismissDeferred(
  ctx: ReportViewContext,
  storeId: string,
  inspectionOrderId: string,
  resultId: string,
  caller: ReportCaller | null,
  language?: Language,
) {
  const customer = customerOf(caller);
  await ctx.deps.orders.customerWork(
    storeId,
    inspectionOrderId,
    async (tx) => {
      const port = ctx.deps.decisions(tx);
      const row = (await port.lock(storeId, inspectionOrderId)).find((r) => r.id === resultId);
      if (!row) throw errors.notFound();
      if (row.decision !== 'declined')
        throw errors.conflict('Only a declined item is deferred work that can be dismissed');
      if (!row.deferredIgnoredByCustomer) await port.dismissDeferred(storeId, resultId);
      return { value: null, approval: null };
    },
    { allowClosed: true },
  );
  return view(ctx, storeId, await ctx.deps.orders.get(storeId, inspectionOrderId), customer, language);
}
