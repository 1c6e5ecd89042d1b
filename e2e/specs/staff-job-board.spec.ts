import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectReadableBadges } from '../contrast.js';
import { drawSignature } from './support/signature.js';
import { signIn, storedSession } from './support/staff.js';
import { apiWithToken } from './support/orders.js';

/**
 * Issue 17, items 4 and 5 (docs/dashboard.md "Job board", "Live approvals"): a customer's approval
 * on the report page changes the advisor's open dashboard and order page at once, with a notice
 * that links to the order; on the job board a card moved to another technician (with the keyboard,
 * and by dragging) changes the order's technician, live on another tab. `board-advisor` is a demo
 * advisor of its own: its saved view (the board) and My vehicles touch no other spec.
 */

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
const USER = 'board-advisor';

interface Order {
  _id: string;
  orderNumber: string | null;
  customerId: string;
  vehicleId: string;
  technicianId: string | null;
  states: Record<string, string>;
}

type Api = ReturnType<typeof apiWithToken>;

async function signedInApi(page: Page, request: APIRequestContext) {
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/, { timeout: 30_000 });
  return apiWithToken(request, (await storedSession(page))!.token);
}

/** Sets My vehicles on (only this user's orders are listed: nothing another spec makes shows). */
async function myVehiclesOnly(page: Page) {
  const mine = page.getByRole('switch', { name: 'My vehicles' });
  await expect(page.getByTestId('order-count')).not.toHaveText('\u00a0', { timeout: 30_000 });
  if (!(await mine.isChecked())) await page.locator(`label[for="${await mine.getAttribute('id')}"]`).click();
  await expect(mine).toBeChecked();
}

async function chooseView(page: Page, view: 'List' | 'Job board') {
  const control = page.getByRole('radiogroup', { name: 'Dashboard view' });
  await control.getByText(view, { exact: true }).click();
  await expect(control.getByRole('radio', { name: view })).toBeChecked();
}

/** A new order of this advisor's for Jane's car, with three recommended items, each priced. */
async function janesPricedOrder(api: Api) {
  const store = `/v2/api/store/${api.claims.storeId}`;
  const list = await api.get<{ _embedded: { inspectionOrder: Order[] } }>(`${store}/inspectionOrder`, { search: '10231' });
  const janes = list._embedded.inspectionOrder.find((o) => o.orderNumber === '10231')!;
  const order = await api.post<Order>(`${store}/inspectionOrder`, {
    customerId: janes.customerId,
    vehicleId: janes.vehicleId,
    serviceAdvisorId: api.claims.id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    orderNumber: `JB${String(Date.now()).slice(-7)}`,
    mileageIn: 84500,
  });
  for (const result of [
    { itemKey: 'frontBrakePads', result: 'critical', value: 2 },
    { itemKey: 'batteryVoltage', result: 'warning', value: 12.2 },
    { itemKey: 'wiperBlades', result: 'warning' },
  ]) {
    await api.post(`${store}/inspectionOrder/${order._id}/result`, result);
  }
  const estimate = await api.get<{ lines: Array<{ _id: string }> }>(`${store}/inspectionOrder/${order._id}/estimate`, {
    language: 'en',
  });
  expect(estimate.lines).toHaveLength(3);
  for (const line of estimate.lines) {
    await api.put(`${store}/inspectionOrder/${order._id}/estimate/line/${line._id}`, { labourHours: 0.5 });
  }
  const link = await api.post<{ url: string }>(`${store}/inspectionOrder/${order._id}/reportLink`, {});
  return { store, order, link: new URL(link.url) };
}

