import { pushPublicKeyRoute, subscribePushRoute } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/**
 * Web push in the staff app (docs/notifications.md "Web push"): the app's one service worker
 * (public/sw.js, scope /app/), the browser's permission, and this device's subscription stored
 * for the signed-in user. A permission other than 'granted' is ignored: nothing is subscribed.
 */

export const SERVICE_WORKER_URL = '/app/sw.js';
export const SERVICE_WORKER_SCOPE = '/app/';
/** What the service worker posts to a staff tab when its notification is clicked. */
export const OPEN_MESSAGE = 'servicebay:open';

export type PushPermission = 'unsupported' | NotificationPermission;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** Registers the staff app's service worker (once per load; the browser keeps one per scope). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).catch(() => null);
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}

/**
 * Subscribes this device with the server's VAPID key (again if it was subscribed with another
 * key) and stores the subscription for the user; the server keeps one row per device.
 */
export async function subscribeDevice(api: ApiClient, userId: string): Promise<void> {
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.call(pushPublicKeyRoute);
  const key = bytesOf(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await api.call(subscribePushRoute, {
    params: { userId },
    body: { endpoint: json.endpoint ?? subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
}

/** The 'thanks' notification shown once the user granted the permission. */
export async function showThanks(title: string, body: string): Promise<void> {
  const registration = (await registerServiceWorker()) ?? (await navigator.serviceWorker.ready);
  await registration.showNotification(title, { body, tag: 'servicebay-push-thanks', icon: '/app/favicon.svg' });
}
