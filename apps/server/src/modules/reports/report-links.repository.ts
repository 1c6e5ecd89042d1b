import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { reportLinks } from './reports.schema.js';

export type ReportLinkRow = typeof reportLinks.$inferSelect;

/** Report links (docs/reports.md): made when a report is sent, revoked by the shop. */
export function createReportLinksRepository(db: Db) {
  return {
    /** The order's store and customer, whoever asks: the access check comes after. */
    async orderOwner(inspectionOrderId: string) {
      const [row] = await db
        .select({ storeId: inspectionOrders.storeId, customerId: inspectionOrders.customerId })
        .from(inspectionOrders)
        .where(eq(inspectionOrders.id, inspectionOrderId));
      return row ?? null;
    },

    async insert(link: { storeId: string; inspectionOrderId: string; createdBy: string | null }) {
      const [row] = await db.insert(reportLinks).values(link).returning();
      return row!;
    },

    /** The link, when it belongs to the order and is not revoked. */
    async findActive(linkId: string, inspectionOrderId: string) {
      const [row] = await db
        .select()
        .from(reportLinks)
        .where(and(eq(reportLinks.id, linkId), eq(reportLinks.inspectionOrderId, inspectionOrderId), isNull(reportLinks.revokedAt)));
      return row ?? null;
    },

    async listForOrder(storeId: string, inspectionOrderId: string) {
      return db
        .select()
        .from(reportLinks)
        .where(and(eq(reportLinks.storeId, storeId), eq(reportLinks.inspectionOrderId, inspectionOrderId)))
        .orderBy(desc(reportLinks.createdAt));
    },

    /** Revokes the order's active links; answers those it revoked. */
    async revokeAll(storeId: string, inspectionOrderId: string, revokedBy: string) {
      return db
        .update(reportLinks)
        .set({ revokedAt: new Date(), revokedBy })
        .where(and(eq(reportLinks.storeId, storeId), eq(reportLinks.inspectionOrderId, inspectionOrderId), isNull(reportLinks.revokedAt)))
        .returning();
    },

    async markOpened(linkId: string) {
      // Opened again within a second (a reload, a burst of views): nothing is written.
      const at = new Date();
      await db
        .update(reportLinks)
        .set({ lastOpenedAt: at })
        .where(
          and(
            eq(reportLinks.id, linkId),
            or(isNull(reportLinks.lastOpenedAt), lt(reportLinks.lastOpenedAt, new Date(at.getTime() - 1000))),
          ),
        );
    },
  };
}
export type ReportLinksRepository = ReturnType<typeof createReportLinksRepository>;
