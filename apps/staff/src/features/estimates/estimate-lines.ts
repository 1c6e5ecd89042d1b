import {
  amountToCents,
  lineAmounts,
  type Estimate,
  type EstimateAmounts,
  type EstimateFee,
  type EstimateLine,
  type EstimatePart,
  type UpdateEstimateLineRequest,
} from '@servicebay/domain';

/**
 * The estimate pages' rules on what is on screen, pure: a line's draft as the advisor edits it
 * (numbers as typed, what is missing, whether it changed, its amounts, what Save sends), the
 * labour rate box, the totals table's rows and the approved / deferred split. The components
 * (`EstimateLineCard`, `EstimatesPage`, `ApprovedWorkPage`) render them; amounts come from the
 * domain's `lineAmounts`, totals from the server.
 */

/** A line as its card edits it. */
export interface LineDraft {
  description: string;
  labourHours: number;
  parts: EstimatePart[];
  fees: EstimateFee[];
}

/** The draft of a line: the server's copy, parts and fees copied so edits never touch it. */
export function draftOf(line: Pick<EstimateLine, 'description' | 'labourHours' | 'parts' | 'fees'>): LineDraft {
  return {
    description: line.description,
    labourHours: line.labourHours,
    parts: line.parts.map((p) => ({ ...p })),
    fees: line.fees.map((f) => ({ ...f })),
  };
}

/** A number as typed: a comma reads as the decimal point, anything else as zero. */
export function typedNumber(v: number | string): number {
  return typeof v === 'number' ? v : Number(String(v).replace(',', '.')) || 0;
}

/** A price typed in dollars, in cents: never below zero, zero for what is not a number. */
export function typedCents(v: number | string): number {
  return Math.max(0, amountToCents(v) ?? 0);
}

/** Labour hours as typed: to the hundredth, between 0 and 999. */
export function typedLabourHours(v: number | string): number {
  return Math.min(999, Math.max(0, Math.round(typedNumber(v) * 100) / 100));
}

/** A part's quantity as typed: to the hundredth (the field's bounds and the save rules do the rest). */
export function typedQuantity(v: number | string): number {
  return Math.round(typedNumber(v) * 100) / 100;
}

/** A part number as typed: a blank one is none. */
export function typedPartNumber(text: string): string | null {
  return text.trim() === '' ? null : text;
}

/** A new part row and a new fee row. */
export const newPart = (): EstimatePart => ({ number: null, description: '', quantity: 1, unitPrice: 0 });
export const newFee = (): EstimateFee => ({ description: '', amount: 0 });

/** The list with one row changed (the others kept as they are). */
export function changeRow<T>(rows: readonly T[], index: number, change: Partial<T>): T[] {
  return rows.map((row, i) => (i === index ? { ...row, ...change } : row));
}

/** The list without one row. */
export function removeRow<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_, i) => i !== index);
}

/** The draft differs from the server's copy of the line (Save and Undo are offered). */
export function isDirty(draft: LineDraft, line: Pick<EstimateLine, 'description' | 'labourHours' | 'parts' | 'fees'>): boolean {
  return JSON.stringify(draft) !== JSON.stringify(draftOf(line));
}

/** What stops a save: a blank description, a part without description or quantity, a fee without description. */
export function draftProblems(draft: LineDraft) {
  const descriptionMissing = draft.description.trim() === '';
  const partMissing = draft.parts.some((p) => p.description.trim() === '' || !(p.quantity > 0));
  const feeMissing = draft.fees.some((f) => f.description.trim() === '');
  return { descriptionMissing, partMissing, feeMissing, valid: !descriptionMissing && !partMissing && !feeMissing };
}

/** Save is offered for a changed draft with nothing missing. */
export function maySaveDraft(draft: LineDraft, line: Pick<EstimateLine, 'description' | 'labourHours' | 'parts' | 'fees'>): boolean {
  return isDirty(draft, line) && draftProblems(draft).valid;
}

/** The amounts the card shows while the advisor types: the draft priced at the estimate's labour rate. */
export function draftAmounts(draft: LineDraft, labourRate: number): EstimateAmounts {
  return lineAmounts(draft, labourRate);
}

/** What Save sends: the whole line, texts trimmed, a blank part number as none (lists replaced whole). */
export function lineSaveBody(draft: LineDraft): UpdateEstimateLineRequest {
  return {
    description: draft.description.trim(),
    labourHours: draft.labourHours,
    parts: draft.parts.map((p) => ({ ...p, description: p.description.trim(), number: p.number?.trim() || null })),
    fees: draft.fees.map((f) => ({ ...f, description: f.description.trim() })),
  };
}

/** A line whose result became okay or n/a is no longer recommended (drawing again removes it). */
export function isNoLongerRecommended(line: Pick<EstimateLine, 'severity'>): boolean {
  return line.severity === 'okay' || line.severity === 'na';
}

/** The highest labour rate a store may set, in cents per hour. */
export const MAX_LABOUR_RATE_CENTS = 10_000_00;

/** The labour rate box: its value in cents, whether it is allowed, and whether Set is offered (a changed, allowed rate). */
export function labourRateEntry(typed: number | string, current: number) {
  const cents = amountToCents(typed);
  const valid = cents !== null && cents >= 0 && cents <= MAX_LABOUR_RATE_CENTS;
  return { cents, valid, canSet: valid && cents !== current };
}

/** One row of the totals table: its label's key (a tax names itself), its amount. */
export type TotalsRow =
  | { kind: 'labour' | 'parts' | 'fees' | 'subtotal' | 'total' | 'approvedTotal'; amount: number }
  | { kind: 'tax'; name: string; ratePercent: number; amount: number };

/**
 * The totals table: labour, parts, fees, subtotal, each tax of the estimate in its order, the
 * total, and the approved total on the approved-work page.
 */
export function totalsRows(estimate: Pick<Estimate, 'totals' | 'taxes'>, approved = false): TotalsRow[] {
  const { totals } = estimate;
  return [
    { kind: 'labour', amount: totals.labour },
    { kind: 'parts', amount: totals.parts },
    { kind: 'fees', amount: totals.fees },
    { kind: 'subtotal', amount: totals.subtotal },
    ...estimate.taxes.map((tax): TotalsRow => ({ kind: 'tax', name: tax.name, ratePercent: tax.ratePercent, amount: tax.amount })),
    { kind: 'total', amount: totals.total },
    ...(approved ? [{ kind: 'approvedTotal', amount: totals.approvedTotal } as TotalsRow] : []),
  ];
}

/** The customer's word on a line: approved, declined, or not yet. */
export function decisionOf(line: Pick<EstimateLine, 'decision'>): 'approved' | 'declined' | 'undecided' {
  return line.decision ?? 'undecided';
}

/**
 * The approved-work page's lists: the approved lines, the declined ones (deferred work), and the
 * recommended lines the customer has not decided on yet (lines added by hand have nothing to decide).
 */
export function splitByDecision<L extends Pick<EstimateLine, 'decision' | 'resultId'>>(lines: readonly L[]) {
  return {
    approved: lines.filter((l) => l.decision === 'approved'),
    declined: lines.filter((l) => l.decision === 'declined'),
    undecided: lines.filter((l) => l.resultId !== null && l.decision === null),
  };
}
