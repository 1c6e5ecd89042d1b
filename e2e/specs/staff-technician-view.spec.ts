import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { mainMenu, signIn, storedSession } from './support/staff.js';
import { apiWithToken, quickInspectionId } from './support/orders.js';

/**
 * The technician's dashboard on a tablet in portrait (docs/dashboard.md "The technician's view",
 * docs/staff-navigation.md): My vehicles on until the technician saves another choice, one work
 * state per card, the cards in one column, the menu folded into the header's burger.
 */
test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

test('a technician on a portrait tablet: my vehicles, one state per card, one column, the menu behind the burger', async ({
  page,
  request,
}) => {
  test.slow(); // two orders set up, the dashboard checked in three states: 30 s of 60 on a busy CI machine
  await signIn(page, 'tech');
  await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=technicianV2$/);
  const api = apiWithToken(request, (await storedSession(page))!.token);
  const store = `/v2/api/store/${api.claims.storeId}`;

  // As if the technician had never saved a dashboard choice (an earlier try may have saved one).
  await api.post(`${store}/user/${api.claims.id}/filter`, {
    filter: null,
    sorting: null,
    waitingFirst: false,
    myVehicles: false,
  });
  // A fresh order of the technician's own, not inspected yet.
  const found = await api.get<{ _embedded: { customer: { _id: string }[] } }>(`${store}/customer`, {
    email: 'jane@example.com',
  });
  const customerId = found._embedded.customer[0]!._id;
  const household = await api.get<{ vehicles: { _id: string }[] }>(`${store}/customer/${customerId}/household`);
  const orderNumber = `TV${String(Date.now()).slice(-8)}`;
  const order = await api.post<{ _id: string }>(`${store}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    technicianId: api.claims.id,
    orderNumber,
    inspectionType: await quickInspectionId(api),
  });
  await page.reload();

  // My vehicles starts on: the list asks for the technician's orders.
  await expect(page.getByRole('switch', { name: 'My vehicles' })).toBeChecked();
  const card = page.locator(`[data-list="dashboard-orders"] [data-order-id="${order._id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('technician-state')).toHaveText('To inspect');
  // The header counts what the list holds: the technician's vehicles in the shop, not the shop's.
  await expect(async () => {
    const mine = await api.get<{ page: { totalElements: number } }>(`${store}/inspectionOrder`, {
      page: '0',
      size: '1',
      closed: 'false',
      vehicleInShop: 'true',
      technicianId: api.claims.id,
    });
    const all = await api.get<{ count: number }>(`${store}/inspectionOrder/count`, { vehicleInShop: 'true' });
    expect(mine.page.totalElements).toBeLessThan(all.count);
    const n = mine.page.totalElements;
    await expect(page.getByTestId('order-count')).toHaveText(`${n} of my vehicles in shop`, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(card.locator('[data-step]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Open Repair order ${orderNumber} for Jane Doe, To inspect` })).toBeVisible();

  // One column: every card takes the list's width.
  const list = page.locator('[data-list="dashboard-orders"] ul.dashboard-list');
  const listWidth = (await list.boundingBox())!.width;
  const widths = await page
    .locator('[data-list="dashboard-orders"] [data-order-id]')
    .evaluateAll((cards) => cards.map((c) => (c as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width));
  expect(widths.length).toBeGreaterThan(0);
  for (const width of widths) expect(width).toBeGreaterThan(listWidth - 2);

  // The menu is folded: hidden until the burger opens it.
  const burger = page.getByRole('button', { name: 'Open the menu' });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(mainMenu(page)).toBeHidden();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('technician-dashboard-768x1024.png'), fullPage: false });

  // Opened with the keyboard: the focus goes to its first entry; Escape closes it and returns to the burger.
  await burger.focus();
  await page.keyboard.press('Enter');
  await expect(mainMenu(page)).toBeVisible();
  const close = page.getByRole('button', { name: 'Close the menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(mainMenu(page).getByRole('link', { name: 'Vehicles in shop' })).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('technician-menu-768x1024.png'), fullPage: false });
  await page.keyboard.press('Escape');
  await expect(mainMenu(page)).toBeHidden();
  await expect(burger).toBeFocused();

  // It navigates, and folds again on the way.
  await burger.click();
  await mainMenu(page).getByRole('link', { name: 'Advanced search' }).click();
  await expect(page).not.toHaveURL(/\/app\/store\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced search' })).toBeVisible();
  await expect(mainMenu(page)).toBeHidden();
  await burger.click();
  await mainMenu(page).getByRole('link', { name: 'Vehicles in shop' }).click();
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  await expect(card).toBeVisible();

  // Switching My vehicles off is saved: it stays off on the next visit.
  await page.getByRole('switch', { name: 'My vehicles' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'My vehicles' })).not.toBeChecked();
  await expect
    .poll(async () => (await api.get<{ myVehicles: boolean }>(`/v2/api/user/${api.claims.id}`)).myVehicles)
    .toBe(false);
  await expect
    .poll(async () => (await api.get<{ filter: string | null }>(`/v2/api/user/${api.claims.id}`)).filter)
    .toBe('allVehicles');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'My vehicles' })).not.toBeChecked();
});
