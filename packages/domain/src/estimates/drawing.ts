import { z } from 'zod';
import { LANGUAGES, type Language } from '../limits.js';
import type { InspectionItem, ResultSeverity } from '../inspections/inspection-type.js';
import type { StepState } from '../repair-orders/repair-order.js';
import { ZEstimateDelivery, ZEstimateFee, ZEstimatePart, ZEstimateStatus, ZLabourHours } from './estimate.js';

/**
 * Building an estimate (docs/estimates.md): the requests of the estimate routes and the pure rules
 * that draw lines from an inspection's results. The server applies them inside its transaction.
 */

/** A line's description: the typed text of a hand-made line, or the drawn one reworded. */
export const ZLineDescription = z.string().trim().min(1, 'description is mandatory').max(500);

/** Most lines an estimate may hold: far above a real inspection's 150 items. */
export const MAX_ESTIMATE_LINES = 300;
/** Most parts and fees on one line. */
export const MAX_LINE_PARTS = 50;
export const MAX_LINE_FEES = 20;

/** POST .../estimate/line: a line added by hand (or for a result that has none yet). */
export const ZCreateEstimateLineRequest = z.strictObject({
  description: ZLineDescription,
  labourHours: ZLabourHours.default(0),
  parts: z.array(ZEstimatePart).max(MAX_LINE_PARTS).default([]),
  fees: z.array(ZEstimateFee).max(MAX_LINE_FEES).default([]),
  /** Where it goes among the lines; after the last one when absent. */
  rank: z.number().int().min(0).max(100_000).optional(),
});
export type CreateEstimateLineRequest = z.input<typeof ZCreateEstimateLineRequest>;

/** PUT .../estimate/line/{lineId}: the fields sent replace the line's (parts and fees as whole lists). */
export const ZUpdateEstimateLineRequest = z
  .strictObject({
    description: ZLineDescription.optional(),
    labourHours: ZLabourHours.optional(),
    parts: z.array(ZEstimatePart).max(MAX_LINE_PARTS).optional(),
    fees: z.array(ZEstimateFee).max(MAX_LINE_FEES).optional(),
    rank: z.number().int().min(0).max(100_000).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'a field to change is mandatory',
  });
export type UpdateEstimateLineRequest = z.input<typeof ZUpdateEstimateLineRequest>;

/**
 * PUT .../estimate: the estimate's own fields. The labour rate (cents per hour) reprices every
 * line; status is the order's estimateStatus; delivery its estimateDelivery (sending the report
 * sets it too).
 */
export const ZUpdateEstimateRequest = z
  .strictObject({
    labourRate: z.number().int().min(0).max(10_000_00).optional(),
    status: ZEstimateStatus.optional(),
    delivery: ZEstimateDelivery.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'a field to change is mandatory',
  });
export type UpdateEstimateRequest = z.input<typeof ZUpdateEstimateRequest>;

/** POST .../estimate/draw: the language of the drawn descriptions (en when absent). */
export const ZDrawEstimateRequest = z.strictObject({
  language: z.enum(LANGUAGES, { message: 'languageId must be en or fr' }).default('en'),
});
export type DrawEstimateRequest = z.input<typeof ZDrawEstimateRequest>;

/** Severities whose recommendation becomes a line. */
export function isRecommended(
  severity: ResultSeverity | null | undefined,
): severity is 'warning' | 'critical' {
  return severity === 'warning' || severity === 'critical';
}

/**
 * A line whose result is no longer warning or critical (okay, na, or cleared since drawing): the
 * page flags it, drawing again removes it, and the estimate cannot be marked ready with it.
 * Lines added by hand have no result and are never stale.
 */
export function isNoLongerRecommended(line: { resultId: string | null; severity: ResultSeverity | null }): boolean {
  return line.resultId !== null && !isRecommended(line.severity);
}

/**
 * POST .../estimate/ready: the version of the estimate the advisor marks ready. When sent, the
 * server refuses (409 ESTIMATE_CHANGED) an estimate that changed since, so what is marked ready
 * is what the advisor saw; without it (older clients, the demo seed) the estimate as it is.
 */
