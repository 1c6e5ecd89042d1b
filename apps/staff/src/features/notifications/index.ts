/** Notifications: the list widget, its modal and page, the dashboard's banner, and the live list. */
export { NotificationsModal, NotificationsPage } from './NotificationsModal.js';
export { NotificationBanner } from './NotificationBanner.js';
export { useNotifications } from './useNotifications.js';
export { PushPermission } from './PushPermission.js';
export { usePushDevice } from './usePushDevice.js';
export { forgetDevice } from './push.js';
