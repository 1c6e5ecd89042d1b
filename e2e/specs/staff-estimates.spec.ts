import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectReadableBadges } from '../contrast.js';
import { signIn, storedSession } from './support/staff.js';
import { apiWithToken } from './support/orders.js';

/**
 * Estimates (docs/estimates.md): the owner sets Uptown's taxes and keeps Downtown's canned jobs in
 * the store settings; the advisor prices a new Downtown order's six findings in the estimate grid,
 * two of them with canned jobs, without a Save button; adds a canned job as a new line and deletes
 * it; the grid refuses to mark the estimate ready
 * while a line is invalid, then marks it ready and reaches approved work through the redirect
 * rule; the customer review modal; the older /app/v2 paths.
 */

test.use({ viewport: { width: 1024, height: 768 } });
test.describe.configure({ mode: 'serial' });

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';

interface Estimate {
  version: number;
  state: string;
  lines: Array<{ _id: string; description: string; amounts: { subtotal: number } }>;
  taxes: Array<{ name: string; amount: number }>;
  totals: { labour: number; total: number; tax: number; subtotal: number };
  currency: 'USD' | 'CAD';
  labourRate: number;
}

const money = (cents: number, currency: 'USD' | 'CAD') =>
  new Intl.NumberFormat(currency === 'CAD' ? 'en-CA' : 'en-US', { style: 'currency', currency }).format(
    cents / 100,
  );

/** A group of the store settings, by its heading. */
const settingsSection = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading }) });

async function apiOf(page: Page) {
  const api = apiWithToken(page.request, (await storedSession(page))!.token);
  return { ...api, store: `/v2/api/store/${api.claims.storeId}` };
}

/** A new multi-point order for the car of demo ticket 10233, through the API. */
async function newOrderOf10233sCar(api: Awaited<ReturnType<typeof apiOf>>) {
  const list = await api.get<{ _embedded: { inspectionOrder: Array<{ orderNumber: string; customerId: string; vehicleId: string }> } }>(
    `${api.store}/inspectionOrder`,
    { search: '10233' },
  );
  const model = list._embedded.inspectionOrder.find((o) => o.orderNumber === '10233')!;
  return api.post<{ _id: string }>(`${api.store}/inspectionOrder`, {
    customerId: model.customerId,
    vehicleId: model.vehicleId,
    inspectionType: MULTI_POINT_INSPECTION_ID,
  });
}

