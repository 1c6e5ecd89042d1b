import { z } from 'zod';
import { ZId } from '../http/common.js';
import { LANGUAGES } from '../limits.js';
import { EMAIL_LIST_MAX_LENGTH, parseEmailList } from '../customers/email-list.js';
import { ZLocalizedText, type ResultSeverity } from '../inspections/inspection-type.js';
import {
  ZCustomerDecision,
  ZEstimateAmounts,
  ZEstimateTaxAmount,
  estimateTotals,
  type CustomerDecision,
  type Estimate,
} from '../estimates/estimate.js';
import { CURRENCIES, THEMES } from '../identity/store.js';
import type { StepState } from '../repair-orders/repair-order.js';

/**
 * The customer's report (/report/{inspectionOrderId}): what the page shows, the approval the
 * customer signs, the share and the reading status. docs/reports.md is the contract in prose.
 */

/** A report is 'read' once its last view is older than this. */
export const REPORT_READING_TIMEOUT_MS = 5000;
/** How often an open, visible report page tells the server it is still being read. */
export const REPORT_HEARTBEAT_MS = 2000;
/** The one message of the share modal's validation. */
export const SHARE_REPORT_INCOMPLETE = 'Please complete all fields';
/** A signature is a small drawing: a 1200 px wide PNG of strokes stays far below this. */
export const SIGNATURE_MAX_BYTES = 256 * 1024;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
/** The data URL of a signature at its largest (base64 grows 4/3, plus the prefix). */
export const SIGNATURE_DATA_URL_MAX =
  SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;

export const REPORT_STATUSES = ['reading', 'read'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/* ---------------------------------------------------------------- the page */

export const ZReportPicture = z.object({
  name: z.string(),
  /** 320 px and 640 px copies: what the page shows, the browser taking what its screen needs (lazy-loaded). */
  thumb: z.string(),
  phone: z.string(),
  /** 1280 px copy: what a tap enlarges to. */
  gallery: z.string(),
});
export type ReportPicture = z.infer<typeof ZReportPicture>;

export const ZReportVideo = z.object({
  name: z.string(),
  url: z.string(),
  contentType: z.string(),
  duration: z.number().nullable(),
});

/** An estimate line as the customer sees it: what it is and what it costs (cents). */
export const ZReportLine = z.object({
  description: z.string(),
  labourHours: z.number(),
  amounts: ZEstimateAmounts,
});

export const ZReportItem = z.object({
  resultId: z.string(),
  itemKey: z.string(),
  /** The item's name in the report's language. */
  name: z.string(),
  /** The report shows answered items only: na and unanswered ones are left out. */
  result: z.enum(['okay', 'warning', 'critical']),
  /** The finding's and the recommendation's texts in the report's language (typed texts win). */
  finding: z.string().nullable(),
  recommendation: z.string().nullable(),
  note: z.string().nullable(),
  measurement: z.object({ value: z.number(), unit: z.string() }).nullable(),
  pictures: z.array(ZReportPicture),
  videos: z.array(ZReportVideo),
  /** The estimate's lines for this result, and their sum before taxes (cents). */
  lines: z.array(ZReportLine),
  subtotal: z.number().int(),
  /**
   * Offered for a decision: a warning or critical item the shop priced above zero
   * (isOfferedForDecision). A recommended item priced at zero is information only.
   */
  decidable: z.boolean(),
  decision: ZCustomerDecision.nullable(),
  decidedAt: z.string().nullable(),
  /** A declined item is deferred work; the customer may dismiss it. */
  deferredIgnoredByCustomer: z.boolean(),
});
export type ReportItem = z.infer<typeof ZReportItem>;

export const ZReportView = z.object({
  inspectionOrderId: z.string(),
  language: z.enum(LANGUAGES),
  shop: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    /** The store's darkOrLightTheme: the page shows the report in it (docs/web.md, Store themes). */
    theme: z.enum(THEMES),
  }),
  customerName: z.string().nullable(),
  vehicle: z.object({
    /** "2019 Honda Civic", what is known of it. */
    description: z.string(),
    licensePlate: z.string().nullable(),
    vin: z.string().nullable(),
  }),
  mileageIn: z.number().nullable(),
  orderNumber: z.string().nullable(),
  date: z.string(),
  /** When the shop promised the vehicle back (the order's timePromised), if it did. */
  timePromised: z.string().nullable(),
  counts: z.object({ okay: z.number().int(), warning: z.number().int(), critical: z.number().int() }),
  groups: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      sections: z.array(z.object({ key: z.string(), name: z.string(), items: z.array(ZReportItem) })),
    }),
  ),
  /** null when the shop made no estimate. Lines without a result (shop supplies) are listed apart. */
  estimate: z
    .object({
      version: z.number().int(),
      currency: z.enum(CURRENCIES),
      otherLines: z.array(ZReportLine),
      /** Each tax named in the report's language (taxName). */
      taxes: z.array(ZEstimateTaxAmount),
      totals: z.object({
        subtotal: z.number().int(),
        tax: z.number().int(),
        total: z.number().int(),
        approvedTotal: z.number().int(),
      }),
    })
    .nullable(),
  reportStatus: z.enum(REPORT_STATUSES).nullable(),
  closed: z.boolean(),
  /** Who reads, and what the page may offer them (staff see a read-only preview). */
  viewer: z.object({
    via: z.enum(['link', 'portal', 'staff']),
    canDecide: z.boolean(),
    canShare: z.boolean(),
  }),
});
export type ReportView = z.infer<typeof ZReportView>;

