import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { apiWithToken } from './support/orders.js';
import { DEMO_PASSWORD, signIn } from './support/staff.js';

/**
 * The shop chat (docs/internal-chat.md "Screens"): a technician and an advisor, each in a browser
 * context of their own at tablet size, talk live about one repair order; the technician pages back
 * through its history; the Store (shared) account has no shop chat. Each test but the last opens a
 * store of its own in the demo account (its chat on), so nothing else of the run sees its orders.
 */

const PASSWORD = 'ShopChat-2026!';
const TABLET = { width: 1024, height: 768 };

async function login(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const answer = await request.post('/v2/api/user/login', { data: { username, password } });
  expect(answer.status(), `${username} signs in`).toBe(200);
  const token = ((await answer.json()) as { token: string }).token;
  return { token, api: apiWithToken(request, token) };
}

interface Shop {
  storeId: string;
  orderId: string;
  orderNumber: string;
  tech: { username: string; id: string; token: string };
  advisor: { username: string; id: string };
}

/** A store with the shop chat on, a trained technician (en) and advisor (fr), and an order in the shop. */
async function openShop(request: APIRequestContext): Promise<Shop> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const { api: owner } = await login(request, 'owner');
  const accountId = (owner.claims as unknown as { accountId: string }).accountId;
  const store = await owner.post<{ _id: string }>(`/v2/api/account/${accountId}/store`, { name: `Shop chat ${tag}`, phoneNo: '(514) 555-0191', country: 'ca', state: 'QC' });
  await owner.put(`/v2/api/store/${store._id}/settings`, { internalChatEnabled: true, internalChatWorkspaceId: `ws-${tag}` });
  const people: Record<'tech' | 'advisor', { username: string; id: string; token: string }> = {} as never;
  for (const [who, type, language, firstName] of [
    ['tech', 'Technician', 'en', 'Theo'],
    ['advisor', 'ServiceAdvisor', 'fr', 'Ava'],
  ] as const) {
    const username = `chat-${who}-${tag}`;
    await owner.post(`/v2/api/store/${store._id}/user`, { username, type, firstName, lastName: `Chat ${tag}`, language, password: PASSWORD });
    const { token, api } = await login(request, username, PASSWORD);
    const courses = await api.get<{ _embedded: { course: Array<{ _id: string; mandatory: boolean }> } }>(`/v2/api/user/${api.claims.id}/course`);
    for (const course of courses._embedded.course.filter((c) => c.mandatory)) await api.post(`/v2/api/user/${api.claims.id}/course/${course._id}/complete`);
    people[who] = { username, id: api.claims.id, token };
  }
  const base = `/v2/api/store/${store._id}`;
  const advisorApi = apiWithToken(request, (await login(request, people.advisor.username, PASSWORD)).token);
  const customer = await advisorApi.post<{ _id: string; householdId: string }>(`${base}/customer`, { firstName: 'Mia', lastName: `Chat ${tag}` });
  const vehicle = await advisorApi.post<{ _id: string }>(`${base}/vehicle`, { householdId: customer.householdId, year: 2020, make: 'Toyota', model: 'Corolla', licensePlate: `SC ${tag.slice(-4).toUpperCase()}` });
  const order = await advisorApi.post<{ _id: string; orderNumber: string }>(`${base}/inspectionOrder`, {
    customerId: customer._id,
    vehicleId: vehicle._id,
    vehicleInShop: true,
    technicianId: people.tech.id,
  });
  return { storeId: store._id, orderId: order._id, orderNumber: order.orderNumber, tech: people.tech, advisor: people.advisor };
}

/** Messages written by the technician through the API, before the screens open. */
async function writeHistory(request: APIRequestContext, shop: Shop, count: number) {
  const chat = await request.post('/v2/api/internalchat/login', { headers: { Authorization: `Bearer ${shop.tech.token}` }, data: { storeId: shop.storeId } });
  expect(chat.status()).toBe(200);
  const headers = { Authorization: `Bearer ${shop.tech.token}`, 'X-Chat-Token': ((await chat.json()) as { token: string }).token };
  for (let i = 1; i <= count; i++) {
    const sent = await request.post(`/v2/api/internalchat/store/${shop.storeId}/inspectionOrder/${shop.orderId}/message`, { headers, data: { text: `History ${i}` } });
    expect(sent.status()).toBe(201);
  }
}

