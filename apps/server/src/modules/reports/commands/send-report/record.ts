import type { SendReportRequest } from '@servicebay/domain';
import type { Actor } from '../../../repair-orders/index.js';
import { createReportSendingRepository, type ReportDeliveryRow } from '../../report-sending.repository.js';
import type { SendReportDeps } from './deps.js';
import type { DeliveryOutcome } from './deliver.js';
import type { SendPlan } from './plan.js';

/**
 * Step 3, with the order locked again: each delivery's outcome recorded, and what the order
 * becomes: the report done and DELIVERED when someone was reached, the repair-complete flag for
 * that notification, else the estimate delivery as it was ever delivered or not.
 */
export function recordOutcomes(
  deps: Pick<SendReportDeps, 'orders'>,
  input: { storeId: string; inspectionOrderId: string; body: SendReportRequest; actor: Actor },
  plan: Pick<SendPlan, 'results' | 'toSend'>,
  outcomes: Map<string, DeliveryOutcome>,
): Promise<ReportDeliveryRow[]> {
  const { storeId, inspectionOrderId, body, actor } = input;
  return deps.orders.reportWork(storeId, inspectionOrderId, actor, async (tx) => {
    const repo = createReportSendingRepository(tx);
    const rows: ReportDeliveryRow[] = [];
    for (const row of plan.results) {
      const outcome = outcomes.get(row.id);
      rows.push(outcome ? await repo.record(row.id, outcome) : row);
    }
    if (!plan.toSend.length) return { value: rows, change: null };
    const reached = plan.toSend.some((r) => outcomes.get(r.id)?.status !== 'error');
    if (body.notification === 'repairComplete') {
      return {
        value: rows,
        change: reached ? { isCustomerNotifiedAboutRepair: true, activity: 'repairCompleteNotified' as const } : null,
      };
    }
    if (reached)
      return {
        value: rows,
        change: { estimateDelivery: 'DELIVERED' as const, reportState: 'done' as const, activity: 'reportSent' as const },
      };
    return {
      value: rows,
      change: {
        estimateDelivery: (await repo.everDelivered(storeId, inspectionOrderId)) ? ('DELIVERED' as const) : ('NOT_SENT' as const),
      },
    };
  });
}
