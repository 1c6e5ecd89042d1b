import {
  archiveNotificationRoute,
  archiveNotificationsRoute,
  listNotificationsRoute,
  pushPublicKeyRoute,
  readNotificationRoute,
  subscribePushRoute,
  unsubscribePushRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { NotificationsService } from './notifications.service.js';
import type { PushSender } from './notifications.push.js';

/** The access rule (self) made sure the path names the caller; every call acts on `principal.id`. */
export function notificationRoutes(service: NotificationsService, push: PushSender) {
  return [
    implement(listNotificationsRoute, ({ principal }) => service.list(principal.id)),
    implement(readNotificationRoute, ({ principal, params }) => service.read(principal.id, params.notificationId)),
    implement(archiveNotificationRoute, ({ principal, params }) => service.archive(principal.id, params.notificationId)),
    implement(archiveNotificationsRoute, ({ principal, body }) => service.archiveMany(principal.id, body.notificationIds)),
    implement(unsubscribePushRoute, ({ principal, params }) => service.unsubscribe(principal.id, params.subscriptionId)),
    implement(pushPublicKeyRoute, () => ({ publicKey: push.publicKey })),
    implement(subscribePushRoute, ({ principal, body }) => push.subscribe(principal.id, body)),
  ];
}
