import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { chromiumArgs } from '../browser.js';
import { startLocalPushService, type LocalSubscription } from '../../apps/server/test/push-service.js';
import { signIn } from './support/staff.js';

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

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
const PASSWORD = 'Push-2026!';
const TABLET = { width: 1024, height: 768 };

interface Api {
  headers: Record<string, string>;
  claims: { id: string; storeId: string };
}

async function login(request: APIRequestContext, username: string, password: string): Promise<Api> {
  const answer = await request.post('/v2/api/user/login', { data: { username, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()) as Api['claims'];
  return { headers: { authorization: `Bearer ${body.token}` }, claims };
}

async function call<T>(request: APIRequestContext, api: Api, method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> {
  const answer = await request[method](path, { headers: api.headers, data });
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
  return (await answer.json()) as T;
}

/** A new trained advisor of Downtown speaking `language`, made by the store manager. */
async function newAdvisor(request: APIRequestContext, language: 'en' | 'fr') {
  const manager = await login(request, 'manager', 'Demo1234!');
  const username = `push-${language}-${Date.now().toString(36)}`;
  await call(request, manager, 'post', `/v2/api/store/${manager.claims.storeId}/user`, {
    username,
    type: 'ServiceAdvisor',
    firstName: language === 'fr' ? 'Éloïse' : 'Nina',
    lastName: 'Push',
    language,
    password: PASSWORD,
  });
  const advisor = await login(request, username, PASSWORD);
  const courses = await call<{ _embedded: { course: Array<{ _id: string; mandatory: boolean }> } }>(request, advisor, 'get', `/v2/api/user/${advisor.claims.id}/course`);
  for (const course of courses._embedded.course.filter((c) => c.mandatory))
    await call(request, advisor, 'post', `/v2/api/user/${advisor.claims.id}/course/${course._id}/complete`);
  return { username, api: advisor };
}

/** An order of Jane's for the advisor, the front brake pads critical and priced, and its report link. */
async function orderToApprove(request: APIRequestContext, advisor: Api) {
  const base = `/v2/api/store/${advisor.claims.storeId}`;
  const found = await call<{ _embedded: { customer: Array<{ _id: string }> } }>(request, advisor, 'get', `${base}/customer?email=jane%40example.com`);
  const customerId = found._embedded.customer[0]!._id;
  const household = await call<{ vehicles: Array<{ _id: string }> }>(request, advisor, 'get', `${base}/customer/${customerId}/household`);
  const order = await call<{ _id: string; orderNumber: string | null }>(request, advisor, 'post', `${base}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    serviceAdvisorId: advisor.claims.id,
  });
  const pads = await call<{ _id: string }>(request, advisor, 'post', `${base}/inspectionOrder/${order._id}/result`, { itemKey: 'frontBrakePads', result: 'critical', value: 2 });
  const estimate = await call<{ lines: Array<{ _id: string; description: string }> }>(request, advisor, 'get', `${base}/inspectionOrder/${order._id}/estimate?language=en`);
  const line = estimate.lines.find((l) => /brake pads/i.test(l.description))!;
  await call(request, advisor, 'put', `${base}/inspectionOrder/${order._id}/estimate/line/${line._id}`, {
    labourHours: 1.5,
    parts: [{ number: 'D1089', description: 'Front brake pads', quantity: 1, unitPrice: 8999 }],
  });
  const link = await call<{ url: string }>(request, advisor, 'post', `${base}/inspectionOrder/${order._id}/reportLink`, {});
  return { orderId: order._id, orderNumber: order.orderNumber ?? '', token: new URL(link.url).searchParams.get('t')!, pads: pads._id };
}

/** Jane approves the brake pads through the report link, as her phone would. */
async function approve(request: APIRequestContext, made: Awaited<ReturnType<typeof orderToApprove>>) {
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const answer = await request.post(`/v2/api/report/${made.orderId}/approval?t=${encodeURIComponent(made.token)}`, {
    data: { decisions: [{ resultId: made.pads, decision: 'approved' }], signerName: 'Jane Doe', signature: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

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
    const { username, api } = await newAdvisor(request, language);
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
  });
}
