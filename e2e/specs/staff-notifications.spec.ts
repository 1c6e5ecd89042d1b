import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { mainMenu, signIn } from './support/staff.js';

/**
 * System notifications (docs/notifications.md): a customer's approval, made through the report
 * link's API, creates a notification that the order's advisor sees arrive live on the dashboard
 * (the banner and the menu's unread count), opens from the menu's entry, reads and archives, in
 * English and in French (the headline is written in the advisor's language). Each run makes its
 * own advisor through the store manager, so no other spec's user is touched. The demo advisor's
 * dashboard shows its demo notification.
 */

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
const PASSWORD = 'Notify-2026!';
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
  const username = `notify-${language}-${Date.now().toString(36)}`;
  await call(request, manager, 'post', `/v2/api/store/${manager.claims.storeId}/user`, {
    username,
    type: 'ServiceAdvisor',
    firstName: language === 'fr' ? 'Éloïse' : 'Nina',
    lastName: 'Notify',
    language,
    password: PASSWORD,
  });
  const advisor = await login(request, username, PASSWORD);
  // The mandatory training first, as a new worker would.
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
  return { orderId: order._id, orderNumber: order.orderNumber, token: new URL(link.url).searchParams.get('t')!, pads: pads._id };
}

/** Jane approves the brake pads through the report link, as her phone would. */
async function approve(request: APIRequestContext, made: Awaited<ReturnType<typeof orderToApprove>>) {
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const answer = await request.post(`/v2/api/report/${made.orderId}/approval?t=${encodeURIComponent(made.token)}`, {
    data: { decisions: [{ resultId: made.pads, decision: 'approved' }], signerName: 'Jane Doe', signature: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** Signed in on the dashboard, its websocket connected (so the approval's event is heard). */
async function onDashboard(page: Page, username: string) {
  await page.setViewportSize(TABLET);
  await signIn(page, username, PASSWORD);
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-live', 'connected');
}

const words = {
  en: { entry: /^Notifications/, title: 'Notifications', banner: 'New notification', archive: 'Archive', archiveAll: 'Archive all', empty: 'No notifications. You are all caught up.', unread: (n: number) => `${n} unread`, headline: (order: string) => `Jane Doe answered the report of RO ${order}: 1 approved, 0 declined` },
  fr: { entry: /^Notifications/, title: 'Notifications', banner: 'Nouvelle notification', archive: 'Archiver', archiveAll: 'Tout archiver', empty: 'Aucune notification. Vous êtes à jour.', unread: (n: number) => `${n} non lue${n > 1 ? 's' : ''}`, headline: (order: string) => `Jane Doe a répondu au rapport, BT ${order} : 1 approuvé(s), 0 refusé(s)` },
};

for (const language of ['en', 'fr'] as const) {
  test(`an approval reaches the advisor live; read and archived from the menu (${language})`, async ({ page, request }) => {
    test.slow(); // a new worker, an order, an estimate and an approval through the API
    const w = words[language];
    const { username, api } = await newAdvisor(request, language);
    const made = await orderToApprove(request, api);
    await onDashboard(page, username);
    // Nothing yet: no banner, the entry without a count.
    // The menu by its id: its label is in the advisor's language.
    const entry = page.locator('#staff-navigation [data-menu-entry="notifications"]');
    await expect(entry).toBeVisible();
    await expect(page.getByTestId('notification-banner')).toHaveCount(0);
    await expect(entry.getByTestId('notifications-badge')).toHaveCount(0);

    await approve(request, made);
    const headline = w.headline(made.orderNumber ?? '');
    // Live: the banner with the headline, the entry's count.
    const banner = page.getByTestId('notification-banner');
    await expect(banner).toContainText(w.banner);
    await expect(banner).toContainText(headline);
    await expect(entry.getByTestId('notifications-badge')).toHaveText('1');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`banner-tablet-${language}.png`) });

    // The menu's entry opens the list: the date as YY-MM-DD, the headline unread (bold).
    await entry.click();
    const dialog = page.getByRole('dialog', { name: w.title });
    await expect(dialog).toBeVisible();
    const item = dialog.locator('li[data-notification-id]').first();
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item).toContainText(headline);
    await expect(item.getByTestId('notification-date')).toHaveText(/^\d{2}-\d{2}-\d{2}$/);
    await expect(dialog.getByTestId('notifications-unread')).toHaveText(w.unread(1));
    expect(await dialog.getByTestId('notifications-scroll').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { maxHeight: string } }).getComputedStyle(el).maxHeight)).toBe('300px');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`notifications-tablet-${language}.png`) });

    // Opening it marks it read and goes to the order's page.
    await item.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${made.orderId}`));
    const list = await call<{ notifications: Array<{ read: boolean; headline: string }>; unread: number }>(request, api, 'get', `/v2/api/user/${api.claims.id}/notifications`);
    expect(list).toMatchObject({ unread: 0, notifications: [{ read: true, headline }] });

    // Back on the dashboard: no banner (read); the list shows it read, and archiving empties it.
    await page.goBack();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('notification-banner')).toHaveCount(0);
    await entry.click();
    await expect(dialog.locator('li[data-notification-id]').first()).toHaveAttribute('data-read', 'true');
    await dialog.getByRole('button', { name: new RegExp(`^${w.archive}`) }).first().click();
    await expect(dialog.getByText(w.empty)).toBeVisible();
    await expect(dialog.getByRole('button', { name: w.archiveAll })).toBeDisabled();
    await expectAccessible(page);
    const after = await call<{ notifications: unknown[] }>(request, api, 'get', `/v2/api/user/${api.claims.id}/notifications`);
    expect(after.notifications).toEqual([]);
  });
}

test('archive all empties the list; the entry is only on the dashboard', async ({ page, request }) => {
  test.slow();
  const { username, api } = await newAdvisor(request, 'en');
  for (let i = 0; i < 2; i++) await approve(request, await orderToApprove(request, api));
  await onDashboard(page, username);
  const entry = mainMenu(page).locator('[data-menu-entry="notifications"]');
  await expect(entry.getByTestId('notifications-badge')).toHaveText('2');
  await expect(entry).toHaveAccessibleName('Notifications, 2 unread');
  await entry.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.locator('li[data-notification-id]')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Archive all' }).click();
  await expect(dialog.getByText('No notifications. You are all caught up.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(entry.getByTestId('notifications-badge')).toHaveCount(0);
  // Away from the dashboard the system notifications are off, and so is the entry.
  await page.goto('/app/help');
  await expect(mainMenu(page).locator('[data-menu-entry="help"]')).toBeVisible();
  await expect(mainMenu(page).locator('[data-menu-entry="notifications"]')).toHaveCount(0);
});

test("the demo advisor's dashboard shows its unread demo notification", async ({ page }) => {
  await page.setViewportSize(TABLET);
  await signIn(page, 'advisor');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('notification-banner')).toContainText('Jane Doe answered the report of RO');
  await expect(mainMenu(page).locator('[data-menu-entry="notifications"]').getByTestId('notifications-badge')).toHaveText(/^[1-9]\d*$/);
});
