/**
 * The staff app's one service worker (scope /app/), registered by src/features/notifications/push.ts.
 * Today it shows web pushes (docs/notifications.md "Web push"); the offline work extends this same
 * file (one service worker per scope: a second one would replace it).
 *
 * A push is shown only when no staff tab is visible: a visible tab already tells the user live
 * (banner, count). A push without a title or a body, or marked ignore, is not shown. A click on it
 * opens its page of the staff app in a staff tab (focused), or a new one.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

const STAFF = '/app/';

/** The push's payload when it is one to show: { title, body, url, tag }; else null. */
function showable(event) {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || data.ignore === true) return null;
  const title = typeof data.title === 'string' ? data.title.trim() : '';
  const body = typeof data.body === 'string' ? data.body.trim() : '';
  if (!title && !body) return null;
  return { title, body, url: staffUrl(data.url), tag: typeof data.tag === 'string' ? data.tag : undefined };
}

/** A page of the staff app on this origin; anything else opens the notifications page. */
function staffUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : `${STAFF}notifications`, self.location.origin);
    if (url.origin === self.location.origin && url.pathname.startsWith(STAFF)) return url.href;
  } catch {
    // falls through
  }
  return new URL(`${STAFF}notifications`, self.location.origin).href;
}

async function staffWindows() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.filter((client) => new URL(client.url).pathname.startsWith(STAFF));
}

self.addEventListener('push', (event) => {
  const push = showable(event);
  if (!push) return;
  event.waitUntil(
    (async () => {
      if ((await staffWindows()).some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(push.title || push.body, {
        body: push.title ? push.body : undefined,
        tag: push.tag,
        icon: `${STAFF}favicon.svg`,
        data: { url: push.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = staffUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const [tab] = await staffWindows();
      if (!tab) {
        await self.clients.openWindow(url);
        return;
      }
      await tab.focus();
      // The tab's router goes there (src/features/notifications/push.ts listens), keeping its session.
      tab.postMessage({ type: 'servicebay:open', url });
    })(),
  );
});