async function tabletPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: TABLET });
  return context.newPage();
}

test('a technician and an advisor chat live on one repair order, and page back through its history', async ({ browser, request }) => {
  test.slow();
  const shop = await openShop(request);
  await writeHistory(request, shop, 24);

  // The advisor (in French) sees the order's unread count on the dashboard card.
  const advisor = await tabletPage(browser);
  await signIn(advisor, shop.advisor.username, PASSWORD);
  await advisor.waitForURL(/dashboard/);
  const icon = advisor.locator(`[data-order-id="${shop.orderId}"]`).locator('xpath=..').getByTestId('shop-chat-icon');
  await expect(icon).toHaveAttribute('data-unread', '24');
  await expect(icon).toHaveAccessibleName("Ouvrir le clavardage de l'atelier, 24 messages non lus");

  // The technician opens the chat from the order page: the latest 20, then the 4 before.
  const tech = await tabletPage(browser);
  await signIn(tech, shop.tech.username, PASSWORD);
  await tech.waitForURL(/\/app\/(?!login)/);
  await tech.goto(`/app/store/${shop.storeId}/inspectionOrder/${shop.orderId}`);
  await tech.getByTestId('shop-chat-open').click();
  const techChat = tech.getByTestId('shop-chat-modal');
  await expect(techChat.getByRole('heading', { name: `Shop chat · RO ${shop.orderNumber}` })).toBeVisible();
  const techMessages = techChat.getByTestId('shop-chat-message');
  await expect(techMessages).toHaveCount(20);
  await expect(techMessages.first()).toContainText('History 5');
  await techChat.getByRole('button', { name: 'Earlier messages' }).click();
  await expect(techMessages).toHaveCount(24);
  await expect(techMessages.first()).toContainText('History 1');
  await expect(techChat.getByRole('button', { name: 'Earlier messages' })).toHaveCount(0);
  await expectAccessible(tech);

  // Enter sends; the advisor's card counts it at once.
  const input = techChat.getByRole('textbox', { name: 'Message' });
  await input.fill('Front pads are at 3 mm');
  await input.press('Enter');
  await expect(techMessages.last()).toContainText('Front pads are at 3 mm');
  await expect(input).toHaveValue('');
  await expect(icon).toHaveAttribute('data-unread', '25');

  // The advisor opens it from the card, reads it, and answers; the technician sees it live.
  await icon.click();
  const advisorChat = advisor.getByTestId('shop-chat-modal');
  await expect(advisorChat.getByRole('heading', { name: `Clavardage atelier · BT ${shop.orderNumber}` })).toBeVisible();
  await expect(advisorChat.getByTestId('shop-chat-message').last()).toContainText('Front pads are at 3 mm');
  const answer = advisorChat.getByRole('textbox', { name: 'Message' });
  await answer.fill("Merci, j'appelle le client");
  await answer.press('Enter');
  await expect(techMessages.last()).toContainText("Merci, j'appelle le client");
  await expectAccessible(advisor);
  await advisorChat.getByRole('button', { name: 'Fermer le clavardage de l\'atelier' }).click();
  await expect(icon).toHaveAttribute('data-unread', '0');

  await tech.context().close();
  await advisor.context().close();
});

test('the Store account has no shop chat', async ({ browser, request }) => {
  const { token, api } = await login(request, 'store');
  const storeId = api.claims.storeId;
  const refused = await request.post('/v2/api/internalchat/login', { headers: { Authorization: `Bearer ${token}` }, data: { storeId } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('FORBIDDEN');

  // Downtown has the chat on (the demo's chat is on RO 10231): the Store account's page of that
  // order shows no shop chat.
  const orders = await api.get<{ _embedded: { inspectionOrder: Array<{ _id: string; orderNumber: string }> } }>(`/v2/api/store/${storeId}/inspectionOrder`, { search: '10231' });
  const order = orders._embedded.inspectionOrder.find((o) => o.orderNumber === '10231')!;
  const page = await tabletPage(browser);
  await signIn(page, 'store');
  await page.waitForURL('**/workers');
  await expect(page.getByTestId('shop-chat-icon')).toHaveCount(0);
  await page.goto(`/app/store/${storeId}/inspectionOrder/${order._id}`);
  await expect(page.getByRole('heading', { name: /10231/ }).first()).toBeVisible();
  await expect(page.getByTestId('shop-chat-open')).toHaveCount(0);
  await page.context().close();
});
