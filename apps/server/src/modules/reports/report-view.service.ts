import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Logger } from 'pino';
import {
  AppError,
  approvalStateOf,
  checkDecisions,
  errors,
  findItem,
  isDecidable,
  isLanguage,
  OTHER_FINDING,
  resultCounts,
  shareProblem,
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_MAX_BYTES,
  topics,
  totalsWithDecisions,
  vehicleDescription,
  type ConsumerReadingReport,
  type CustomerDecision,
  type Estimate,
  type InspectionDefinition,
  type Language,
  type ReportApproval,
  type ReportApprovalTrail,
  type ReportApprovalRequest,
  type ReportItem,
  type ReportView,
  type ShareReportRequest,
  type StepState,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { Outbox } from '../../platform/outbox/outbox.js';
import { recordEvent } from '../../platform/outbox/outbox.repository.js';
import type { FileStore } from '../../platform/files/index.js';
import { fileLinker } from '../../platform/files/index.js';
import { sniff } from '../../platform/files/sniff.js';
import type { MailProvider } from '../../platform/mail/index.js';
import type { ReportCaller } from '../../platform/http/registrar.js';
import { translate } from '../../platform/i18n/translate.js';
import { createLimiter } from '../identity/index.js';
import type { RepairOrdersService } from '../repair-orders/index.js';
import type { CustomerDecisions, InspectionsService } from '../inspections/index.js';
import type { EstimatesService } from '../estimates/index.js';
import type { ReportLinksService } from './report-links.service.js';
import {
  createReportViewRepository,
  type ReadingChange,
  type ReportApprovalRow,
} from './report-view.repository.js';

/** Shares per order and per client address in an hour: a customer shares with a few people, not a list. */
export const SHARES_PER_ORDER_PER_HOUR = 10;
export const SHARES_PER_ADDRESS_PER_HOUR = 20;

export interface ReportViewDeps {
  db: Db;
  outbox: Pick<Outbox, 'transaction'>;
  files: FileStore;
  mail: MailProvider;
  logger: Logger;
  orders: Pick<RepairOrdersService, 'get' | 'customerWork'>;
  inspections: Pick<InspectionsService, 'reportItems'>;
  /** The inspections feature's decisions, in the approval's transaction. */
  decisions: (tx: Db) => CustomerDecisions;
  estimates: Pick<EstimatesService, 'get'>;
  links: Pick<ReportLinksService, 'issue' | 'markOpened'>;
  now?: () => Date;
}

/** Where the request came from, kept with an approval. */
export interface RequestOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A customer, never staff: approvals, dismissals, shares and reading are theirs alone. */
function customerOf(caller: ReportCaller | null): Exclude<ReportCaller, { via: 'staff' }> {
  if (!caller || caller.via === 'staff') throw errors.forbidden('Only the customer decides on the report');
  return caller;
}

/** The texts of a result in the report's language: typed texts win over the template's. */
function textsOf(
  definition: InspectionDefinition,
  r: {
    itemKey: string;
    finding: string | null;
    recommendation: string | null;
    findingText: string | null;
    recommendationText: string | null;
  },
  language: Language,
) {
  const located = findItem(definition, r.itemKey);
  const finding =
    r.finding && r.finding !== OTHER_FINDING
      ? located?.item.findings.find((f) => f.key === r.finding)
      : undefined;
  const recommendation = finding?.recommendations.find((x) => x.key === r.recommendation);
  return {
    name: located?.item.name[language] ?? r.itemKey,
    finding: r.findingText ?? finding?.text[language] ?? null,
    recommendation: r.recommendationText ?? recommendation?.text[language] ?? null,
    unit: located?.item.measurement?.unit ?? null,
  };
}

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

export function createReportViewService(deps: ReportViewDeps) {
  const now = deps.now ?? (() => new Date());
  const repo = createReportViewRepository(deps.db);
  const link = fileLinker(deps.files);
  const perOrder = createLimiter({ limit: SHARES_PER_ORDER_PER_HOUR, windowMs: 3_600_000 });
  const perAddress = createLimiter({ limit: SHARES_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 });

  /** Marks the report as being read; the dashboards hear of it when the status changes. */
  async function markReading(storeId: string, inspectionOrderId: string) {
    await deps.outbox.transaction(async (tx) => {
      const change = await createReportViewRepository(tx).markReading(storeId, inspectionOrderId);
      if (change && change.previous !== 'reading') {
        await announceReading(tx, {
          id: inspectionOrderId,
          storeId,
          status: 'reading',
          lastViewed: change.lastViewed,
        });
      }
    });
  }

  async function languageOf(
    storeId: string,
    inspectionOrderId: string,
    asked: Language | undefined,
  ): Promise<Language> {
    if (asked) return asked;
    const sent = await repo.sentLanguage(storeId, inspectionOrderId);
    return isLanguage(sent) ? sent : 'en';
  }

  async function view(
    storeId: string,
    inspectionOrderId: string,
    caller: ReportCaller,
    language?: Language,
  ): Promise<ReportView> {
    const order = await deps.orders.get(storeId, inspectionOrderId);
    const [shop, report, estimate, lang] = await Promise.all([
      repo.shop(storeId),
      deps.inspections.reportItems(storeId, order),
      deps.estimates.get(storeId, inspectionOrderId),
      languageOf(storeId, inspectionOrderId, language),
    ]);
    const { definition } = report;
    const shown = report.items.filter(
      ({ result: r }) => r.result === 'okay' || r.result === 'warning' || r.result === 'critical',
    );
    const linesOf = (resultId: string) =>
      (estimate?.lines ?? [])
        .filter((l) => l.resultId === resultId)
        .map((l) => ({ description: l.description, labourHours: l.labourHours, amounts: l.amounts }));
    const items = new Map<string, ReportItem>();
    for (const { result: r, decision, decidedAt } of shown) {
      const texts = textsOf(definition, r, lang);
      const lines = linesOf(r._id);
      items.set(r._id, {
        resultId: r._id,
        itemKey: r.itemKey,
        name: texts.name,
        result: r.result as ReportItem['result'],
        finding: texts.finding,
        recommendation: texts.recommendation,
        note: r.note,
        measurement: r.value !== null && texts.unit ? { value: r.value, unit: texts.unit } : null,
        pictures: r.pictures.map((p) => ({ name: p.name, phone: p.phone, gallery: p.gallery })),
        videos: r.videos.map((v) => ({
          name: v.name,
          url: v.url,
          contentType: v.contentType,
          duration: v.duration,
        })),
        lines,
        subtotal: lines.reduce((sum, l) => sum + l.amounts.subtotal, 0),
        decidable: isDecidable(r.result),
        decision,
        decidedAt,
        deferredIgnoredByCustomer: r.deferredIgnoredByCustomer,
      });
    }
    const groupOrder = definition.groupOrder.length
      ? definition.groupOrder
      : definition.groups.map((g) => g.key);
    const groups = groupOrder
      .map((key) => definition.groups.find((g) => g.key === key))
      .filter((g) => !!g)
      .map((g) => ({
        key: g.key,
        name: g.name[lang],
        sections: g.sections
          .map((s) => ({
            key: s.key,
            name: s.name[lang],
            items: shown
              .filter(({ result: r }) => r.group === g.key && r.section === s.key)
              .map(({ result: r }) => items.get(r._id)!),
          }))
          .filter((s) => s.items.length > 0),
      }))
      .filter((g) => g.sections.length > 0);
    const v = order._embedded.vehicle;
    const customer = order._embedded.customer;
    const customerName = customer
      ? [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.business || null
      : null;
    return {
      inspectionOrderId,
      language: lang,
      shop: {
        name: shop?.name ?? '',
        phone: shop?.phone ?? null,
        email: shop?.email ?? null,
        address: shop?.address ?? null,
      },
      customerName,
      vehicle: {
        description: vehicleDescription(v),
        licensePlate: v?.licensePlate ?? null,
        vin: v?.vin ?? null,
      },
      mileageIn: order.mileageIn,
      orderNumber: order.orderNumber,
      date: order.date,
      counts: resultCounts(shown.map(({ result: r }) => r)),
      groups,
      estimate: estimate ? presentEstimate(estimate) : null,
      reportStatus:
        order.report.status === 'reading' || order.report.status === 'read' ? order.report.status : null,
      closed: order.closed,
      viewer: {
        via: caller.via,
        canDecide: caller.via !== 'staff' && !order.closed,
        canShare: caller.via !== 'staff',
      },
    };
  }

  function presentEstimate(estimate: Estimate): NonNullable<ReportView['estimate']> {
    return {
      version: estimate.version,
      currency: estimate.currency,
      otherLines: estimate.lines
        .filter((l) => l.resultId === null)
        .map((l) => ({ description: l.description, labourHours: l.labourHours, amounts: l.amounts })),
      taxes: estimate.taxes.map((t) => ({
        name: t.name,
        ratePercent: t.ratePercent,
        onLabour: t.onLabour,
        onParts: t.onParts,
        onFees: t.onFees,
        amount: t.amount,
      })),
      totals: {
        subtotal: estimate.totals.subtotal,
        tax: estimate.totals.tax,
        total: estimate.totals.total,
        approvedTotal: estimate.totals.approvedTotal,
      },
    };
  }

  return {
    /** The report; opened by the customer (not a staff preview), it is being read from now on. */
    async open(
      storeId: string,
      inspectionOrderId: string,
      caller: ReportCaller,
      language?: Language,
    ): Promise<ReportView> {
      if (caller.via !== 'staff') {
        await markReading(storeId, inspectionOrderId);
        if (caller.via === 'link') await deps.links.markOpened(caller.linkId);
      }
      return view(storeId, inspectionOrderId, caller, language);
    },

    /** The open page's heartbeat (spec §4: reading until 5000 ms after the last view). */
    async heartbeat(storeId: string, inspectionOrderId: string, caller: ReportCaller | null) {
      customerOf(caller);
      await markReading(storeId, inspectionOrderId);
      return { reportStatus: 'reading' as const };
    },

    /**
     * The customer's signed decisions (docs/reports.md). The signature is stored first; then, in
     * one transaction with the order locked: each item decided once (409 otherwise), the results
     * updated, one audit row written, the approval step moved and the dashboards told. A refusal
     * deletes the signature again.
     */
    async approve(
      storeId: string,
      inspectionOrderId: string,
      caller: ReportCaller | null,
      body: ReportApprovalRequest,
      origin: RequestOrigin,
      language?: Language,
    ) {
      const customer = customerOf(caller);
      const bytes = await signatureBytes(body.signature);
      const estimate = await deps.estimates.get(storeId, inspectionOrderId);
      if (body.estimateVersion !== undefined && estimate && estimate.version !== body.estimateVersion) {
        throw new AppError(
          409,
          'ESTIMATE_CHANGED',
          'The estimate changed since the report was opened; look at it again',
        );
      }
      const file = await deps.files.put(Readable.from(bytes), {
        contentType: 'image/png',
        name: 'signature.png',
        maxBytes: SIGNATURE_MAX_BYTES,
      });
      try {
        await deps.orders.customerWork(
          storeId,
          inspectionOrderId,
          async (tx): Promise<{ value: null; approval: StepState | null }> => {
            const port = deps.decisions(tx);
            const rows = await port.lock(storeId, inspectionOrderId);
            const check = checkDecisions(rows, body.decisions);
            if (!check.ok) throw new AppError(check.status, check.code, check.message);
            const at = now();
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
            const after = rows.map((r) => ({ result: r.result, decision: decided.get(r.id) ?? r.decision }));
            return { value: null, approval: approvalStateOf(after) };
          },
        );
      } catch (error) {
        await deps.files.delete(file.key).catch(() => false);
        throw error;
      }
      return view(storeId, inspectionOrderId, customer, language);
    },

    /** A declined item the customer no longer wants to see as deferred work (also after closing). */
    async dismissDeferred(
      storeId: string,
      inspectionOrderId: string,
      resultId: string,
      caller: ReportCaller | null,
      language?: Language,
    ) {
      const customer = customerOf(caller);
      await deps.orders.customerWork(
        storeId,
        inspectionOrderId,
        async (tx) => {
          const port = deps.decisions(tx);
          const row = (await port.lock(storeId, inspectionOrderId)).find((r) => r.id === resultId);
          if (!row) throw errors.notFound();
          if (row.decision !== 'declined')
            throw errors.conflict('Only a declined item is deferred work that can be dismissed');
          if (!row.deferredIgnoredByCustomer) await port.dismissDeferred(storeId, resultId);
          return { value: null, approval: null };
        },
        { allowClosed: true },
      );
      return view(storeId, inspectionOrderId, customer, language);
    },

    /** Spec §4 "Share modal", §5: the report by e-mail to someone the customer names, with a link of its own. */
    async share(
      storeId: string,
      inspectionOrderId: string,
      caller: ReportCaller | null,
      body: ShareReportRequest,
      origin: RequestOrigin,
    ) {
      customerOf(caller);
      const problem = shareProblem(body);
      if (problem) throw errors.invalid(problem);
      if (!perOrder.hit(inspectionOrderId) || !perAddress.hit(origin.ipAddress ?? 'unknown')) {
        throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many shares of this report; try again later');
      }
      const order = await deps.orders.get(storeId, inspectionOrderId);
      const shop = await repo.shop(storeId);
      const lang = await languageOf(storeId, inspectionOrderId, body.language);
      const { url } = await deps.links.issue(storeId, inspectionOrderId, null);
      const vars = {
        shop: shop?.name ?? '',
        vehicle:
          vehicleDescription(order._embedded.vehicle) || translate(lang, 'customerReport:email.aVehicle'),
      };
      const text = [body.body!.trim(), '', translate(lang, 'customerReport:email.shareLink', vars), url].join(
        '\n',
      );
      try {
        await deps.mail.send({ to: body.to!.trim(), subject: body.subject!.trim(), text, storeId });
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.logger.warn({ err: error, inspectionOrderId }, 'report share e-mail not delivered');
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The e-mail could not be sent; try again later');
      }
      return { sent: true as const };
    },

    /** The approval audit trail for the shop, oldest first, each signature behind a signed URL. */
    async trail(storeId: string, inspectionOrderId: string): Promise<ReportApprovalTrail> {
      const order = await deps.orders.get(storeId, inspectionOrderId);
      const [rows, report, estimate] = await Promise.all([
        repo.approvals(storeId, inspectionOrderId),
        deps.inspections.reportItems(storeId, order),
        deps.estimates.get(storeId, inspectionOrderId),
      ]);
      const names = new Map(
        report.items.map(({ result: r }) => [
          r._id,
          findItem(report.definition, r.itemKey)?.item.name ?? null,
        ]),
      );
      // The totals are in the estimate's currency (an approval needs an estimate to price it).
      return { approvals: rows.map((row) => presentApproval(row, names)), currency: estimate?.currency ?? 'USD' };
    },
  };

  function presentApproval(
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
}
export type ReportViewService = ReturnType<typeof createReportViewService>;

/** Records a reading-status change for the store's dashboards (docs/realtime.md). */
export async function announceReading(tx: Db, change: ReadingChange) {
  const payload: ConsumerReadingReport = {
    inspectionOrderId: change.id,
    status: change.status,
    lastViewed: iso(change.lastViewed),
  };
  await recordEvent(tx, topics.store(change.storeId).consumerReadingReport, payload);
}
