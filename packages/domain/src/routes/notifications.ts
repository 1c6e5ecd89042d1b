import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { STAFF_ROLES } from '../roles.js';
import {
  ZArchiveNotificationsRequest,
  ZArchiveNotificationsResult,
  ZNotification,
  ZNotificationList,
} from '../notifications/notification.js';
import { ZPushPublicKey, ZPushSubscription, ZPushSubscriptionRequest } from '../notifications/push.js';

const ZUserNotification = z.strictObject({ userId: ZId, notificationId: ZId });

export const listNotificationsRoute = defineRoute({
  id: 'notifications.list',
  method: 'GET',
  path: '/v2/api/user/:userId/notifications',
  summary:
    "The user's own notifications that are not archived, newest first (at most 100), with the count of unread ones not yet expired. Only the user itself; anyone else gets 404.",
  tag: 'notifications',
  access: access.self(STAFF_ROLES),
  params: z.strictObject({ userId: ZId }),
  response: ZNotificationList,
});

export const archiveNotificationRoute = defineRoute({
  id: 'notifications.archive',
  method: 'POST',
  path: '/v2/api/user/:userId/notifications/:notificationId/archive',
  summary: "Archives one of the user's notifications (again: no change). Another user's notification answers 404.",
  tag: 'notifications',
  access: access.self(STAFF_ROLES),
  params: ZUserNotification,
  response: ZNotification,
});

export const archiveNotificationsRoute = defineRoute({
  id: 'notifications.archiveMany',
  method: 'POST',
  path: '/v2/api/user/:userId/notifications/archive',
  summary:
    "Archives the listed notifications of the user (1 to 100 ids); ids that are not the user's are skipped and not counted.",
  tag: 'notifications',
  access: access.self(STAFF_ROLES),
  params: z.strictObject({ userId: ZId }),
  body: ZArchiveNotificationsRequest,
  response: ZArchiveNotificationsResult,
});

export const readNotificationRoute = defineRoute({
  id: 'notifications.read',
  method: 'POST',
  path: '/v2/api/user/:userId/notifications/:notificationId/read',
  summary: "Marks one of the user's notifications read (again: no change). Another user's notification answers 404.",
  tag: 'notifications',
  access: access.self(STAFF_ROLES),
  params: ZUserNotification,
  response: ZNotification,
});

export const unsubscribePushRoute = defineRoute({
  id: 'notifications.unsubscribe',
  method: 'POST',
  path: '/v2/api/user/:username/notification/unsubscribe/:subscriptionId',
  summary:
    "Removes one of the user's web push subscriptions (empty body). The user is named by username (its id also works); another user's subscription, or one already removed, answers 404.",
  tag: 'notifications',
  access: access.self(STAFF_ROLES, 'username'),
  params: z.strictObject({ username: z.string().trim().min(1).max(200), subscriptionId: ZId }),
  response: z.object({ removed: z.literal(true) }),
});

export const pushPublicKeyRoute = defineRoute({
  id: 'notifications.pushPublicKey',
  method: 'GET',
  path: '/v2/api/notification/push/publicKey',
  summary: "The server's VAPID public key: the applicationServerKey a browser subscribes with. The same for every server process.",
  tag: 'notifications',
  access: access.signedIn(STAFF_ROLES),
  response: ZPushPublicKey,
});

export const subscribePushRoute = defineRoute({
  id: 'notifications.subscribe',
  method: 'POST',
  path: '/v2/api/user/:userId/notification/subscribe',
  summary:
    "Stores the browser's web push subscription (PushSubscription.toJSON()) for the user: one per device. The same endpoint again updates it (and moves it to this user when another user of the device had it), never a second row. A malformed endpoint or keys answer 400.",
  tag: 'notifications',
  access: access.self(STAFF_ROLES),
  params: z.strictObject({ userId: ZId }),
  body: ZPushSubscriptionRequest,
  response: ZPushSubscription,
});

export const notificationRoutes = [
  listNotificationsRoute,
  archiveNotificationsRoute,
  archiveNotificationRoute,
  readNotificationRoute,
  unsubscribePushRoute,
  pushPublicKeyRoute,
  subscribePushRoute,
] as const;
