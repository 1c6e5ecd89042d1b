import { pushPublicKeyRoute, subscribePushRoute, unsubscribePushRoute } from '@servicebay/domain';
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

/** Which user this device's subscription was stored for, and its id on the server. */
export const DEVICE_SUBSCRIPTION_KEY = 'servicebay.push.device';
/** A sign-out waits at most this long for the device to be forgotten (the network may be down). */
const FORGET_WAIT_MS = 3_000;

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
  const stored = await api.call(subscribePushRoute, {
    params: { userId },
    body: { endpoint: json.endpoint ?? subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
  try {
    localStorage.setItem(DEVICE_SUBSCRIPTION_KEY, JSON.stringify({ userId, subscriptionId: stored._id }));
  } catch {
    // Storage refused (private mode): the sign-out then only unsubscribes the browser.
  }
}

interface StoredDevice {
  userId?: string;
  subscriptionId?: string;
}

function takeStoredDevice(): StoredDevice | null {
  try {
    const stored = JSON.parse(localStorage.getItem(DEVICE_SUBSCRIPTION_KEY) ?? 'null') as StoredDevice | null;
    localStorage.removeItem(DEVICE_SUBSCRIPTION_KEY);
    return stored;
  } catch {
    return null;
  }
}

async function forget(api: ApiClient, userId: string): Promise<void> {
  const stored = takeStoredDevice();
  const removal =
    stored?.userId === userId && stored.subscriptionId
      ? api.call(unsubscribePushRoute, { params: { username: userId, subscriptionId: stored.subscriptionId }, maxRetries: 0 }).catch(() => undefined)
      : Promise.resolve();
  const registration = pushSupported() ? await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE) : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  await Promise.all([removal, subscription?.unsubscribe().catch(() => false)]);
}

/**
 * Before a user signs out (or hands a shared tablet back to the Store account): their
 * subscription is removed on the server and in the browser, so the device stops receiving their
 * pushes. The next user who signs in with the permission granted subscribes it anew. Never fails
 * and never holds the sign-out for more than a few seconds.
 */
export function forgetDevice(api: ApiClient, userId: string): Promise<void> {
  return Promise.race([
    forget(api, userId).catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, FORGET_WAIT_MS)),
  ]);
}

/** The 'thanks' notification shown once the user granted the permission. */
export async function showThanks(title: string, body: string): Promise<void> {
  const registration = (await registerServiceWorker()) ?? (await navigator.serviceWorker.ready);
  await registration.showNotification(title, { body, tag: 'servicebay-push-thanks', icon: '/app/favicon.svg' });
}