async function openStoreSettings(page: Page, store: string) {
  await signIn(page, 'owner');
  await page.getByRole('article', { name: store }).getByRole('link', { name: `Settings of ${store}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toBeVisible();
}

test('the owner gives Uptown a sales tax of 8 % on everything in the store settings', async ({ page }) => {
  test.slow(); // the settings of a store, saved and read back: room for a loaded machine
  await openStoreSettings(page, 'Uptown');
  const section = settingsSection(page, 'Estimates');
  await expect(section.getByLabel('Labour rate (per hour)')).toBeVisible();
  const rows = section.getByTestId('tax-row');
  // Leave only one tax, whatever an earlier run left.
  while ((await rows.count()) > 0) await section.getByRole('button', { name: 'Remove tax 1' }).click();
  await section.getByRole('button', { name: 'Add a tax' }).click();
  // A tax without a name is refused before anything is sent.
  await expect(section.getByText('A tax needs a name.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the settings' })).toBeDisabled();
  await section.getByLabel('Name of tax 1').fill('Sales tax');
  await section.getByLabel('Rate of tax 1 (%)').fill('8');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The settings are saved' })).toBeVisible();
  await page.reload();
  await expect(settingsSection(page, 'Estimates').getByLabel('Name of tax 1')).toHaveValue('Sales tax');
});

test("the owner keeps Downtown's canned jobs: adds one, is refused a name taken, changes and removes it", async ({ page }) => {
  test.slow(); // a dialog saved three times on a loaded machine
  const name = 'Headlight bulbs';
  await openStoreSettings(page, 'Downtown');
  const section = settingsSection(page, 'Canned jobs');
  const rows = section.getByTestId('canned-job-row');
  // The demo store's dozen jobs, by name.
  await expect(rows.filter({ hasText: 'Oil change' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Wiper blades' })).toBeVisible();
  // An earlier attempt's job is removed first.
  const left = rows.filter({ hasText: name });
  if ((await left.count()) > 0) {
    await section.getByRole('button', { name: `Remove ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: `Remove ${name}` }).click();
    await expect(left).toHaveCount(0);
  }

  await section.getByRole('button', { name: 'Add a job' }).click();
  const dialog = page.getByRole('dialog', { name: 'New canned job' });
  await dialog.getByLabel('Name').fill('oil  CHANGE');
  await dialog.getByLabel('Labour hours').fill('0.3');
  await dialog.getByRole('button', { name: '+ Add a part' }).click();
  // Only what was touched shows its problem.
  await expect(dialog.getByText('Name the part.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save the job' }).click();
  await expect(dialog.getByText('Name the part.')).toBeVisible();
  await dialog.getByLabel('Number of part 1').fill('H11');
  await dialog.getByLabel('Part 1', { exact: true }).fill('Headlight bulb H11');
  await dialog.getByLabel('Quantity of part 1').fill('2');
  await dialog.getByLabel('Unit price of part 1').fill('18.49');
  // 0.3 h at Downtown's CA$120.00 and two bulbs.
  await expect(dialog.getByTestId('job-price')).toContainText('$72.98');
  await dialog.getByRole('button', { name: 'Save the job' }).click();
  // The name is the store's already, whatever its case and spaces.
  await expect(dialog.getByText('The store already has a job with this name.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save the job' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `The job "${name}" is saved.` })).toBeVisible();
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText('Headlight bulb H11 × 2');

  await section.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the canned job' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Labour hours').fill('0.5');
  await edit.getByRole('button', { name: 'Save the job' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('0.5');

  await section.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: `Remove ${name}` }).click();
  await expect(row).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Oil change' })).toBeVisible();
});

