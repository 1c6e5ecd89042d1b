import { z } from 'zod';
import { ZId } from '../http/common.js';

/**
 * System notifications: one row per user, told of something that happened to them (a customer
 * approved a report, a customer texted, an order was assigned to them). docs/notifications.md.
 */

/** What a notification is about; each has its headline in the `notifications` catalog. */
export const NOTIFICATION_KINDS = ['reportApproved', 'inboundText', 'orderAssigned'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification stops being shown (the banner, the unread count) this long after it was made. */
export const NOTIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The most notifications one list answers, newest first (older ones are still stored). */
export const NOTIFICATION_LIST_MAX = 100;

/** The most ids one "archive many" call takes. */
export const NOTIFICATION_ARCHIVE_MAX = 100;

export const ZNotification = z.object({
  _id: ZId,
  id: ZId,
  /** Rendered in the user's language when read. */
  headline: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  archived: z.boolean(),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
  expirationDate: z.iso.datetime(),
  /** The store the event happened in, and what it is about (the order, the customer texting). */
  storeId: ZId.nullable(),
  inspectionOrderId: ZId.nullable(),
  customerId: ZId.nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({
  /** Not archived, newest first, at most NOTIFICATION_LIST_MAX. */
  notifications: z.array(ZNotification),
  /** Unread, not archived and not expired: what the menu's badge counts. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof ZNotificationList>;

export const ZArchiveNotificationsRequest = z.strictObject({
  notificationIds: z
    .array(ZId)
    .min(1, { message: 'must name at least one notification' })
    .max(NOTIFICATION_ARCHIVE_MAX, { message: `at most ${NOTIFICATION_ARCHIVE_MAX} at once` }),
});
export type ArchiveNotificationsRequest = z.infer<typeof ZArchiveNotificationsRequest>;

export const ZArchiveNotificationsResult = z.object({
  /** How many of the named notifications are now archived (ids that are not the user's are skipped). */
  archived: z.number().int(),
});

/** Carried by system/notifications/created; the hub gives it to `userId`'s sockets only. */
export const ZNotificationCreatedEvent = z.object({ userId: ZId, notification: ZNotification });
export type NotificationCreatedEvent = z.infer<typeof ZNotificationCreatedEvent>;

type Showable = Pick<Notification, 'read' | 'archived' | 'expirationDate'>;

/** Still worth telling: not read, not archived, and its expiration is in the future. */
export function isLiveUnread(notification: Showable, now: Date): boolean {
  return !notification.read && !notification.archived && Date.parse(notification.expirationDate) > now.getTime();
}

/** The notification to display: the first unread one (in the list's order) whose expiration is in the future. */
export function notificationToDisplay<T extends Showable>(notifications: readonly T[], now: Date): T | null {
  return notifications.find((n) => isLiveUnread(n, now)) ?? null;
}

/** How many a badge counts: unread, not archived, not expired. */
export function unreadCount(notifications: readonly Showable[], now: Date): number {
  return notifications.filter((n) => isLiveUnread(n, now)).length;
}

/** The notification's date as the list shows it: 'YY-MM-DD', in the viewer's time zone. */
export function notificationDate(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: '2-digit', month: '2-digit', day: '2-digit', timeZone }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
