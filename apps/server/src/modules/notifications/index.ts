/**
 * The notifications module's front door: a user's system notifications and push subscriptions,
 * and the outbox reactions that make notifications from other modules' events. Its one port,
 * OrderPeoplePort, is plugged in by the composition root.
 */
export { createNotificationsService, notifyIn, type NotificationDraft, type NotificationsService } from './notifications.service.js';
export { notificationReactions, type OrderPeoplePort } from './notifications.reactions.js';
export { notificationRoutes } from './notifications.routes.js';
export { createNotificationsRepository } from './notifications.repository.js';
