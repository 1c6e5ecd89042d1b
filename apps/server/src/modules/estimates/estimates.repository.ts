import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { readStoreSettings, type StoreSettings } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { inspectionResults } from '../inspections/inspections.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { estimateLines, estimates } from './estimates.schema.js';

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateLineRow = typeof estimateLines.$inferSelect;
export type NewEstimate = Pick<typeof estimates.$inferInsert, 'storeId' | 'inspectionOrderId' | 'currency' | 'labourRate' | 'taxes'>;
export type NewEstimateLine = Omit<typeof estimateLines.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type EstimateLineChange = Partial<Pick<NewEstimateLine, 'description' | 'labourHours' | 'parts' | 'fees' | 'rank'>>;

/** Estimates and their lines (docs/estimates.md); every query scoped by store. */
export function createEstimatesRepository(db: Db) {
  return {
    /** The order's estimate with its order's status, delivery and estimate step; null when none was made. */
    async findByOrder(storeId: string, inspectionOrderId: string) {
      const [row] = await db
        .select({
          estimate: estimates,
          status: inspectionOrders.estimateStatus,
          delivery: inspectionOrders.estimateDelivery,
          state: inspectionOrders.stateEstimate,
        })
        .from(estimates)
        .innerJoin(inspectionOrders, eq(inspectionOrders.id, estimates.inspectionOrderId))
        .where(and(eq(estimates.storeId, storeId), eq(estimates.inspectionOrderId, inspectionOrderId)));
      return row ?? null;
    },

    /** The lines in their order, each with the customer's decision on its result and the result's severity. */
    async lines(storeId: string, estimateId: string) {
      return db
        .select({ line: estimateLines, decision: inspectionResults.customerDecision, severity: inspectionResults.result })
        .from(estimateLines)
        .leftJoin(inspectionResults, eq(inspectionResults.id, estimateLines.resultId))
        .where(and(eq(estimateLines.storeId, storeId), eq(estimateLines.estimateId, estimateId)))
        .orderBy(asc(estimateLines.rank), asc(estimateLines.createdAt), asc(estimateLines.id));
    },

    /** The order of the store (null otherwise): whether it exists, for a first read. */
    async order(storeId: string, inspectionOrderId: string) {
      const [row] = await db
        .select({ id: inspectionOrders.id })
        .from(inspectionOrders)
        .where(and(eq(inspectionOrders.storeId, storeId), eq(inspectionOrders.id, inspectionOrderId)));
      return row ?? null;
    },

    /** The store's settings, every default filled in (currency, labour rate, taxes). */
    async storeSettings(storeId: string): Promise<StoreSettings> {
      const [row] = await db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, storeId));
      return readStoreSettings(row?.settings);
    },

    /** Makes the order's estimate unless one exists (two first reads at once make one); null then. */
    async insert(values: NewEstimate): Promise<EstimateRow | null> {
      const [row] = await db.insert(estimates).values(values).onConflictDoNothing({ target: estimates.inspectionOrderId }).returning();
      return row ?? null;
    },

    async insertLines(values: readonly NewEstimateLine[]) {
      if (!values.length) return [];
      return db.insert(estimateLines).values([...values]).returning();
    },

    /** One line of one estimate of the store: a line of another estimate matches nothing. */
    async line(storeId: string, estimateId: string, lineId: string): Promise<EstimateLineRow | null> {
      const [row] = await db
        .select()
        .from(estimateLines)
        .where(and(eq(estimateLines.storeId, storeId), eq(estimateLines.estimateId, estimateId), eq(estimateLines.id, lineId)));
      return row ?? null;
    },

    async countLines(storeId: string, estimateId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(estimateLines)
        .where(and(eq(estimateLines.storeId, storeId), eq(estimateLines.estimateId, estimateId)));
      return row?.n ?? 0;
    },

    async updateLine(storeId: string, lineId: string, values: EstimateLineChange) {
      await db
        .update(estimateLines)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(estimateLines.storeId, storeId), eq(estimateLines.id, lineId)));
    },

    async deleteLines(storeId: string, estimateId: string, ids: readonly string[]) {
      if (!ids.length) return;
      await db
        .delete(estimateLines)
        .where(and(eq(estimateLines.storeId, storeId), eq(estimateLines.estimateId, estimateId), inArray(estimateLines.id, [...ids])));
    },

    /** A new version of the estimate, with whatever of its own fields changed. */
    async bump(storeId: string, estimateId: string, values: Partial<Pick<EstimateRow, 'labourRate' | 'currency' | 'taxes'>> = {}) {
      await db
        .update(estimates)
        .set({ ...values, version: sql`${estimates.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(estimates.storeId, storeId), eq(estimates.id, estimateId)));
    },

    /** Registrar resolver: the store a line belongs to. */
    async lineStore(lineId: string): Promise<string | null> {
      const [row] = await db.select({ storeId: estimateLines.storeId }).from(estimateLines).where(eq(estimateLines.id, lineId));
      return row?.storeId ?? null;
    },
  };
}
export type EstimatesRepository = ReturnType<typeof createEstimatesRepository>;