test('the advisor prices six findings with two canned jobs without pressing a Save button, and cannot mark the estimate ready with an invalid line', async ({
  page,
}) => {
  test.slow(); // a whole estimate saved line by line on a loaded machine
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const api = await apiOf(page);

  // A new order for the car of ticket 10233, with six recommended items.
  const order = await newOrderOf10233sCar(api);
  for (const [itemKey, result] of [
    ['frontBrakePads', 'critical'],
    ['rearRotors', 'warning'],
    ['batteryVoltage', 'warning'],
    ['driveBelt', 'warning'],
    ['engineAirFilter', 'warning'],
    ['wiperBlades', 'warning'],
  ] as const) {
    await api.post(`${api.store}/inspectionOrder/${order._id}/result`, { itemKey, result });
  }
  const estimateApi = `${api.store}/inspectionOrder/${order._id}/estimate`;

  // From the order page through the approval entry: the estimate is not ready, so the estimates page.
  await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}`);
  await page.getByTestId('to-estimate').click();
  await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${order._id}/estimates$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Estimate/ })).toBeVisible();
  const lines = page.getByTestId('estimate-line');
  await expect(lines).toHaveCount(6);
  await expect(lines.first().getByTestId('line-severity')).toHaveText(/Critical|Warning/);

  // Which line is which, as the server drew them (the page shows them in the same order).
  const drawn = await api.get<Estimate>(estimateApi);
  const n = (item: string) => drawn.lines.findIndex((l) => l.description.startsWith(item)) + 1;
  const lineOf = (item: string) => lines.nth(n(item) - 1);
  const state = (item: string) => lineOf(item).getByTestId('line-state');

  // Two canned jobs, each in one pick: the finding's job is offered first.
  for (const [item, job] of [
    ['Wiper blades', 'Wiper blades'],
    ['Front brake pads', 'Front brake pads'],
  ] as const) {
    await page.getByRole('combobox', { name: `Canned job, line ${n(item)}` }).click();
    const options = page.getByRole('listbox', { name: `Canned job, line ${n(item)}` }).getByRole('option');
    await expect(options.first()).toHaveText(job);
    await options.first().click();
    await expect(lineOf(item).getByTestId('line-part').first()).toBeVisible();
    await expect(state(item)).toHaveAttribute('data-state', 'saved', { timeout: 30_000 });
  }
  await expect(page.getByLabel(`Labour hours, line ${n('Wiper blades')}`)).toHaveValue('0.2');

  // The other four typed in the grid: hours, a part, a fee. Nothing is pressed to save them.
  await page.getByLabel(`Labour hours, line ${n('Rear rotors')}`).fill('1.5');
  await page.getByLabel(`Labour hours, line ${n('Battery voltage')}`).fill('0.5');
  await page.getByLabel(`Labour hours, line ${n('Drive belt')}`).fill('0.8');
  await page.getByRole('button', { name: `Add a part to line ${n('Drive belt')}` }).click();
  const belt = n('Drive belt');
  await page.getByLabel(`Number of part 1, line ${belt}`).fill('SB-6K880');
  await page.getByLabel(`Part 1, line ${belt}`, { exact: true }).fill('Serpentine belt');
  await page.getByLabel(`Unit price of part 1, line ${belt}`).fill('54.99');
  const filter = n('Engine air filter');
  await page.getByLabel(`Labour hours, line ${filter}`).fill('0.2');
  await page.getByRole('button', { name: `Add a fee to line ${filter}` }).click();
  await page.getByLabel(`Fee 1, line ${filter}`, { exact: true }).fill('Shop supplies');
  await page.getByLabel(`Amount of fee 1, line ${filter}`).fill('4.5');
  // The totals follow the typing, saved or not: labour is every line's hours at the rate.
  const hours = 1.2 + 0.2 + 1.5 + 0.5 + 0.8 + 0.2;
  await expect(page.getByTestId('estimate-totals').getByRole('row', { name: /^Labour/ })).toContainText(
    money(Math.round(hours * drawn.labourRate), drawn.currency),
  );
  for (let i = 0; i < 6; i++) await expect(lines.nth(i).getByTestId('line-state')).toHaveAttribute('data-state', 'saved', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /save/i })).toHaveCount(0);

  // What the page shows is what the server has: each line, the taxes, the total and the version.
  const saved = await api.get<Estimate>(estimateApi);
  expect(saved.lines.map((l) => l.amounts.subtotal)).toContain(Math.round(0.8 * saved.labourRate) + 54_99);
  for (const [i, line] of saved.lines.entries()) {
    await expect(lines.nth(i).getByTestId('line-subtotal')).toContainText(money(line.amounts.subtotal, saved.currency));
  }
  await expect(page.getByTestId('estimate-total')).toHaveText(money(saved.totals.total, saved.currency));
  for (const tax of saved.taxes) await expect(page.getByTestId(`tax-${tax.name}`)).toContainText(money(tax.amount, saved.currency));
  await expect(page.getByTestId('estimate-version')).toHaveText(`Version ${saved.version}`);

  // A canned job as a new line, then the line removed: both stay a click away.
  await page.getByRole('combobox', { name: 'Add a canned job as a new line' }).click();
  await page.getByRole('option', { name: 'Tire rotation' }).click();
  await expect(lines).toHaveCount(7);
  await expect(lines.nth(6).getByLabel('Description, line 7')).toHaveValue('Tire rotation');
  await expect(lines.nth(6).getByLabel('Labour hours, line 7')).toHaveValue('0.5');
  await lines.nth(6).getByRole('button', { name: 'Delete line 7' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete line 7' }).click();
  await expect(lines).toHaveCount(6);

  // An invalid line: a part without a name. Its error shows once the field is left; it is not
  // sent, and the estimate cannot be marked ready, the button saying which line stops it.
  const battery = n('Battery voltage');
  await page.getByRole('button', { name: `Add a part to line ${battery}` }).click();
  await expect(page.getByLabel(`Part 1, line ${battery}`, { exact: true })).toBeFocused();
  await expect(lineOf('Battery voltage').getByText('Name the part.')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(lineOf('Battery voltage').getByText('Name the part.')).toBeVisible();
  await expect(state('Battery voltage')).toHaveAttribute('data-state', 'invalid');
  await expect(state('Battery voltage')).toContainText('Needs fixing');
  await expect(page.getByTestId('mark-ready')).toBeDisabled();
  await expect(page.getByTestId('ready-blockers')).toContainText(`Line ${battery}: needs fixing`);
  await expectAccessible(page);
  await expectReadableBadges(page);
  // The invalid line was not sent: the server's version is the one the page shows.
  const current = await api.get<Estimate>(estimateApi);
  await expect(page.getByTestId('estimate-version')).toHaveText(`Version ${current.version}`);

  // Removing the empty part makes it whole again: ready.
  await page.getByRole('button', { name: `Remove part 1 of line ${battery}` }).click();
  await expect(state('Battery voltage')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('ready-blockers')).toBeHidden();
  await page.getByTestId('mark-ready').click();
  await expect(page.getByTestId('estimate-state')).toHaveText('Ready');
  expect((await api.get<Estimate>(estimateApi)).state).toBe('done');

  await expect(page.getByRole('link', { name: 'Go to approved work' })).toBeVisible();
});

test('a ready estimate leads to the approved work, its customer review, and the older paths follow', async ({ page }) => {
  test.slow(); // an order, two priced lines and four pages, one after the other
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const api = await apiOf(page);
  const order = await newOrderOf10233sCar(api);
  for (const itemKey of ['frontBrakePads', 'wiperBlades'])
    await api.post(`${api.store}/inspectionOrder/${order._id}/result`, { itemKey, result: 'warning' });
  const estimateApi = `${api.store}/inspectionOrder/${order._id}/estimate`;
  // Priced lines: a zero-priced one is shown to the customer as information, not a decision.
  const drawn = await api.get<Estimate>(`${estimateApi}?language=en`);
  for (const line of drawn.lines) await api.put(`${estimateApi}/line/${line._id}`, { labourHours: 1 });
  await api.post(`${estimateApi}/ready`, {});
  await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}/estimates`);
  await expect(page.getByTestId('estimate-state')).toHaveText('Ready');

  await page.getByRole('link', { name: 'Go to approved work' }).click();
  await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${order._id}/approvedWork$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Approved work/ })).toBeVisible();
  await expect(page.getByTestId('approved-total')).toBeVisible();
  await expectAccessible(page);

  // The customer review modal: every item with the customer's decision, and the approved total.
  await page.getByRole('button', { name: 'Customer review' }).click();
  const review = page.getByRole('dialog', { name: 'Customer review' });
  await expect(review.getByTestId('review-row').first()).toBeVisible();
  await expect(review.getByTestId('review-decision').first()).toHaveText(/Approved|Declined|Undecided/);
  await expect(review.getByTestId('review-approved-total')).toBeVisible();
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(review).toBeHidden();

  // The older paths, without a store, find the order and follow the rule.
  await page.goto(`/app/v2/inspectionOrder/${order._id}/approvedWork`);
  await expect(page).toHaveURL(new RegExp(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}/approvedWork$`));
  await page.goto(`/app/v2/inspectionOrder/${order._id}/estimates`);
  await expect(page).toHaveURL(new RegExp(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}/estimates$`));
  await expect(page.getByTestId('estimate-line').first()).toBeVisible();
  // The older assemble page opens the order page.
  await page.goto(`/app/assemble/${order._id}`);
  await expect(page).toHaveURL(new RegExp(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}$`));
});

test("another advisor's changes reach an open estimate at once, and what the advisor is typing stays", async ({ page, browser }) => {
  test.slow(); // two advisors on one estimate: room for a loaded machine
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const api = await apiOf(page);
  const order = await newOrderOf10233sCar(api);
  for (const itemKey of ['frontBrakePads', 'wiperBlades'])
    await api.post(`${api.store}/inspectionOrder/${order._id}/result`, { itemKey, result: 'warning' });
  const estimateApi = `${api.store}/inspectionOrder/${order._id}/estimate`;
  const drawn = await api.get<Estimate>(`${estimateApi}?language=en`);
  const pads = drawn.lines.findIndex((l) => l.description.startsWith('Front brake pads')) + 1;
  const wipers = drawn.lines.findIndex((l) => l.description.startsWith('Wiper blades')) + 1;

  await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}/estimates`);
  const lines = page.getByTestId('estimate-line');
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('live-estimate')).toHaveAttribute('data-live', 'connected');

  // The advisor is typing a part on the wipers' line, not finished (no name yet: not sent).
  await page.getByRole('button', { name: `Add a part to line ${wipers}` }).click();
  await page.getByLabel(`Unit price of part 1, line ${wipers}`).fill('24.99');
  await expect(lines.nth(wipers - 1).getByTestId('line-state')).toHaveAttribute('data-state', 'invalid');

  // Another advisor, on another tablet, prices the pads and adds a line.
  const colleague = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await signIn(colleague, 'manager');
  await expect(colleague.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const other = apiWithToken(colleague.request, (await storedSession(colleague))!.token);
  const padsLine = drawn.lines[pads - 1]!;
  await other.put(`${estimateApi}/line/${padsLine._id}`, { labourHours: 2.5 });
  const after = await other.post<Estimate>(`${estimateApi}/line`, { description: 'Shop supplies', fees: [{ description: 'Supplies', amount: 1500 }] });

  // The open page shows both at once, without a reload, and keeps what the advisor was typing.
  await expect(page.getByLabel(`Labour hours, line ${pads}`)).toHaveValue('2.5');
  await expect(lines).toHaveCount(3);
  await expect(page.getByLabel('Description, line 3')).toHaveValue('Shop supplies');
  await expect(page.getByTestId('estimate-version')).toHaveText(`Version ${after.version}`);
  await expect(page.getByLabel(`Unit price of part 1, line ${wipers}`)).toHaveValue('24.99');
  await expect(lines.nth(wipers - 1).getByTestId('line-state')).toHaveAttribute('data-state', 'invalid');
  // The totals are of what is on screen: the colleague's changes and the part being typed.
  const full = await other.get<{
    totals: { labour: number; parts: number; fees: number };
    taxes: Array<{ ratePercent: number; onLabour: boolean; onParts: boolean; onFees: boolean }>;
  }>(estimateApi);
  const parts = full.totals.parts + 24_99;
  const tax = full.taxes.reduce(
    (sum, x) =>
      sum + Math.round((((x.onLabour ? full.totals.labour : 0) + (x.onParts ? parts : 0) + (x.onFees ? full.totals.fees : 0)) * x.ratePercent) / 100),
    0,
  );
  await expect(page.getByTestId('estimate-total')).toHaveText(money(full.totals.labour + parts + full.totals.fees + tax, after.currency));

  // Finished, the advisor's part is saved on top of the colleague's changes.
  await page.getByLabel(`Part 1, line ${wipers}`, { exact: true }).fill('Wiper blade');
  await expect(lines.nth(wipers - 1).getByTestId('line-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const saved = await api.get<Estimate & { lines: Array<{ labourHours: number; parts: unknown[] }> }>(estimateApi);
  expect(saved.lines[pads - 1]!.labourHours).toBe(2.5);
  expect(saved.lines[wipers - 1]!.parts).toHaveLength(1);
  expect(saved.lines).toHaveLength(3);
  await expectAccessible(page);
  await colleague.close();
});
