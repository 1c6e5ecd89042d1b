import { z } from 'zod';
import { CURRENCIES, type EstimateTax } from '../identity/store.js';
import { ESTIMATE_DELIVERIES, ESTIMATE_STATUSES, ZStepState } from '../repair-orders/repair-order.js';
import { ZResultSeverity } from '../inspections/inspection-type.js';

/**
 * Estimates: their lines, status and delivery. docs/estimates.md is
 * the contract in prose. Money is in cents (integers) everywhere; hours in hundredths.
 */

export const ZEstimateStatus = z.enum(ESTIMATE_STATUSES);
export type EstimateStatus = z.infer<typeof ZEstimateStatus>;

export const ZEstimateDelivery = z.enum(ESTIMATE_DELIVERIES);
export type EstimateDelivery = z.infer<typeof ZEstimateDelivery>;

/** The customer's word on a recommended item (a warning or critical result). */
export const CUSTOMER_DECISIONS = ['approved', 'declined'] as const;
export const ZCustomerDecision = z.enum(CUSTOMER_DECISIONS);
export type CustomerDecision = z.infer<typeof ZCustomerDecision>;

/** Cents: a whole, non-negative amount below ten million dollars. */
export const ZCents = z.number().int().min(0).max(1_000_000_000);

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const ZEstimatePart = z.strictObject({
  number: z.string().trim().max(60).nullable(),
  description: z.string().trim().min(1).max(200),
  quantity: z.number().positive().max(9999).refine(twoDecimals, 'at most two decimals'),
  unitPrice: ZCents,
});
export type EstimatePart = z.infer<typeof ZEstimatePart>;

export const ZEstimateFee = z.strictObject({
  description: z.string().trim().min(1).max(200),
  amount: ZCents,
});
export type EstimateFee = z.infer<typeof ZEstimateFee>;

export const ZLabourHours = z.number().min(0).max(999).refine(twoDecimals, 'at most two decimals');

/** Amounts of a line or of the whole estimate, in cents. */
export const ZEstimateAmounts = z.object({
  labour: z.number().int(),
  parts: z.number().int(),
  fees: z.number().int(),
  subtotal: z.number().int(),
});
export type EstimateAmounts = z.infer<typeof ZEstimateAmounts>;

export const ZEstimateLine = z.object({
  _id: z.string(),
  /** The result the line prices; null for a line added by hand. */
  resultId: z.string().nullable(),
  description: z.string(),
  labourHours: z.number(),
  parts: z.array(ZEstimatePart),
  fees: z.array(ZEstimateFee),
  rank: z.number().int(),
  /** The customer's decision on the line's result (null: undecided, or a line without a result). */
  decision: ZCustomerDecision.nullable(),
  /**
   * The severity its result has now (null: a line without a result). A line whose result became
   * okay or na is no longer recommended: the page flags it and drawing again removes it.
   */
  severity: ZResultSeverity.nullable(),
  amounts: ZEstimateAmounts,
});
export type EstimateLine = z.infer<typeof ZEstimateLine>;

/** A tax of an estimate with the amount it adds. */
export const ZEstimateTaxAmount = z.object({
  name: z.string(),
  /** Its French name when the store gave one (taxName); absent: the name is used in French too. */
  nameFr: z.string().optional(),
  ratePercent: z.number(),
  onLabour: z.boolean(),
  onParts: z.boolean(),
  onFees: z.boolean(),
  amount: z.number().int(),
});

export const ZEstimate = z.object({
  _id: z.string(),
  inspectionOrderId: z.string(),
  /** Bumped by every change of the lines; approvals record the version the customer saw. */
  version: z.number().int(),
  status: ZEstimateStatus.nullable(),
  delivery: ZEstimateDelivery,
  /** The order's estimate step (states.estimate): inProgress while built, done once marked ready. */
  state: ZStepState,
  currency: z.enum(CURRENCIES),
  /** Cents per hour. */
  labourRate: z.number().int(),
  lines: z.array(ZEstimateLine),
  /** Each tax with the amount it adds to the whole estimate. */
  taxes: z.array(ZEstimateTaxAmount),
  totals: ZEstimateAmounts.extend({
    tax: z.number().int(),
    total: z.number().int(),
    /** The total (taxes included) of the lines whose result the customer approved. */
    approvedTotal: z.number().int(),
  }),
  updatedAt: z.string(),
});
export type Estimate = z.infer<typeof ZEstimate>;

/** What a line holds before it is priced. */
export interface LineInput {
  labourHours: number;
  parts: readonly EstimatePart[];
  fees: readonly EstimateFee[];
}

/** A line's amounts: labour is hours x the rate, rounded to the cent; parts are quantity x price. */
export function lineAmounts(line: LineInput, labourRate: number): EstimateAmounts {
  const labour = Math.round(line.labourHours * labourRate);
  const parts = line.parts.reduce((sum, p) => sum + Math.round(p.quantity * p.unitPrice), 0);
  const fees = line.fees.reduce((sum, f) => sum + f.amount, 0);
  return { labour, parts, fees, subtotal: labour + parts + fees };
}

function sumAmounts(list: readonly EstimateAmounts[]): EstimateAmounts {
  return list.reduce(
    (a, b) => ({ labour: a.labour + b.labour, parts: a.parts + b.parts, fees: a.fees + b.fees, subtotal: a.subtotal + b.subtotal }),
    { labour: 0, parts: 0, fees: 0, subtotal: 0 },
  );
}

/** Each tax's amount on some amounts: the rate applied to the sum of what it covers, rounded once. */
export function taxAmounts(amounts: EstimateAmounts, taxes: readonly EstimateTax[]) {
  return taxes.map((tax) => {
    const base = (tax.onLabour ? amounts.labour : 0) + (tax.onParts ? amounts.parts : 0) + (tax.onFees ? amounts.fees : 0);
    return { ...tax, amount: Math.round((base * tax.ratePercent) / 100) };
  });
}

/**
 * The estimate's totals. Taxes are computed on the sums, not per line, as an invoice would; the
 * approved total applies the same taxes to the approved lines alone.
 */
export function estimateTotals(
  lines: ReadonlyArray<{ amounts: EstimateAmounts; decision: CustomerDecision | null }>,
  taxes: readonly EstimateTax[],
) {
  const all = sumAmounts(lines.map((l) => l.amounts));
  const taxed = taxAmounts(all, taxes);
  const tax = taxed.reduce((sum, t) => sum + t.amount, 0);
  const approved = sumAmounts(lines.filter((l) => l.decision === 'approved').map((l) => l.amounts));
  const approvedTax = taxAmounts(approved, taxes).reduce((sum, t) => sum + t.amount, 0);
  return { taxes: taxed, totals: { ...all, tax, total: all.subtotal + tax, approvedTotal: approved.subtotal + approvedTax } };
}
