import {
  archiveNotificationRoute,
  archiveNotificationsRoute,
  isLiveUnread,
  listNotificationsRoute,
  readNotificationRoute,
  ZNotificationCreatedEvent,
  type Notification,
  type NotificationList,
} from '@servicebay/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@servicebay/web-core';

/** The user's notifications in the cache. */
export const notificationsKey = (userId: string) => ['notifications', userId] as const;

export const notificationsQuery = (api: ApiClient, userId: string) => ({
  queryKey: notificationsKey(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listNotificationsRoute, { params: { userId }, signal }),
});

export const markRead = (api: ApiClient, userId: string, notificationId: string) =>
  api.call(readNotificationRoute, { params: { userId, notificationId } });

export const archiveOne = (api: ApiClient, userId: string, notificationId: string) =>
  api.call(archiveNotificationRoute, { params: { userId, notificationId } });

export const archiveMany = (api: ApiClient, userId: string, notificationIds: string[]) =>
  api.call(archiveNotificationsRoute, { params: { userId }, body: { notificationIds } });

/** The list with one notification added (newest first) or replaced; the unread count follows. */
export function withNotification(list: NotificationList, notification: Notification, now: Date): NotificationList {
  const others = list.notifications.filter((n) => n.id !== notification.id);
  const notifications = notification.archived ? others : [notification, ...others].sort((a, b) => b.created.localeCompare(a.created));
  return { notifications, unread: notifications.filter((n) => isLiveUnread(n, now)).length };
}

/** The list without the given ones (archived). */
export function withoutNotifications(list: NotificationList, ids: readonly string[], now: Date): NotificationList {
  const notifications = list.notifications.filter((n) => !ids.includes(n.id));
  return { notifications, unread: notifications.filter((n) => isLiveUnread(n, now)).length };
}

/** A system/notifications/created payload for this user, or null (not ours, or not readable). */
export function readCreated(payload: unknown, userId: string): Notification | null {
  const event = ZNotificationCreatedEvent.safeParse(payload);
  return event.success && event.data.userId === userId ? event.data.notification : null;
}

export function applyNotification(queryClient: QueryClient, userId: string, notification: Notification) {
  queryClient.setQueryData<NotificationList>(notificationsKey(userId), (list) => (list ? withNotification(list, notification, new Date()) : list));
}
