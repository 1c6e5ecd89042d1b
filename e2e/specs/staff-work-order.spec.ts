import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { apiWithToken } from './support/orders.js';
import { DEMO_PASSWORD, storeSession } from './support/staff.js';

/**
 * The shop-management integration's pages (docs/integrations.md) in Downtown, linked to the local
 * Protractor simulator with clock-in: a ticket's approved work sent to its work order, a labour
 * line marked done, the technician's clock started and stopped on it, the parts page and the
 * clock page; the older work-status address; axe clean (fr: the catalogs' completeness test). Signed in through the API: login is not the subject.
 */

async function signInByApi(page: Page, request: APIRequestContext, username: string) {
  const answer = await request.post('/v2/api/user/login', { data: { username, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(200);
  const session = (await answer.json()) as { token: string; refreshToken: string };
  await page.goto('/app/login');
  await storeSession(page, session);
  return apiWithToken(request, session.token);
}

/** A new Downtown ticket held by tech, with an estimate of one hand-made line the customer approved nothing of yet. */
async function newTicket(request: APIRequestContext) {
  const login = await request.post('/v2/api/user/login', { data: { username: 'advisor', password: DEMO_PASSWORD } });
  const advisor = apiWithToken(request, ((await login.json()) as { token: string }).token);
  const store = `/v2/api/store/${advisor.claims.storeId}`;
  const customers = await advisor.get<{ _embedded: { customer: Array<{ _id: string }> } }>(`${store}/customer`, { page: '0', size: '1', sort: 'lastName' });
  const customerId = customers._embedded.customer[0]!._id;
  const household = await advisor.get<{ vehicles: Array<{ _id: string }> }>(`${store}/customer/${customerId}/household`);
  const tech = await advisor.get<{ _id: string }>('/v2/api/user/tech');
  const order = await advisor.post<{ _id: string }>(`${store}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    serviceAdvisorId: advisor.claims.id,
    technicianId: tech._id,
    orderNumber: `W${String(Date.now()).slice(-7)}`,
  });
  return { advisor, store, orderId: order._id };
}

/** The demo ticket with this number, read through the API. */
async function demoTicket(tech: ReturnType<typeof apiWithToken>, number: string) {
  const store = `/v2/api/store/${tech.claims.storeId}`;
  const list = await tech.get<{ _embedded: { inspectionOrder: Array<{ _id: string; orderNumber: string }> } }>(`${store}/inspectionOrder`, { search: number, size: '10' });
  return list._embedded.inspectionOrder.find((o) => o.orderNumber === number)!;
}

test('approved work is sent to a new ticket\'s work order', async ({ page, request }) => {
  const { store, orderId } = await newTicket(request);
  const tech = await signInByApi(page, request, 'tech');
  await page.goto(`/app/store/${tech.claims.storeId}/inspectionOrder/${orderId}/workOrder`);
  await expect(page.getByRole('heading', { name: /Work order/ })).toBeVisible();
  // Nothing sent yet: the page offers to send the approved work.
  await page.getByTestId('send-approved-work').click();
  await expect(page.getByTestId('work-order-state')).toBeVisible();
  const workOrder = await tech.get<{ ID: string }>(`${store}/inspectionOrder/${orderId}/protractor`);
  expect(workOrder.ID).toBeTruthy();
  await expectAccessible(page);
});

test('a technician stops and starts the clock on a line and marks it done', async ({ page, request }) => {
  const tech = await signInByApi(page, request, 'tech');
  const ticket = await demoTicket(tech, '10237');
  await page.goto(`/app/store/${tech.claims.storeId}/inspectionOrder/${ticket._id}/workOrder`);
  const lines = page.getByTestId('work-order-line').filter({ has: page.getByTestId('line-done') });
  await expect(lines).toHaveCount(2);
  const alignment = lines.filter({ hasText: 'Wheel alignment' });
  // The first service package opens by itself; the alignment is the second.
  await page.getByRole('button', { name: /Package 2: Wheel alignment/ }).click();
  await expect(alignment.getByTestId('line-clock')).toHaveText('Stop clock');
  await alignment.getByTestId('line-clock').click();
  await expect(alignment.getByTestId('line-clock')).toHaveText('Start clock');
  await alignment.getByTestId('line-clock').click();
  await expect(alignment.getByTestId('line-clock')).toHaveText('Stop clock');
  await alignment.getByTestId('line-toggle').click();
  await expect(page.getByTestId('work-order-state')).toHaveText('All labour done');
  await alignment.getByTestId('line-toggle').click();
  await expect(alignment.getByTestId('line-done')).toHaveText('Not done');
  await expectAccessible(page);
});

test('the parts page and the technician\'s clock page', async ({ page, request }) => {
  const tech = await signInByApi(page, request, 'tech');
  const ticket = await demoTicket(tech, '10237');
  await page.goto(`/app/store/${tech.claims.storeId}/inspectionOrder/${ticket._id}/parts`);
  await expect(page.getByTestId('parts-table')).toContainText('Front brake pads');
  await page.goto(`/app/store/${tech.claims.storeId}/user/${tech.claims.id}/clock`);
  await expect(page.getByTestId('shift-state')).toContainText('Clocked in since');
  await expect(page.getByRole('link', { name: 'Open its work order' })).toBeVisible();
  await expectAccessible(page);
});

test('the older work-status address leads to the work order page', async ({ page, request }) => {
  const tech = await signInByApi(page, request, 'tech');
  const ticket = await demoTicket(tech, '10238');
  await page.goto(`/app/v2/inspectionOrder/${ticket!._id}/workStatus`);
  await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${ticket!._id}/workOrder$`));
  await expect(page.getByRole('heading', { name: /Work order/ })).toBeVisible();
  await expect(page.getByTestId('work-order-state')).toHaveText('All labour done');
  await expectAccessible(page);
});
