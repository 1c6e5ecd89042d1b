import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { estimateLines, estimates, inspectionOrders, inspectionResults } from '../../platform/db/schema.js';

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateLineRow = typeof estimateLines.$inferSelect;

/** Estimates and their lines (docs/estimates.md); every query scoped by store. */
export function createEstimatesRepository(db: Db) {
  return {
    /** The order's estimate with its order's status and delivery; null when none was made. */
    async findByOrder(storeId: string, inspectionOrderId: string) {
      const [row] = await db
        .select({ estimate: estimates, status: inspectionOrders.estimateStatus, delivery: inspectionOrders.estimateDelivery })
        .from(estimates)
        .innerJoin(inspectionOrders, eq(inspectionOrders.id, estimates.inspectionOrderId))
        .where(and(eq(estimates.storeId, storeId), eq(estimates.inspectionOrderId, inspectionOrderId)));
      return row ?? null;
    },

    /** The lines in their order, each with the customer's decision on its result. */
    async lines(storeId: string, estimateId: string) {
      return db
        .select({ line: estimateLines, decision: inspectionResults.customerDecision })
        .from(estimateLines)
        .leftJoin(inspectionResults, eq(inspectionResults.id, estimateLines.resultId))
        .where(and(eq(estimateLines.storeId, storeId), eq(estimateLines.estimateId, estimateId)))
        .orderBy(asc(estimateLines.rank), asc(estimateLines.createdAt), asc(estimateLines.id));
    },
  };
}
export type EstimatesRepository = ReturnType<typeof createEstimatesRepository>;
