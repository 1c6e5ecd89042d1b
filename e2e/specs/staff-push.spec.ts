import { existsSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { chromiumArgs } from '../browser.js';
import { startLocalPushService, type LocalSubscription } from '../../apps/server/test/push-service.js';
import { mainMenu, signIn } from './support/staff.js';
import { approve, call, login, newAdvisor, orderToApprove } from './support/approval.js';

/**
 * Web push (docs/notifications.md "Web push"): a new advisor turns device notifications on from
 * the notifications list (the permission granted, the 'thanks' notification shown, the device
 * subscribed); a customer's approval is then pushed by the server through a real push service
 * started here (web-push-testing: it checks the VAPID signature and decrypts the aes128gcm body);
 * that push, handed to the staff app's service worker, is not shown while a staff tab is visible
 * and is shown once none is. In English and in French.
 *
 * How the browser is wired: headless Chromium has no push service of its own (its
 * pushManager.subscribe fails), so the page's pushManager is given the local push service's
 * subscription instead (an init script), and the message the push service received is delivered
 * to the real service worker with DevTools' ServiceWorker.deliverPushMessage. The full Chromium
 * runs this spec: the headless shell refuses the notification permission whatever is granted.
 * Headless pages are always 'visible', so "no staff tab visible" is reached by closing the tab.
 */

const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
test.skip(!existsSync(FULL_CHROMIUM), 'needs the full Chromium (notifications)');
test.use({ launchOptions: { executablePath: FULL_CHROMIUM, args: chromiumArgs } });

const PASSWORD = 'Push-2026!';
const TABLET = { width: 1024, height: 768 };

/**
 * The page's pushManager answers with the local push service's subscription: what a browser
 * connected to that push service would hand the app.
 */
async function useLocalPushService(context: BrowserContext, device: LocalSubscription, publicKey: string) {
  await context.addInitScript(
    ({ endpoint, keys, publicKey }) => {
      type Scope = { PushManager?: { prototype: Record<string, unknown> } };
      const manager = (globalThis as unknown as Scope).PushManager;
      if (!manager) return;
      const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => true,
      };
      let subscribed = false;
      manager.prototype.subscribe = async () => {
        subscribed = true;
        return subscription;
      };
      manager.prototype.getSubscription = async () => (subscribed ? subscription : null);
    },
    { endpoint: device.endpoint, keys: device.keys, publicKey },
  );
}

/** The titles of the notifications the service worker shows. */
async function shownTitles(context: BrowserContext): Promise<string[]> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as { registration: { getNotifications(): Promise<Array<{ title: string; body: string }>> } };
    return (await scope.registration.getNotifications()).map((n) => `${n.title} | ${n.body}`);
  });
}

/** Hands a push's data to the staff app's service worker, as the browser does when it arrives. */
async function deliverPush(page: Page, origin: string, data: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const found = event.registrations.find((r) => r.scopeURL === `${origin}/app/` && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  await cdp.detach();
}

let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
test.beforeAll(async () => {
  pushService = await startLocalPushService();
});
test.afterAll(async () => {
  await pushService?.close();
});

const words = {
  en: {
    enable: 'Turn on device notifications',
    on: 'Device notifications are on.',
    thanks: 'Thanks! | Notifications are on.',
    title: (order: string) => `RO#${order} Customer answered the report`,
    body: (order: string) => `Jane Doe answered the report of RO ${order}: 1 approved, 0 declined`,
  },
  fr: {
    enable: 'Activer les notifications de l’appareil',
    on: 'Les notifications de l’appareil sont activées.',
    thanks: 'Merci ! | Les notifications sont activées.',
    title: (order: string) => `RO#${order} Le client a répondu au rapport`,
    body: (order: string) => `Jane Doe a répondu au rapport, BT ${order} : 1 approuvé(s), 0 refusé(s)`,
  },
};

for (const language of ['en', 'fr'] as const) {
  test(`device notifications turned on; an approval is pushed and shown only while no staff tab is visible (${language})`, async ({ page, context, request, baseURL }) => {
    test.slow(); // a new worker, an order, an estimate and an approval through the API
    const w = words[language];
    const origin = new URL(baseURL!).origin;
    const { username, api } = await newAdvisor(request, { language, prefix: 'push', password: PASSWORD });
    const made = await orderToApprove(request, api);
    const { publicKey } = await call<{ publicKey: string }>(request, api, 'get', '/v2/api/notification/push/publicKey');
    const device = await pushService.subscribe(publicKey);
    await useLocalPushService(context, device, publicKey);

    await page.setViewportSize(TABLET);
    await signIn(page, username, PASSWORD);
    await expect(page.getByTestId('dashboard')).toHaveAttribute('data-live', 'connected');
    await page.locator('#staff-navigation [data-menu-entry="notifications"]').click();
    const dialog = page.getByRole('dialog');
    const control = dialog.getByTestId('push-permission');
    const enable = control.getByRole('button', { name: w.enable });
    await expect(enable).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`push-off-tablet-${language}.png`) });
    // The user accepts the browser's prompt.
    await context.grantPermissions(['notifications'], { origin });
    await enable.click();
    await expect(control.getByRole('status')).toHaveText(w.on);
    await expect.poll(() => shownTitles(context)).toEqual([expect.stringContaining(w.thanks)]);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`push-on-tablet-${language}.png`) });
    await page.keyboard.press('Escape');

    // The customer approves: the server pushes it to the device through the push service.
    await approve(request, made);
    await expect.poll(() => pushService.messages(device.clientHash), { timeout: 15_000 }).toHaveLength(1);
    const [data] = await pushService.messages(device.clientHash);
    expect(JSON.parse(data!)).toMatchObject({ title: w.title(made.orderNumber), body: w.body(made.orderNumber), ignore: false, url: `/app/store/${api.claims.storeId}/inspectionOrder/${made.orderId}` });

    // A visible staff tab shows it live (the banner) and the service worker shows nothing.
    await expect(page.getByTestId('notification-banner')).toContainText(w.body(made.orderNumber));
    await deliverPush(page, origin, data!);
    await expect.poll(() => shownTitles(context)).toEqual([expect.stringContaining(w.thanks)]);

    // No staff tab visible any more: the push is shown.
    const other = await context.newPage();
    await page.close();
    await deliverPush(other, origin, data!);
    await expect.poll(() => shownTitles(context)).toContain(`${w.title(made.orderNumber)} | ${w.body(made.orderNumber)}`);
    if (language === 'fr') return;

    // Signing out forgets the device, so the next person on this tablet gets none of these pushes:
    // the subscription is gone from the server (removing it again answers 404) and the browser.
    await other.setViewportSize(TABLET);
    await other.goto('/app/');
    await expect(other.getByTestId('dashboard')).toBeVisible();
    const stored = await other.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('servicebay.push.device'));
    const { subscriptionId } = JSON.parse(stored!) as { subscriptionId: string };
    await mainMenu(other).getByRole('button', { name: 'Sign out' }).click();
    await expect(other).toHaveURL(/\/app\/login/);
    const signedInAgain = await login(request, username, PASSWORD);
    const again = await request.post(`/v2/api/user/${api.claims.id}/notification/unsubscribe/${subscriptionId}`, { headers: signedInAgain.headers });
    expect(again.status(), await again.text()).toBe(404);
  });
}
