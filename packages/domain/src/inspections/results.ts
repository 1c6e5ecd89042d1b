import { z } from 'zod';
import { isTechnician } from '../permissions.js';
import type { Role } from '../roles.js';
import type { OrderStates } from '../repair-orders/repair-order.js';
import { startWork } from '../repair-orders/states.js';
import { finishBlockers, type FinishBlockers, type FinishResult } from './finish-blockers.js';
import {
  OTHER_FINDING,
  ZItemKey,
  ZResultSeverity,
  type Finding,
  type InspectionDefinition,
  type InspectionItem,
  type ResultSeverity,
} from './inspection-type.js';

/**
 * Inspection results: one per item of the order's inspection type
 * (several for items marked `multiple`). docs/inspections.md is the contract in prose.
 */

/** A result's picture: signed URLs (never base64), the worker who took it, when and where. */
export const ZResultPicture = z.object({
  name: z.string(),
  /** The picture as shown (the annotated one after a replacement), upright JPEG of at most 2048 px. */
  source: z.string(),
  /** Smaller copies: the gallery's (1280 px), the customer's phone's (640 px) and the thumbnail (320 px). */
  gallery: z.string(),
  phone: z.string(),
  thumb: z.string(),
  /** The first upload as taken (upright, full size, metadata removed): kept when an annotated copy replaces it. */
  original: z.string(),
  gpsCoords: z.object({ lat: z.number(), long: z.number() }).nullable(),
  dateTime: z.string().nullable(),
  worker: z.object({ name: z.string().nullable(), title: z.string().nullable() }),
});
export type ResultPicture = z.infer<typeof ZResultPicture>;

export const ZResultVideo = z.object({
  name: z.string(),
  /** Signed URL; the file route answers ranges, so the player seeks. */
  url: z.string(),
  lastModified: z.string().nullable(),
  /** Seconds, as the browser read it from the file's metadata. */
  duration: z.number().nullable(),
  contentType: z.string(),
  size: z.number().int(),
});
export type ResultVideo = z.infer<typeof ZResultVideo>;

export const ZInspectionResult = z.object({
  _id: z.string(),
  inspectionOrderId: z.string(),
  group: z.string(),
  section: z.string(),
  itemKey: z.string(),
  /** null: not set yet (or cleared by tapping the same severity again). */
  result: ZResultSeverity.nullable(),
  /** A finding key of the item, or 'Other'. */
  finding: z.string().nullable(),
  /** A recommendation key of the finding. */
  recommendation: z.string().nullable(),
  /** Typed texts (for 'Other', or to reword the template's); null: the template's text. */
  findingText: z.string().nullable(),
  recommendationText: z.string().nullable(),
  rank: z.number().int(),
  multiple: z.boolean(),
  note: z.string().nullable(),
  /** Deficiency reason code: warning 1-5, critical A-C (inspection-type.ts). */
  mapValue: z.string().nullable(),
  /** The measurement, in the item's unit. */
  value: z.number().nullable(),
  clientApprovedForWork: z.boolean(),
  deferredIgnoredByCustomer: z.boolean(),
  /** False after every change; an advisor confirms with PUT {confirmed: true}. */
  confirmed: z.boolean(),
  pictures: z.array(ZResultPicture),
  videos: z.array(ZResultVideo),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InspectionResult = z.infer<typeof ZInspectionResult>;

/** The measurement the vehicle's previous visit recorded for an item (shown beside the new one). */
export const ZPreviousMeasurement = z.object({
  itemKey: z.string(),
  value: z.number(),
  result: ZResultSeverity.nullable(),
  inspectionOrderId: z.string(),
  orderNumber: z.string().nullable(),
  /** When that order was written. */
  date: z.string(),
});
export type PreviousMeasurement = z.infer<typeof ZPreviousMeasurement>;

/**
 * GET .../result?grouped=true: the page's groups and sections naming their results by id, in
 * page order. Ids only: the results themselves are in `results` once (the payload is half of
 * what repeating them would be).
 */
export const ZResultGroups = z.array(
  z.object({
    group: z.string(),
    sections: z.array(z.object({ section: z.string(), resultIds: z.array(z.string()) })),
  }),
);
export type ResultGroups = z.infer<typeof ZResultGroups>;

/** GET .../result: the results in page order; `grouped` only with ?grouped=true. */
export const ZResultList = z.object({
  results: z.array(ZInspectionResult),
  previousMeasurements: z.array(ZPreviousMeasurement),
  grouped: ZResultGroups.optional(),
});
export type ResultList = z.infer<typeof ZResultList>;

const ZText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));

/** Fields a result write may set. */
const resultFields = {
  result: ZResultSeverity.nullable(),
  finding: z.string().trim().min(1).max(80).nullable(),
  recommendation: z.string().trim().min(1).max(80).nullable(),
  findingText: ZText(1000),
  recommendationText: ZText(1000),
  rank: z.number().int().min(0).max(100_000),
  note: ZText(4000),
  mapValue: z.string().trim().max(1).nullable(),
  value: z.number().finite().nullable(),
  clientApprovedForWork: z.boolean(),
  deferredIgnoredByCustomer: z.boolean(),
};

const ZResultFields = z.strictObject(resultFields).partial();

/**
 * POST .../result: the itemKey (must be an item of the order's inspection type, 400 otherwise);
 * group and section, when sent, must be the item's. Everything else optional.
 */
export const ZCreateResultRequest = ZResultFields.extend({
  itemKey: ZItemKey,
  group: z.string().trim().max(80).optional(),
  section: z.string().trim().max(80).optional(),
});
export type CreateResultRequest = z.infer<typeof ZCreateResultRequest>;

