import {
  errors,
  NOTIFICATION_LIFETIME_MS,
  NOTIFICATION_LIST_MAX,
  topics,
  type Notification,
  type NotificationCreatedEvent,
  type NotificationKind,
  type NotificationList,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { recordEvent } from '../../platform/outbox/outbox.repository.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { presentNotification } from './notifications.presenter.js';

/** A notification to make: who is told, of what, and the event it comes from. */
export interface NotificationDraft {
  userId: string;
  storeId: string | null;
  kind: NotificationKind;
  params: Record<string, string | number | null>;
  /** Names the event: the same key for the same user is told once. */
  sourceKey: string;
  inspectionOrderId: string | null;
  customerId: string | null;
}

/**
 * Makes a notification in the caller's transaction and announces it on
 * system/notifications/created (given to the addressee's sockets only). Nothing when the user was
 * already told of this source, or is not an active user. Returns what was made; `told` hears of
 * it too, with the addressee's language (the reactions push it from there).
 */
export async function notifyIn(
  tx: Db,
  draft: NotificationDraft,
  now: Date,
  told?: (made: { notification: Notification; language: string; draft: NotificationDraft }) => void,
): Promise<Notification | null> {
  const repo = createNotificationsRepository(tx);
  const recipient = await repo.recipient(draft.userId);
  if (!recipient?.active) return null;
  const row = await repo.insert({
    ...draft,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + NOTIFICATION_LIFETIME_MS),
  });
  if (!row) return null;
  const notification = presentNotification(row, recipient.language);
  const event: NotificationCreatedEvent = { userId: draft.userId, notification };
  await recordEvent(tx, topics.system.notificationsCreated, event);
  told?.({ notification, language: recipient.language, draft });
  return notification;
}

/** A user's own notifications and push subscriptions (docs/notifications.md). */
export function createNotificationsService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const repo = createNotificationsRepository(deps.db);
  const languageOf = async (userId: string) => (await repo.recipient(userId))?.language ?? 'en';

  const changed = async (userId: string, id: string, field: 'read' | 'archived') => {
    const row = await repo.mark(userId, id, field, now());
    if (!row) throw errors.notFound('No such notification');
    return presentNotification(row, await languageOf(userId));
  };

  return {
    async list(userId: string): Promise<NotificationList> {
      const [rows, unread, language] = await Promise.all([
        repo.list(userId, NOTIFICATION_LIST_MAX),
        repo.unreadCount(userId, now()),
        languageOf(userId),
      ]);
      return { notifications: rows.map((row) => presentNotification(row, language)), unread };
    },

    read: (userId: string, id: string) => changed(userId, id, 'read'),
    archive: (userId: string, id: string) => changed(userId, id, 'archived'),

    /**
     * Archives the named notifications, all or none: when one of them is not the user's the
     * answer is 404 and nothing changes. Already archived ones count as done, not again.
     */
    async archiveMany(userId: string, ids: string[]): Promise<{ archived: number }> {
      const unique = [...new Set(ids)];
      return deps.db.transaction(async (tx) => {
        const repoTx = createNotificationsRepository(tx);
        if ((await repoTx.countOwn(userId, unique)) !== unique.length) throw errors.notFound('No such notification');
        return { archived: await repoTx.archiveMany(userId, unique, now()) };
      });
    },

    /** Removes one of the user's push subscriptions; 404 when it is not the user's (or already gone). */
    async unsubscribe(userId: string, subscriptionId: string): Promise<{ removed: true }> {
      if (!(await repo.removeSubscription(userId, subscriptionId))) throw errors.notFound('No such subscription');
      return { removed: true };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