export const ZMarkEstimateReadyRequest = z
  .strictObject({ version: z.number().int().min(1).optional() })
  .default({});
export type MarkEstimateReadyRequest = z.input<typeof ZMarkEstimateReadyRequest>;

/** What drawing reads of a result. */
export interface DrawableResult {
  id: string;
  result: ResultSeverity | null;
  finding: string | null;
  recommendation: string | null;
  findingText: string | null;
  recommendationText: string | null;
}

/**
 * A drawn line's description: "{item} — {finding}: {recommendation}", each text the one typed on
 * the result, else the template's in the language asked; parts that are missing are left out.
 */
export function drawnDescription(
  result: DrawableResult,
  item: InspectionItem | null,
  language: Language,
): string {
  const finding = item?.findings.find((f) => f.key === result.finding) ?? null;
  const findingText = result.findingText?.trim() || finding?.text[language] || null;
  const recommendationText =
    result.recommendationText?.trim() ||
    finding?.recommendations.find((r) => r.key === result.recommendation)?.text[language] ||
    null;
  const name = item?.name[language] ?? null;
  // French puts a no-break space before the colon.
  const said = [findingText, recommendationText].filter(Boolean).join(language === 'fr' ? '\u00a0: ' : ': ');
  const text = [name, said].filter(Boolean).join(' — ') || result.finding || result.recommendation || '—';
  return text.slice(0, 500);
}

/** Texts compared as drawn, whatever the spacing around the colon (French lines drawn before had none). */
const asDrawn = (text: string) => text.replace(/[\s\u00a0\u202f]*:[\s\u00a0\u202f]*/g, ': ').trim();

/**
 * A line's description in a language: a line still as drawn from the template's texts, in any
 * language, is drawn again in the one asked (the report read in French shows French lines); a
 * description the advisor wrote or changed is shown as it is.
 */
export function lineDescriptionIn(
  description: string,
  result: DrawableResult,
  item: InspectionItem | null,
  language: Language,
): string {
  const drawn = LANGUAGES.some((l) => asDrawn(drawnDescription(result, item, l)) === asDrawn(description));
  return drawn ? drawnDescription(result, item, language) : description;
}

/** What drawing reads of an existing line. */
export interface ExistingLine {
  id: string;
  resultId: string | null;
  rank: number;
}

export interface DrawPlan {
  /** New lines, one per recommended result without one, in the results' order. */
  add: Array<{ resultId: string; description: string; rank: number }>;
  /** Lines whose result is no longer warning or critical (okay, na, or cleared). */
  remove: string[];
}

/**
 * Drawing again (docs/estimates.md): a line is added for each warning or critical result that has
 * none, after the existing lines; lines of results that became okay, na or were cleared are
 * removed; every other line keeps what the advisor made of it. Hand-made lines are never touched.
 */
export function planDraw(
  results: ReadonlyArray<{ result: DrawableResult; item: InspectionItem | null }>,
  lines: readonly ExistingLine[],
  language: Language,
): DrawPlan {
  const byResult = new Map(results.map((r) => [r.result.id, r.result]));
  const remove = lines
    .filter(
      (l) =>
        l.resultId !== null && byResult.has(l.resultId) && !isRecommended(byResult.get(l.resultId)!.result),
    )
    .map((l) => l.id);
  const drawn = new Set(lines.map((l) => l.resultId).filter((id): id is string => id !== null));
  let rank = lines.reduce((max, l) => Math.max(max, l.rank), -1);
  const add = results
    .filter((r) => isRecommended(r.result.result) && !drawn.has(r.result.id))
    .map((r) => ({
      resultId: r.result.id,
      description: drawnDescription(r.result, r.item, language),
      rank: ++rank,
    }));
  return { add, remove };
}

/** Approve-work once the estimate step is done, otherwise the estimate. */
export function approvalPage(state: StepState): 'approvedWork' | 'estimates' {
  return state === 'done' ? 'approvedWork' : 'estimates';
}
