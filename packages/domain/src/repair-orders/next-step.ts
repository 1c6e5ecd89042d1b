import type { OrderStates } from './repair-order.js';

/**
 * The one thing an order asks for next, which the order page offers as its primary action:
 * finish the inspection, then price the estimate, then send the report, then close.
 */
export type OrderNextStep = 'finish' | 'estimate' | 'sendReport' | 'close';

export interface NextStepView {
  states: Pick<OrderStates, 'inspection' | 'estimate' | 'report'>;
  closed: boolean;
  /**
   * Whether the inspection recommends work (a warning or critical result): true, false, or null
   * while the results are not known yet.
   */
  recommendsWork: boolean | null;
}

/**
 * The order's next step, or null for a closed order:
 * - **finish** while the inspection is not done;
 * - **estimate** while the estimate is not done and one is needed: an estimate already started is
 *   needed, and so is a first one unless the inspection recommends nothing (unknown results count
 *   as recommending, so the estimate is never skipped by mistake);
 * - **sendReport** once the estimate is done or none is needed, until the report is sent (the
 *   server marks the report step done on sending);
 * - **close** once the report is sent.
 */
export function orderNextStep(order: NextStepView): OrderNextStep | null {
  if (order.closed) return null;
  const { inspection, estimate, report } = order.states;
  if (inspection !== 'done') return 'finish';
  const estimateNeeded = estimate !== 'notStarted' || order.recommendsWork !== false;
  if (estimate !== 'done' && estimateNeeded) return 'estimate';
  if (report !== 'done') return 'sendReport';
  return 'close';
}

/** Whether results recommend work: any warning or critical one. */
export function resultsRecommendWork(results: ReadonlyArray<{ result: string | null }>): boolean {
  return results.some((r) => r.result === 'warning' || r.result === 'critical');
}