test.describe('live approvals and the job board', () => {
  test("the advisor's dashboard and order page change at once, with the notice", async ({ browser, request }) => {
    test.slow(); // three pages (two staff tabs and a phone) and a signature: room for a loaded machine
    const staff = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const dashboard = await staff.newPage();
    const api = await signedInApi(dashboard, request);
    // The list, whatever this user chose last (the board test leaves it on the board).
    await chooseView(dashboard, 'List');
    await myVehiclesOnly(dashboard);
    const { store, order, link } = await janesPricedOrder(api);

    const card = dashboard.locator(`[data-order-id="${order._id}"]`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.locator('[data-step="approval"]')).toHaveAttribute('data-state', 'notStarted');
    const orderPage = await staff.newPage();
    await orderPage.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}`);
    await expect(orderPage.getByRole('heading', { level: 1, name: `Repair order ${order.orderNumber}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(orderPage.getByTestId('approval-state')).toHaveCount(0);
    for (const page of [dashboard, orderPage]) {
      await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
    }
    // Both tabs are live before the customer signs: a change made elsewhere shows on each.
    await api.put(`${store}/inspectionOrder/${order._id}`, { waiting: true, mileageIn: 84600 });
    await expect(card.getByTestId('waiting-badge')).toBeVisible({ timeout: 30_000 });
    await expect(orderPage.getByText('Mileage in: 84600')).toBeVisible({ timeout: 30_000 });

    // Jane approves two items and declines one on her phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const customer = await phone.newPage();
    await customer.goto(link.pathname + link.search);
    const item = (text: RegExp) => customer.locator('.sb-report-item').filter({ hasText: text });
    await item(/brake pads/i).getByRole('button', { name: 'Approve' }).click();
    await item(/battery/i).getByRole('button', { name: 'Approve' }).click();
    await item(/wiper/i).getByRole('button', { name: 'Decline' }).click();
    await customer.getByRole('button', { name: 'Review and sign (3)' }).click();
    const confirm = customer.getByRole('dialog', { name: 'Confirm your decisions' });
    await confirm.getByLabel('Your name').fill('Jane Doe');
    await drawSignature(customer);
    await confirm.getByRole('button', { name: 'Sign and send' }).click();
    await expect(confirm).toBeHidden({ timeout: 30_000 });

    // The approved total as the shop's estimate has it, in the advisor's language (en, CAD).
    const estimate = await api.get<{ currency: 'CAD' | 'USD'; totals: { approvedTotal: number } }>(
      `${store}/inspectionOrder/${order._id}/estimate`,
    );
    expect(estimate.totals.approvedTotal).toBeGreaterThan(0);
    const total = new Intl.NumberFormat(estimate.currency === 'CAD' ? 'en-CA' : 'en-US', {
      style: 'currency',
      currency: estimate.currency,
    }).format(estimate.totals.approvedTotal / 100);
    const said = `Jane Doe approved 2 items and declined 1, ${total}`;

    // Both staff tabs change at once, without a reload, each with the notice.
    await expect(card.locator('[data-step="approval"]')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(orderPage.getByTestId('approval-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(orderPage.getByTestId('approval-state')).toHaveText('Approval done');
    // The dashboard's notice floats at the top right; the order's own page says it in its header.
    await expect(dashboard.locator('.mantine-Notification-root').getByTestId('approval-notice')).toBeVisible({
      timeout: 30_000,
    });
    await expect(orderPage.getByRole('main').getByTestId('approval-notice')).toBeVisible({ timeout: 30_000 });
    await expect(orderPage.locator('.mantine-Notification-root')).toHaveCount(0);
    for (const page of [dashboard, orderPage]) {
      const notice = page.getByTestId('approval-notice');
      await expect(notice).toContainText(said, { timeout: 30_000 });
      await expect(page.getByText(`Customer decision on Repair order ${order.orderNumber}`)).toBeVisible();
      expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    }
    // The order page's approval trail is read again: the new signature is there.
    await expect(orderPage.getByTestId('approval-trail')).toContainText('Jane Doe', { timeout: 30_000 });
    await expectAccessible(dashboard);
    await expectReadableBadges(dashboard);
    await expectAccessible(orderPage);
    await expectReadableBadges(orderPage);

    // The notice leads to the order.
    await dashboard
      .getByTestId('approval-notice')
      .getByRole('link', { name: `Open Repair order ${order.orderNumber}` })
      .click();
    await expect(dashboard).toHaveURL(new RegExp(`/inspectionOrder/${order._id}$`));
    await expect(dashboard.getByTestId('approval-state')).toHaveAttribute('data-state', 'done');
    // There the header tells it, and the floating notice is gone.
    await expect(dashboard.getByRole('main').getByTestId('approval-notice')).toContainText(said);
    await expect(dashboard.locator('.mantine-Notification-root')).toHaveCount(0);
    await dashboard.getByRole('main').getByTestId('approval-notice').getByRole('button', { name: 'Dismiss this message' }).click();
    await expect(dashboard.getByTestId('approval-notice')).toHaveCount(0);
    await phone.close();
    await staff.close();
  });

  test('a card moved on the job board changes the technician', async ({ browser, request }) => {
    test.slow(); // two tabs, a keyboard move, a drag and two screen sizes
    const staff = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await staff.newPage();
    const api = await signedInApi(page, request);
    await myVehiclesOnly(page);
    await chooseView(page, 'Job board');
    const board = page.getByTestId('job-board');
    await expect(board).toBeVisible({ timeout: 30_000 });

    // An order of this advisor's held by Theo, waiting for its parts.
    const store = `/v2/api/store/${api.claims.storeId}`;
    const workers = await api.get<Array<{ _id: string; username: string }>>(`/v1/api/store/${api.claims.storeId}/worker`, {
      fields: 'username',
    });
    const theo = workers.find((w) => w.username === 'tech')!._id;
    const tina = workers.find((w) => w.username === 'tech2')!._id;
    const list = await api.get<{ _embedded: { inspectionOrder: Order[] } }>(`${store}/inspectionOrder`, { search: '10233' });
    const model = list._embedded.inspectionOrder.find((o) => o.orderNumber === '10233')!;
    const order = await api.post<Order>(`${store}/inspectionOrder`, {
      customerId: model.customerId,
      vehicleId: model.vehicleId,
      serviceAdvisorId: api.claims.id,
      technicianId: theo,
      orderNumber: `JB${String(Date.now()).slice(-7)}`,
    });
    for (const [state, value] of [
      ['inspection', 'done'],
      ['estimate', 'done'],
      ['approval', 'done'],
      ['parts', 'inProgressHaveOrdered'],
    ] as const) {
      await api.put(`${store}/inspectionOrder/${order._id}/state`, { state, value });
    }

    // It comes onto the board live, under awaiting parts, held by Theo.
    const column = (stage: string) => board.locator(`[data-stage="${stage}"]`);
    const card = column('awaitingParts').locator(`[data-order-id="${order._id}"]`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('board-technician')).toHaveText('Theo Tremblay');
    await expect(column('inspecting').getByRole('heading', { name: 'Inspecting' })).toBeVisible();
    // A second tab on the board, to see the move arrive.
    const other = await staff.newPage();
    await other.goto('/app/store/dashboard');
    const otherCard = other.locator(`[data-order-id="${order._id}"]`);
    await expect(otherCard.getByTestId('board-technician')).toHaveText('Theo Tremblay', { timeout: 30_000 });

    // With the keyboard: from the card's link, Tab to its Assign button, open it, pick Tina.
    await card.getByRole('link').focus();
    await page.keyboard.press('Tab');
    const assign = card.getByRole('button', { name: `Assign RO ${order.orderNumber} to a technician` });
    await expect(assign).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Theo Tremblay' })).toHaveCount(0);
    await expectAccessible(page);
    const tinaItem = menu.getByRole('menuitem', { name: 'Tina Gagnon' });
    const tinaFocused = () => page.evaluate<boolean>(`document.activeElement?.textContent?.trim() === 'Tina Gagnon'`);
    for (let i = 0; i < 8 && !(await tinaFocused()); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(tinaItem).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByTestId('board-technician')).toHaveText('Tina Gagnon', { timeout: 30_000 });
    await expect(page.getByTestId('alerts')).toContainText(`RO ${order.orderNumber} is now assigned to Tina Gagnon.`);
    await expect(otherCard.getByTestId('board-technician')).toHaveText('Tina Gagnon', { timeout: 30_000 });
    expect((await api.get<Order>(`${store}/inspectionOrder/${order._id}`)).technicianId).toBe(tina);

    // By dragging: the card onto Theo, above the columns.
    await card.dragTo(board.locator(`[data-technician-id="${theo}"]`));
    await expect(card.getByTestId('board-technician')).toHaveText('Theo Tremblay', { timeout: 30_000 });
    await expect(otherCard.getByTestId('board-technician')).toHaveText('Theo Tremblay', { timeout: 30_000 });
    expect((await api.get<Order>(`${store}/inspectionOrder/${order._id}`)).technicianId).toBe(theo);
    await expectAccessible(page);
    await expectReadableBadges(page);

    // The board is remembered like the other choices; on a tablet in portrait its columns scroll sideways.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.reload();
    await expect(page.getByTestId('job-board')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(`[data-order-id="${order._id}"]`)).toBeVisible({ timeout: 30_000 });
    const columns = page.getByTestId('board-columns');
    expect(await columns.evaluate((el) => el.scrollWidth > el.clientWidth + 100)).toBe(true);
    // The page itself does not scroll sideways: only the columns do.
    expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await expectAccessible(page);
    await expectReadableBadges(page);
    await staff.close();
  });
});