/** PUT .../result/{id}: the fields sent; `confirmed: true` confirms the result. */
export const ZUpdateResultRequest = ZResultFields.extend({ confirmed: z.literal(true).optional() }).refine(
  (b) => Object.values(b).some((v) => v !== undefined),
  { message: 'a field to change is mandatory' },
);
export type UpdateResultRequest = z.infer<typeof ZUpdateResultRequest>;

/* ---------------------------------------------------------------- severity rules */

export interface SeverityChoice {
  result: ResultSeverity | null;
  finding: string | null;
  recommendation: string | null;
}

/**
 * The findings that fit a severity: each finding of a template names the severities it applies
 * to (`severities`, at least one), in the template's order. None for na or no severity.
 */
export function findingsFor<F extends Pick<Finding, 'key' | 'severities'>>(
  item: { findings: readonly F[] },
  severity: ResultSeverity | null,
): F[] {
  if (severity === null || severity === 'na') return [];
  return item.findings.filter((f) => (f.severities as readonly string[]).includes(severity));
}

/**
 * What the finding picker of a result offers: the findings that fit its severity, and the
 * finding it holds when that one does not (stored under another severity or through the API),
 * so that the picker shows the truth rather than a blank; in the template's order.
 */
export function findingChoices<F extends Pick<Finding, 'key' | 'severities'>>(
  item: { findings: readonly F[] },
  severity: ResultSeverity | null,
  current: string | null,
): F[] {
  const fitting = new Set(findingsFor(item, severity));
  return item.findings.filter((f) => fitting.has(f) || f.key === current);
}

/**
 * The finding and recommendation a severity brings: okay sets the first finding that
 * applies to okay and no recommendation; warning or critical set the first finding that applies
 * (or 'Other' when none does) and its first recommendation; na and null set neither.
 */
export function severityDefaults(
  item: Pick<InspectionItem, 'findings'>,
  severity: ResultSeverity | null,
): SeverityChoice {
  if (severity === null || severity === 'na')
    return { result: severity, finding: null, recommendation: null };
  const finding = findingsFor(item, severity)[0] ?? null;
  if (severity === 'okay') return { result: 'okay', finding: finding?.key ?? null, recommendation: null };
  return {
    result: severity,
    finding: finding?.key ?? OTHER_FINDING,
    recommendation: finding?.recommendations[0]?.key ?? null,
  };
}

/**
 * A tap on a severity button: the severity with its defaults, or, when it is the
 * current severity already, everything cleared.
 */
export function tapSeverity(
  item: Pick<InspectionItem, 'findings'>,
  current: ResultSeverity | null,
  tapped: ResultSeverity,
): SeverityChoice {
  if (current === tapped) return { result: null, finding: null, recommendation: null };
  return severityDefaults(item, tapped);
}

/** Whether a finding key is one of the item's (or 'Other'), and a recommendation one of that finding's. */
export function findingProblem(
  item: Pick<InspectionItem, 'findings'>,
  finding: string | null,
  recommendation: string | null,
): string | null {
  if (finding === null) return recommendation === null ? null : 'recommendation: needs a finding';
  if (finding === OTHER_FINDING) return null; // typed texts; any recommendation key is refused below
  const f = item.findings.find((x) => x.key === finding);
  if (!f) return `finding: ${finding} is not a finding of this item`;
  if (recommendation !== null && !f.recommendations.some((r) => r.key === recommendation)) {
    return `recommendation: ${recommendation} is not a recommendation of ${finding}`;
  }
  return null;
}

/* ---------------------------------------------------------------- finishing */

/** Why an inspection cannot be finished (the can-be-finished answer). */
export const FINISH_REASONS = ['measurements-required', 'items-required'] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

/**
 * Finishing: 'measurements-required' when a measurement item was skipped (required, or
 * given a severity other than na, but without a value); else 'items-required' when a required
 * item has no result; else null. `finishBlockers` names the items.
 */
export function cannotBeFinishedReason(
  type: Pick<InspectionDefinition, 'groups' | 'groupOrder'>,
  results: readonly FinishResult[],
): FinishReason | null {
  return finishReasonOf(finishBlockers(type, results));
}

/** The reason the blocking items give: measurements first, then results; null when none. */
export function finishReasonOf(blockers: FinishBlockers): FinishReason | null {
  if (blockers.missingMeasurements.length > 0) return 'measurements-required';
  if (blockers.missingResults.length > 0) return 'items-required';
  return null;
}

/* ---------------------------------------------------------- effects on the order */

export interface ResultChangeContext {
  role: Role;
  timeTrackerEnabled: boolean;
  timeTrackerRunning: boolean;
  states: OrderStates;
}

export interface ResultChangeEffects {
  /** The inspection was done: it is reopened (inProgress, finished false, a reopened activity). */
  reopen: boolean;
  /** A time entry starts for the caller. */
  startTimeTracker: boolean;
  /** The order's step states afterwards (work started: notStarted/pending inspection becomes inProgress). */
  states: OrderStates;
}

/**
 * What a result create, update, remove or measurement-create does to its order (done by
 * the server in the same transaction as the change): a finished inspection is reopened; the time
 * tracker starts for a technician when the store enables it and it is not running; work starts.
 * The result itself is marked unconfirmed by the write.
 */
export function resultChangeEffects(ctx: ResultChangeContext): ResultChangeEffects {
  const reopen = ctx.states.inspection === 'done';
  const startTimeTracker = isTechnician(ctx.role) && ctx.timeTrackerEnabled && !ctx.timeTrackerRunning;
  const states = startWork(reopen ? { ...ctx.states, inspection: 'inProgress' } : ctx.states);
  return { reopen, startTimeTracker, states };
}

/** A video cannot be the order's primary picture (the server's 415 message too). */
export const PRIMARY_PICTURE_VIDEO_MESSAGE = 'Were sorry videos are not allowed as primary pictures';
