import {
  estimateTotals,
  isStepState,
  lineAmounts,
  RESULT_SEVERITIES,
  type CustomerDecision,
  type Estimate,
  type EstimateLine,
  type ResultSeverity,
} from '@servicebay/domain';
import type { EstimateLineRow, EstimateRow } from './estimates.repository.js';

const asDecision = (value: string | null): CustomerDecision | null => (value === 'approved' || value === 'declined' ? value : null);
/** A result's severity as stored, or null for none (a cleared result). */
export const asSeverity = (value: string | null | undefined): ResultSeverity | null =>
  (RESULT_SEVERITIES as readonly string[]).includes(value ?? '') ? (value as ResultSeverity) : null;

/** The estimate as the API shows it: every line priced, the taxes and totals worked out. */
export function presentEstimate(
  row: { estimate: EstimateRow; status: string | null; delivery: string; state: string },
  lines: ReadonlyArray<{ line: EstimateLineRow; decision: string | null; severity?: string | null }>,
): Estimate {
  const { estimate } = row;
  const priced: EstimateLine[] = lines.map(({ line, decision, severity }) => ({
    _id: line.id,
    resultId: line.resultId,
    description: line.description,
    labourHours: line.labourHours,
    parts: line.parts,
    fees: line.fees,
    rank: line.rank,
    decision: line.resultId ? asDecision(decision) : null,
    severity: line.resultId ? asSeverity(severity) : null,
    amounts: lineAmounts(line, estimate.labourRate),
  }));
  const { taxes, totals } = estimateTotals(priced, estimate.taxes);
  return {
    _id: estimate.id,
    inspectionOrderId: estimate.inspectionOrderId,
    version: estimate.version,
    status: row.status === 'AUTHORIZED' || row.status === 'IN_PROGRESS' ? row.status : null,
    delivery: row.delivery === 'IN_PROGRESS' || row.delivery === 'DELIVERED' ? row.delivery : 'NOT_SENT',
    state: isStepState(row.state) ? row.state : 'notStarted',
    currency: estimate.currency === 'CAD' ? 'CAD' : 'USD',
    labourRate: estimate.labourRate,
    lines: priced,
    taxes,
    totals,
    updatedAt: estimate.updatedAt.toISOString(),
  };
}
