import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { reportApprovals, reportDeliveries } from './reports.schema.js';

export type ReportApprovalRow = typeof reportApprovals.$inferSelect;
export type NewReportApproval = Omit<typeof reportApprovals.$inferInsert, 'id' | 'createdAt'>;

/** A report's reading status change, as the sweeper and the page's views make them. */
export interface ReadingChange {
  id: string;
  storeId: string;
  status: 'reading' | 'read';
  lastViewed: Date | null;
}

/**
 * SQL of the customer's report (docs/reports.md): the shop's header, the language it was sent
 * in, the approval audit trail (append-only: a trigger refuses UPDATE and DELETE), and the
 * report's reading status on the order (report_status, report_last_viewed).
 */
export function createReportViewRepository(db: Db) {
  return {
    async shop(storeId: string) {
      const [row] = await db
        .select({
          name: stores.name,
          phone: stores.phoneNo,
          email: stores.email,
          address: stores.address,
          settings: stores.settings,
        })
        .from(stores)
        .where(eq(stores.id, storeId));
      return row ?? null;
    },

    /** The language of the order's latest report sent; null when none was sent. */
    async sentLanguage(storeId: string, inspectionOrderId: string): Promise<string | null> {
      const [row] = await db
        .select({ language: reportDeliveries.language })
        .from(reportDeliveries)
        .where(
          and(
            eq(reportDeliveries.storeId, storeId),
            eq(reportDeliveries.inspectionOrderId, inspectionOrderId),
          ),
        )
        .orderBy(desc(reportDeliveries.createdAt))
        .limit(1);
      return row?.language ?? null;
    },

    async insertApproval(values: NewReportApproval): Promise<ReportApprovalRow> {
      const [row] = await db.insert(reportApprovals).values(values).returning();
      return row!;
    },

    async approvals(storeId: string, inspectionOrderId: string): Promise<ReportApprovalRow[]> {
      return db
        .select()
        .from(reportApprovals)
        .where(
          and(eq(reportApprovals.storeId, storeId), eq(reportApprovals.inspectionOrderId, inspectionOrderId)),
        )
        .orderBy(asc(reportApprovals.createdAt), asc(reportApprovals.id));
    },

    /**
     * The customer is reading: status 'reading', last viewed now. Answers the change, with the
     * status it had before, so only a change of status is announced (not every heartbeat); null
     * when the report was already being read and viewed within the last second.
     */
    async markReading(storeId: string, inspectionOrderId: string) {
      const result = await db.execute(sql`
        update ${inspectionOrders} o
           set report_status = 'reading', report_last_viewed = now()
          from (select id, report_status from ${inspectionOrders}
                 where id = ${inspectionOrderId} and store_id = ${storeId}
                   -- Viewed less than a second ago: nothing to write (many views at once queue on no lock).
                   and (report_status is distinct from 'reading' or report_last_viewed < now() - interval '1 second')
                   for update) before
         where o.id = before.id
        returning before.report_status as previous, o.report_last_viewed as last_viewed`);
      const [row] = rowsOf<{ previous: string | null; last_viewed: Date | string | null }>(result);
      return row ? { previous: row.previous, lastViewed: toDate(row.last_viewed) } : null;
    },

    /**
     * Reports not viewed for `timeoutMs` turn 'read': one statement, on the
     * partial index inspection_orders_report_reading_idx; several servers may run it at once.
     */
    async sweepReading(timeoutMs: number): Promise<ReadingChange[]> {
      const result = await db.execute(sql`
        update ${inspectionOrders}
           set report_status = 'read'
         where report_status = 'reading'
           and report_last_viewed < now() - make_interval(secs => ${timeoutMs / 1000})
        returning id, store_id, report_last_viewed as last_viewed`);
      return rowsOf<{ id: string; store_id: string; last_viewed: Date | string | null }>(result).map((r) => ({
        id: r.id,
        storeId: r.store_id,
        status: 'read' as const,
        lastViewed: toDate(r.last_viewed),
      }));
    },
  };
}
export type ReportViewRepository = ReturnType<typeof createReportViewRepository>;

/** node-postgres answers { rows }, PGlite's drizzle driver too; both shapes are read. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