/* ---------------------------------------------------------------- requests */

export const ZReportQuery = z.object({
  /** The report link's token (access.report). */
  t: z.string().max(200).optional(),
  /** The report's language; the language it was sent in when absent. */
  language: z.enum(LANGUAGES).optional(),
});

export const ZReportTokenQuery = z.object({ t: z.string().max(200).optional() });

export const ZReportDecision = z.strictObject({ resultId: ZId, decision: ZCustomerDecision });
export type ReportDecision = z.infer<typeof ZReportDecision>;

/** POST .../approval: the decisions on some recommended items, signed. */
export const ZReportApprovalRequest = z.strictObject({
  decisions: z
    .array(ZReportDecision)
    .min(1, { message: 'at least one decision is mandatory' })
    .max(500)
    .refine((list) => new Set(list.map((d) => d.resultId)).size === list.length, {
      message: 'one decision per item',
    }),
  signerName: z.string().trim().min(1, { message: 'signerName is mandatory' }).max(200),
  /** The drawn signature, a PNG as a data URL. */
  signature: z
    .string()
    .max(SIGNATURE_DATA_URL_MAX, { message: `signature: at most ${SIGNATURE_MAX_BYTES} bytes` })
    .refine((v) => v.startsWith(SIGNATURE_DATA_URL_PREFIX), { message: 'signature: must be a PNG data URL' }),
  /** The estimate version the customer saw; when it changed meanwhile the approval is refused (409). */
  estimateVersion: z.number().int().min(1).optional(),
});
export type ReportApprovalRequest = z.infer<typeof ZReportApprovalRequest>;

export const ZDeferredDismissalRequest = z.strictObject({ deferredIgnoredByCustomer: z.literal(true) });

/**
 * POST .../share: every field is read leniently so the one message 'Please complete all fields'
 * answers any gap (shareProblem), rather than a schema's message per field.
 */
