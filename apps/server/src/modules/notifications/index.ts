/**
 * The notifications module's front door: a user's system notifications and push subscriptions,
 * the outbox reactions that make notifications from other modules' events, and the push sender.
 * Its one port, OrderPeoplePort, is plugged in by the composition root.
 *
 * Another module pushes to a user's devices with the push sender the composition root built
 * (`services.push`), after its own change has committed:
 *   push.sendToUser(userId, { title: 'RO#1234 Mike', body: 'The brakes are done', ignore: false,
 *     url: '/app/store/<storeId>/inspectionOrder/<orderId>', tag: 'chat:<orderId>' })
 * It resolves with { sent, gone, failed } and never rejects for a device (docs/notifications.md).
 */
export { createNotificationsService, notifyIn, type NotificationDraft, type NotificationsService } from './notifications.service.js';
export { notificationReactions, type OrderPeoplePort } from './notifications.reactions.js';
export { notificationRoutes } from './notifications.routes.js';
export { createNotificationsRepository } from './notifications.repository.js';
export { createPushSender, type PushOutcome, type PushSender } from './notifications.push.js';
