import { and, count, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, stores } from '../../platform/db/schema/tenancy.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { inspectionResults } from '../inspections/inspections.schema.js';
import { estimateLines, estimates } from '../estimates/estimates.schema.js';

/**
 * What the figures of the day are read from (docs/analytics.md). Each read covers every store asked
 * for in one statement, whatever their number, and each is served by an index led by store_id:
 * cars by `inspection_orders_created_idx`, open orders by the open-order partial indexes,
 * decisions by `inspection_results_decided_idx`.
 */
export function createStoreFiguresRepository(db: Db) {
  return {
    /** The account's stores (none for an account without stores); null for an account that does not exist. */
    async accountStoreIds(accountId: string): Promise<string[] | null> {
      const rows = await db
        .select({ storeId: stores.id })
        .from(accounts)
        .leftJoin(stores, eq(stores.accountId, accounts.id))
        .where(eq(accounts.id, accountId));
      if (rows.length === 0) return null;
      return rows.flatMap((r) => (r.storeId ? [r.storeId] : []));
    },

    async storeSettings(storeIds: readonly string[]) {
      if (storeIds.length === 0) return [];
      return db
        .select({ storeId: stores.id, settings: stores.settings, country: stores.country, state: stores.state })
        .from(stores)
        .where(inArray(stores.id, [...storeIds]));
    },

    /** Per store, the orders written in [from, to) for a car in the shop. */
    async carCounts(storeIds: readonly string[], from: Date, to: Date) {
      if (storeIds.length === 0) return [];
      return db
        .select({ storeId: inspectionOrders.storeId, cars: count() })
        .from(inspectionOrders)
        .where(
          and(
            inArray(inspectionOrders.storeId, [...storeIds]),
            gte(inspectionOrders.createdAt, from),
            lt(inspectionOrders.createdAt, to),
            eq(inspectionOrders.vehicleInShop, true),
          ),
        )
        .groupBy(inspectionOrders.storeId);
    },

    /**
     * The open orders of cars in the shop, grouped by what their stage is made of (step states and
     * the finished flag), with how many share each: a few dozen rows per store at most.
     */
    async openOrderStates(storeIds: readonly string[]) {
      if (storeIds.length === 0) return [];
      const o = inspectionOrders;
      return db
        .select({
          storeId: o.storeId,
          inspection: o.stateInspection,
          estimate: o.stateEstimate,
          approval: o.stateApproval,
          parts: o.stateParts,
          work: o.stateWork,
          finished: o.finished,
          count: count(),
        })
        .from(o)
        // Literal booleans, so the plan can use the partial indexes on open orders.
        .where(and(inArray(o.storeId, [...storeIds]), sql`${o.closed} = false`, sql`${o.vehicleInShop} = true`))
        .groupBy(o.storeId, o.stateInspection, o.stateEstimate, o.stateApproval, o.stateParts, o.stateWork, o.finished);
    },

    /**
     * The items customers decided in [from, to), each with its estimate line's prices and the
     * estimate's labour rate (no line: an item without a price).
     */
    async decidedItems(storeIds: readonly string[], from: Date, to: Date) {
      if (storeIds.length === 0) return [];
      const r = inspectionResults;
      return db
        .select({
          storeId: r.storeId,
          inspectionOrderId: r.inspectionOrderId,
          decision: r.customerDecision,
          labourRate: estimates.labourRate,
          labourHours: estimateLines.labourHours,
          parts: estimateLines.parts,
          fees: estimateLines.fees,
        })
        .from(r)
        .leftJoin(estimates, eq(estimates.inspectionOrderId, r.inspectionOrderId))
        .leftJoin(estimateLines, and(eq(estimateLines.estimateId, estimates.id), eq(estimateLines.resultId, r.id)))
        .where(
          and(
            inArray(r.storeId, [...storeIds]),
            isNotNull(r.customerDecision),
            gte(r.customerDecidedAt, from),
            lt(r.customerDecidedAt, to),
          ),
        );
    },
  };
}

export type StoreFiguresRepository = ReturnType<typeof createStoreFiguresRepository>;
