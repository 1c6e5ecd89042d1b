import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { DEMO_PASSWORD, signIn, storedSession } from './support/staff.js';
import { answerRequiredItems, apiWithToken, quickInspectionId } from './support/orders.js';

/**
 * The inspection page, /app/store/{storeId}/inspectionOrder (docs/repair-order-page.md): the
 * store's inspections still to do, for a technician to pick; a finished inspection leaves it.
 * Each try writes its own order, so a retry never meets the previous try's.
 */

test.use({ viewport: { width: 1024, height: 768 } });

async function apiAs(request: APIRequestContext, username: string) {
  const login = await request.post('/v2/api/user/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const api = apiWithToken(request, ((await login.json()) as { token: string }).token);
  return { ...api, store: `/v2/api/store/${api.claims.storeId}` };
}

/** A fresh waiting ticket on Jane's first car, with a number above the demo's, so it is listed first. */
async function newWaitingOrder(request: APIRequestContext) {
  const advisor = await apiAs(request, 'advisor');
  const found = await advisor.get<{ _embedded: { customer: { _id: string }[] } }>(`${advisor.store}/customer`, {
    email: 'jane@example.com',
  });
  const customerId = found._embedded.customer[0]!._id;
  const household = await advisor.get<{ vehicles: { _id: string }[] }>(`${advisor.store}/customer/${customerId}/household`);
  const quick = await quickInspectionId(advisor);
  const orderNumber = `9${String(Date.now()).slice(-8)}`;
  const order = await advisor.post<{ _id: string }>(`${advisor.store}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    serviceAdvisorId: advisor.claims.id,
    orderNumber,
    waiting: true,
    inspectionType: quick,
  });
  return { advisor, orderId: order._id, orderNumber, quick };
}

test('a technician picks an inspection to do; a finished one leaves the list', async ({ page, request }) => {
  const { advisor, orderId, orderNumber, quick } = await newWaitingOrder(request);
  const listPath = `/app/store/${advisor.claims.storeId}/inspectionOrder`;

  await signIn(page, 'tech');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  await page.goto(listPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspections' })).toBeVisible();
  await expect(page.getByText(/\d+ inspections? to do/)).toBeVisible();
  const card = page.getByRole('link', { name: `Open Repair order ${orderNumber} for Jane Doe` });
  await expect(card).toBeVisible();
  await expect(card.locator('[data-state]')).toHaveAttribute('data-state', 'notStarted');
  await expect(card.getByText('Customer waiting')).toBeVisible();
  // Only inspections to do: no card says done.
  await expect(page.locator('[data-state="done"]')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('inspections-page.png'), fullPage: true });

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/app/store/${advisor.claims.storeId}/inspectionOrder/${orderId}$`));

  // Finished elsewhere: back on the list, the order is gone.
  await answerRequiredItems(advisor, orderId, quick);
  await advisor.post(`${advisor.store}/inspectionOrder/${orderId}/finish`);
  await page.goto(listPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspections' })).toBeVisible();
  await expect(page.getByText(/\d+ inspections? to do|No inspection to do/)).toBeVisible();
  await expect(page.getByRole('link', { name: `Open Repair order ${orderNumber} for Jane Doe` })).toHaveCount(0);
});

test('while the list loads it says so; with nothing to do it says that', async ({ page }) => {
  await signIn(page, 'tech');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v2/api/store/*/inspectionOrder?*', async (route) => {
    await held;
    await route.fulfill({
      json: { _embedded: { inspectionOrder: [] }, page: { size: 10, totalElements: 0, totalPages: 0, number: 0 } },
    });
  });
  const { token } = (await storedSession(page))!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { storeId: string };
  await page.goto(`/app/store/${claims.storeId}/inspectionOrder`);
  await expect(page.getByRole('status').getByText('Loading')).toBeVisible();
  release();
  await expect(page.getByText('No inspection to do: every vehicle in the shop is inspected.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('inspections-page-empty.png'), fullPage: true });
});