export const ZShareReportRequest = z.strictObject({
  to: z.string().max(EMAIL_LIST_MAX_LENGTH).optional(),
  subject: z.string().max(998).optional(),
  body: z.string().max(10_000).optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type ShareReportRequest = z.infer<typeof ZShareReportRequest>;

export const ZReportHeartbeat = z.object({ reportStatus: z.enum(REPORT_STATUSES).nullable() });

/** The realtime payload of store/{storeId}/consumerReadingReport (docs/realtime.md). */
export const ZConsumerReadingReport = z.object({
  inspectionOrderId: z.string(),
  status: z.enum(REPORT_STATUSES),
  lastViewed: z.string().nullable(),
});
export type ConsumerReadingReport = z.infer<typeof ZConsumerReadingReport>;

/* ---------------------------------------------------------------- audit trail */

export const ZReportApproval = z.object({
  _id: z.string(),
  decisions: z.array(
    z.object({ resultId: z.string(), decision: ZCustomerDecision, itemName: ZLocalizedText.nullable() }),
  ),
  estimateVersion: z.number().int().nullable(),
  estimateTotal: z.number().int().nullable(),
  approvedTotal: z.number().int().nullable(),
  signerName: z.string(),
  /** Signed, short-lived URL of the signature picture (null when the file is gone). */
  signature: z.object({ url: z.string(), name: z.string() }).nullable(),
  via: z.enum(['link', 'portal']),
  reportLinkId: z.string().nullable(),
  portalUserId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportApproval = z.infer<typeof ZReportApproval>;
export const ZReportApprovalTrail = z.object({
  approvals: z.array(ZReportApproval),
  /** The currency of the totals: the estimate's. */
  currency: z.enum(CURRENCIES),
});
export type ReportApprovalTrail = z.infer<typeof ZReportApprovalTrail>;

export const ZReportLinkAnswer = z.object({ url: z.string(), linkId: z.string() });

/* ---------------------------------------------------------------- rules */

/** Only warning and critical results are recommended work. */
export function isDecidable(result: ResultSeverity | null): boolean {
  return result === 'warning' || result === 'critical';
}

/**
 * Recommended work is offered for the customer's decision once the shop priced it above zero: an
 * item priced at zero (or not priced, or without an estimate) is shown as information, since there
 * is nothing to approve.
 */
export function isOfferedForDecision(result: ResultSeverity | null, priceCents: number): boolean {
  return isDecidable(result) && priceCents > 0;
}

/** Each result's price before taxes (cents): the sum of the estimate's lines for it. */
export function pricesByResult(
  lines: ReadonlyArray<{ resultId: string | null; amounts: { subtotal: number } }>,
): Map<string, number> {
  const prices = new Map<string, number>();
  for (const line of lines)
    if (line.resultId) prices.set(line.resultId, (prices.get(line.resultId) ?? 0) + line.amounts.subtotal);
  return prices;
}

/** Where a line of the estimate stands with the customer: their decision, awaited, or information only. */
export type LineDecisionState = CustomerDecision | 'undecided' | 'information';

/**
 * Each line's standing with the customer, by the report's own rule (isOfferedForDecision on its
 * result's price, pricesByResult): a recorded decision stands; a recommended result priced above
 * zero awaits one; anything else (priced at zero, or no longer recommended) is information. Null
 * for a line added by hand: it has no item for the customer to decide. The staff pages count and
 * label lines with this, so they agree with what the customer's report offers.
 */
export function lineDecisionStates(
  lines: ReadonlyArray<{
    resultId: string | null;
    severity: ResultSeverity | null;
    decision: CustomerDecision | null;
    amounts: { subtotal: number };
  }>,
): Array<LineDecisionState | null> {
  const prices = pricesByResult(lines);
  return lines.map((l) => {
    if (l.resultId === null) return null;
    if (l.decision !== null) return l.decision;
    return isOfferedForDecision(l.severity, prices.get(l.resultId) ?? 0) ? 'undecided' : 'information';
  });
}

/** The report's counts: ok, warning, critical. */
export function resultCounts(results: ReadonlyArray<{ result: ResultSeverity | null }>) {
  const counts = { okay: 0, warning: 0, critical: 0 };
  for (const r of results)
    if (r.result === 'okay' || r.result === 'warning' || r.result === 'critical') counts[r.result]++;
  return counts;
}

export interface DecidableResult {
  id: string;
  result: ResultSeverity | null;
  decision: CustomerDecision | null;
  /** Its price before taxes (cents), 0 when it has none (pricesByResult). */
  price: number;
}

export type DecisionCheck =
  | { ok: true }
  | { ok: false; status: 400 | 409; code: 'INVALID_ARGUMENTS' | 'ITEM_ALREADY_DECIDED'; message: string };

/**
 * Whether decisions may be recorded: each names a warning or critical result of the order, priced
 * above zero (400 otherwise), that the customer has not decided yet (409 ITEM_ALREADY_DECIDED: a
 * decision is final and the audit trail keeps the first).
 */
export function checkDecisions(
  results: readonly DecidableResult[],
  decisions: readonly ReportDecision[],
): DecisionCheck {
  const byId = new Map(results.map((r) => [r.id, r]));
  const refuse = (message: string): DecisionCheck => ({ ok: false, status: 400, code: 'INVALID_ARGUMENTS', message });
  for (const d of decisions) {
    const r = byId.get(d.resultId);
    if (!r) return refuse(`decisions: ${d.resultId} is not an item of this report`);
    if (!isDecidable(r.result)) return refuse(`decisions: ${d.resultId} is not a recommended item`);
    if (!isOfferedForDecision(r.result, r.price))
      return refuse(`decisions: ${d.resultId} has no price: it is information, not work to approve`);
  }
  for (const d of decisions) {
    if (byId.get(d.resultId)!.decision !== null) {
      return {
        ok: false,
        status: 409,
        code: 'ITEM_ALREADY_DECIDED',
        message: `decisions: ${d.resultId} was already decided`,
      };
    }
  }
  return { ok: true };
}

/**
 * The order's approval step after decisions: done when every item offered for a decision is
 * decided, inProgress while some are not; unchanged (null) when nothing is offered. Items priced
 * at zero are information and wait for nobody.
 */
export function approvalStateOf(
  results: ReadonlyArray<Pick<DecidableResult, 'result' | 'decision' | 'price'>>,
): StepState | null {
  const offered = results.filter((r) => r.decision !== null || isOfferedForDecision(r.result, r.price));
  if (offered.length === 0) return null;
  return offered.every((r) => r.decision !== null) ? 'done' : 'inProgress';
}

/** The estimate's total and approved total once the decisions are applied (what the signer sees). */
export function totalsWithDecisions(
  estimate: Pick<Estimate, 'lines' | 'taxes'>,
  decisions: ReadonlyMap<string, CustomerDecision | null>,
): { total: number; approvedTotal: number } {
  const lines = estimate.lines.map((l) => ({
    amounts: l.amounts,
    decision: l.resultId ? (decisions.has(l.resultId) ? decisions.get(l.resultId)! : l.decision) : null,
  }));
  const { totals } = estimateTotals(lines, estimate.taxes);
  return { total: totals.total, approvedTotal: totals.approvedTotal };
}

/** Most people one share reaches: a customer shares with a few people, not a mailing list. */
export const SHARE_MAX_RECIPIENTS = 5;

/**
 * The addresses of the share's 'to': one or several, separated by commas or semicolons, every one
 * valid and at most SHARE_MAX_RECIPIENTS; null when the field is empty or any address is not valid.
 */
export function shareRecipients(to: string | null | undefined): string[] | null {
  const list = parseEmailList(to ?? '', SHARE_MAX_RECIPIENTS);
  return list.ok && list.emails.length > 0 ? list.emails : null;
}

/** The first address of the share's 'to' that is not one, to name it on the field; else null. */
export function shareInvalidRecipient(to: string | null | undefined): string | null {
  const list = parseEmailList(to ?? '', SHARE_MAX_RECIPIENTS);
  return !list.ok && list.problem === 'invalid' ? list.invalid : null;
}

/** Share: a valid 'to' (every address of it), a subject and a body; else SHARE_REPORT_INCOMPLETE. */
export function shareProblem(share: {
  to?: string | null;
  subject?: string | null;
  body?: string | null;
}): string | null {
  const ok = shareRecipients(share.to) !== null && !!share.subject?.trim() && !!share.body?.trim();
  return ok ? null : SHARE_REPORT_INCOMPLETE;
}

/** "2019 Honda Civic", from what is known. */
export function vehicleDescription(
  v: { year?: number | string | null; make?: string | null; model?: string | null } | null,
): string {
  if (!v) return '';
  return [v.year, v.make, v.model]
    .filter((p) => p !== null && p !== undefined && String(p).trim() !== '')
    .join(' ');
}

/**
 * The total approved (taxes included): the decisions already recorded plus the ones chosen on the
 * page. The one figure the page shows as "Total approved", the sign sheet shows before signing and
 * the thank-you screen shows after; the server records the same (totalsWithDecisions), both
 * through estimateTotals.
 */
export function approvedTotalOf(
  report: Pick<ReportView, 'groups' | 'estimate'>,
  choices: ReadonlyMap<string, CustomerDecision>,
): number {
  if (!report.estimate) return 0;
  const lines = report.groups.flatMap((g) =>
    g.sections.flatMap((s) =>
      s.items.flatMap((i) =>
        i.lines.map((l) => ({ amounts: l.amounts, decision: choices.get(i.resultId) ?? i.decision })),
      ),
    ),
  );
  const other = report.estimate.otherLines.map((l) => ({ amounts: l.amounts, decision: null }));
  return estimateTotals([...lines, ...other], report.estimate.taxes).totals.approvedTotal;
}

/** An item of the report with the names of the group and section it belongs to. */
export interface PlacedReportItem {
  item: ReportItem;
  group: string;
  section: string;
}

/** The report as a phone shows it: what to decide first, then information, then the good items folded. */
export interface ReportLayout {
  /** Items offered for a decision, and those already decided: critical first, then warning. */
  decisions: PlacedReportItem[];
  /** Recommended items priced at zero and undecided: information, critical first. */
  information: PlacedReportItem[];
  /** The okay items, in their groups and sections (the inspection's order). */
  okay: ReportView['groups'];
  okayCount: number;
}

const SEVERITY_RANK = { critical: 0, warning: 1, okay: 2 } as const;

/**
 * Decisions first (docs/reports.md): the customer reads, on a phone, what needs their word before
 * anything else; within a severity the inspection's order is kept. Good items wait under their count.
 */
export function reportLayout(report: Pick<ReportView, 'groups'>): ReportLayout {
  const placed = report.groups.flatMap((g) =>
    g.sections.flatMap((s) => s.items.map((item) => ({ item, group: g.name, section: s.name }))),
  );
  const bySeverity = (list: PlacedReportItem[]) =>
    list
      .map((p, n) => ({ p, n }))
      .sort((a, b) => SEVERITY_RANK[a.p.item.result] - SEVERITY_RANK[b.p.item.result] || a.n - b.n)
      .map(({ p }) => p);
  const recommended = placed.filter((p) => p.item.result !== 'okay');
  const okay = report.groups
    .map((g) => ({
      ...g,
      sections: g.sections
        .map((s) => ({ ...s, items: s.items.filter((i) => i.result === 'okay') }))
        .filter((s) => s.items.length > 0),
    }))
    .filter((g) => g.sections.length > 0);
  return {
    decisions: bySeverity(recommended.filter((p) => p.item.decidable || p.item.decision !== null)),
    information: bySeverity(recommended.filter((p) => !p.item.decidable && p.item.decision === null)),
    okay,
    okayCount: placed.length - recommended.length,
  };
}
