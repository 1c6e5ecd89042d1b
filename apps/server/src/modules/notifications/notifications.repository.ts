import { and, count, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/users.js';
import { notifications, pushSubscriptions } from './notifications.schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Every query names the user: a user reads and changes only its own notifications. */
export function createNotificationsRepository(db: Db) {
  return {
    /** Not archived, newest first (notifications_user_list_idx). */
    async list(userId: string, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.archived, false)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.archived, false),
            eq(notifications.read, false),
            gt(notifications.expiresAt, now),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async one(userId: string, id: string): Promise<NotificationRow | null> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
      return row ?? null;
    },

    /** Sets read or archived on one of the user's notifications; `updated` moves only on a change. */
    async mark(userId: string, id: string, field: 'read' | 'archived', at: Date): Promise<NotificationRow | null> {
      const column = field === 'read' ? notifications.read : notifications.archived;
      const [changed] = await db
        .update(notifications)
        .set({ [field]: true, updatedAt: at })
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id), eq(column, false)))
        .returning();
      return changed ?? (await this.one(userId, id));
    },

    /** Archives those of `ids` that are the user's and not archived yet; returns how many it archived. */
    async archiveMany(userId: string, ids: string[], at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ archived: true, updatedAt: at })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), eq(notifications.archived, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Counts the user's notifications among `ids` (archived or not). */
    async countOwn(userId: string, ids: string[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
      return Number(row?.n ?? 0);
    },

    /** Inserts unless the user was already told of this source; null then. */
    async insert(values: NewNotification): Promise<NotificationRow | null> {
      const [row] = await db
        .insert(notifications)
        .values(values)
        .onConflictDoNothing({ target: [notifications.userId, notifications.sourceKey] })
        .returning();
      return row ?? null;
    },

    /** The user's display language and whether it is an active user who can be told. */
    async recipient(userId: string): Promise<{ language: string; active: boolean } | null> {
      const [row] = await db
        .select({ language: users.language, active: users.active })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** Marks every notification of the user read but one (the demo's: only the newest unread). */
    async readAllBut(userId: string, keepId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.userId, userId), ne(notifications.id, keepId)));
    },

    /** Removes one of the user's push subscriptions; false when it is not the user's (or gone). */
    async removeSubscription(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async insertSubscription(values: typeof pushSubscriptions.$inferInsert) {
      const [row] = await db.insert(pushSubscriptions).values(values).returning();
      return row!;
    },

    /**
     * Stores a device's subscription: its endpoint once (push_subscriptions_endpoint), so the same
     * endpoint again updates the keys and the user, never a second row.
     */
    async upsertSubscription(values: { userId: string; endpoint: string; p256dh: string; auth: string; at: Date }): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ userId: values.userId, endpoint: values.endpoint, p256dh: values.p256dh, auth: values.auth, createdAt: values.at, updatedAt: values.at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, updatedAt: values.at },
        })
        .returning();
      return row!;
    },

    /** The user's devices (push_subscriptions_user_idx). */
    async subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /** Removes a subscription the push service reported gone. */
    async removeSubscriptionById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
