import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/users.js';
import { reportDeliveries, reportLinks } from './reports.schema.js';
import { isStaff } from '../../platform/db/staff.js';

export type ReportDeliveryRow = typeof reportDeliveries.$inferSelect;
export type NewReportDelivery = Omit<typeof reportDeliveries.$inferInsert, 'id' | 'createdAt'>;

/** Report deliveries and the staff view of report links (docs/reports.md). */
export function createReportSendingRepository(db: Db) {
  return {
    /** An active worker of the store (or an owner of its account), with the name the message is signed with. */
    async worker(store: { id: string; accountId: string }, userId: string) {
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, title: users.title })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.active, true),
            isStaff(),
            or(
              eq(users.storeId, store.id),
              and(eq(users.accountId, store.accountId), eq(users.type, 'owner')),
            ),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The deliveries made under one send token, oldest first. */
    async byKey(storeId: string, inspectionOrderId: string, sendKey: string) {
      return db
        .select()
        .from(reportDeliveries)
        .where(
          and(
            eq(reportDeliveries.storeId, storeId),
            eq(reportDeliveries.inspectionOrderId, inspectionOrderId),
            eq(reportDeliveries.sendKey, sendKey),
          ),
        )
        .orderBy(asc(reportDeliveries.createdAt), asc(reportDeliveries.id));
    },

    async insert(delivery: NewReportDelivery) {
      const [row] = await db.insert(reportDeliveries).values(delivery).returning();
      return row!;
    },

    async record(
      id: string,
      change: { status: string; error?: string | null; sentMessageId?: string | null },
    ) {
      const [row] = await db
        .update(reportDeliveries)
        .set(change)
        .where(eq(reportDeliveries.id, id))
        .returning();
      return row!;
    },

    /** Whether the report (not a repair notice) ever reached the customer. */
    async everDelivered(storeId: string, inspectionOrderId: string) {
      const [row] = await db
        .select({ id: reportDeliveries.id })
        .from(reportDeliveries)
        .where(
          and(
            eq(reportDeliveries.storeId, storeId),
            eq(reportDeliveries.inspectionOrderId, inspectionOrderId),
            eq(reportDeliveries.notification, 'report'),
            eq(reportDeliveries.status, 'fulfilled'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async listDeliveries(storeId: string, inspectionOrderId: string) {
      return db
        .select()
        .from(reportDeliveries)
        .where(
          and(
            eq(reportDeliveries.storeId, storeId),
            eq(reportDeliveries.inspectionOrderId, inspectionOrderId),
          ),
        )
        .orderBy(desc(reportDeliveries.createdAt), desc(reportDeliveries.id))
        .limit(200);
    },

    /** The order's links with the name of who made each, newest first. */
    async links(storeId: string, inspectionOrderId: string) {
      return db
        .select({
          link: reportLinks,
          creator: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        })
        .from(reportLinks)
        .leftJoin(users, eq(users.id, reportLinks.createdBy))
        .where(and(eq(reportLinks.storeId, storeId), eq(reportLinks.inspectionOrderId, inspectionOrderId)))
        .orderBy(desc(reportLinks.createdAt), desc(reportLinks.id))
        .limit(200);
    },
  };
}
export type ReportSendingRepository = ReturnType<typeof createReportSendingRepository>;
