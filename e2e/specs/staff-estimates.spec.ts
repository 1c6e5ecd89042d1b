import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession } from './support/staff.js';
import { apiWithToken } from './support/orders.js';

/**
 * Estimates (docs/estimates.md): the owner gives Downtown a tax in the store settings; the
 * advisor opens the estimate of a finished demo inspection (ticket 10234) from the order page,
 * prices a line with labour, a part and a fee, sees the totals with the tax, marks the estimate
 * ready and lands on approved work through the redirect rule; the customer review modal; the
 * older /app/v2 path. The estimate may already exist (demo data): the spec reads what it finds.
 */

test.use({ viewport: { width: 1024, height: 768 } });
test.describe.configure({ mode: 'serial' });

interface Estimate {
  lines: Array<{ _id: string; description: string }>;
  taxes: Array<{ name: string; amount: number }>;
  totals: { total: number; tax: number; subtotal: number };
  currency: 'USD' | 'CAD';
}

const money = (cents: number, currency: 'USD' | 'CAD') =>
  new Intl.NumberFormat(currency === 'CAD' ? 'en-CA' : 'en-US', { style: 'currency', currency }).format(
    cents / 100,
  );

/** The store settings' estimates group. */
const estimatesSection = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Estimates' }) });

async function apiOf(page: Page) {
  const api = apiWithToken(page.request, (await storedSession(page))!.token);
  return { ...api, store: `/v2/api/store/${api.claims.storeId}` };
}

test('the owner gives Downtown a GST of 5 % on everything in the store settings', async ({ page }) => {
  test.slow(); // the settings of a store, saved and read back: room for a loaded machine
  await signIn(page, 'owner');
  await page
    .getByRole('article', { name: 'Downtown' })
    .getByRole('link', { name: 'Settings of Downtown' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toBeVisible();
  const section = estimatesSection(page);
  await expect(section.getByLabel('Labour rate (per hour)')).toBeVisible();
  const rows = section.getByTestId('tax-row');
  // Leave only one GST, whatever an earlier run left.
  while ((await rows.count()) > 0) await section.getByRole('button', { name: 'Remove tax 1' }).click();
  await section.getByRole('button', { name: 'Add a tax' }).click();
  // A tax without a name is refused before anything is sent.
  await expect(section.getByText('A tax needs a name.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the settings' })).toBeDisabled();
  await section.getByLabel('Name of tax 1').fill('GST');
  await section.getByLabel('Rate of tax 1 (%)').fill('5');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The settings are saved' })).toBeVisible();
  await page.reload();
  await expect(estimatesSection(page).getByLabel('Name of tax 1')).toHaveValue('GST');
});

test('the advisor prices the estimate of ticket 10234, sees the totals with tax, marks it ready and reaches approved work', async ({
  page,
}) => {
  test.slow(); // a whole estimate on a loaded machine
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const api = await apiOf(page);
  const list = await api.get<{ _embedded: { inspectionOrder: Array<{ _id: string; orderNumber: string }> } }>(
    `${api.store}/inspectionOrder`,
    { search: '10234' },
  );
  const orderId = list._embedded.inspectionOrder.find((o) => o.orderNumber === '10234')!._id;
  const estimateApi = `${api.store}/inspectionOrder/${orderId}/estimate`;

  // From the order page through the approval entry: the estimate is not ready, so the estimates page.
  await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${orderId}`);
  await page.getByTestId('to-estimate').click();
  await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${orderId}/(estimates|approvedWork)$`));
  if (page.url().endsWith('/approvedWork')) {
    await page.getByRole('link', { name: 'Edit the estimate' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: /^Estimate/ })).toBeVisible();

  // The lines drawn from the inspection's warning and critical results, each with its severity.
  const lines = page.getByTestId('estimate-line');
  await expect(lines.first()).toBeVisible();
  await expect(lines.first().getByTestId('line-severity')).toHaveText(/Critical|Warning/);
  await page.getByRole('button', { name: "Use the store's current taxes" }).click();
  await expect(page.getByTestId('tax-GST')).toBeVisible();
  await expectAccessible(page);

  // Price the first line: 1.5 h of labour, two pads at 45.99, a 5.00 disposal fee.
  const line = lines.first();
  await line.getByLabel('Labour hours, line 1').fill('1.5');
  await line.getByRole('button', { name: 'Add a part' }).click();
  const part = line.getByTestId('line-part').last();
  await part.getByLabel('Part number').fill('BP-100');
  await part.getByLabel('Part', { exact: true }).fill('Brake pads');
  await part.getByLabel('Quantity').fill('2');
  await part.getByLabel('Unit price').fill('45.99');
  await line.getByRole('button', { name: 'Add a fee' }).click();
  const fee = line.getByTestId('line-fee').last();
  await fee.getByLabel('Fee', { exact: true }).fill('Disposal');
  await fee.getByLabel('Amount').fill('5');
  await line.getByRole('button', { name: 'Save line' }).click();
  await expect(line.getByRole('button', { name: 'Save line' })).toBeDisabled();

  // The totals the page shows are the server's, with the GST on labour, parts and fees.
  await expect.poll(async () => (await api.get<Estimate>(estimateApi)).lines.length > 0).toBe(true);
  const estimate = await api.get<Estimate>(estimateApi);
  const gst = estimate.taxes.find((x) => x.name === 'GST')!;
  expect(gst.amount).toBe(Math.round((estimate.totals.subtotal * 5) / 100));
  expect(estimate.totals.subtotal).toBeGreaterThanOrEqual(120_00 * 1.5 + 91_98 + 5_00);
  await expect(page.getByTestId('tax-GST')).toContainText(money(gst.amount, estimate.currency));
  await expect(page.getByTestId('estimate-total')).toHaveText(
    money(estimate.totals.total, estimate.currency),
  );
  await expect(page.getByTestId('estimate-state')).toHaveText('Being built');

  // Ready: the step is done, and the approval entry now leads to approved work.
  await page.getByTestId('mark-ready').click();
  await expect(page.getByTestId('estimate-state')).toHaveText('Ready');
  await page.getByRole('link', { name: 'Go to approved work' }).click();
  await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${orderId}/approvedWork$`));
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

  // The older path, without a store, finds the order and follows the rule.
  await page.goto(`/app/v2/inspectionOrder/${orderId}/approvedWork`);
  await expect(page).toHaveURL(
    new RegExp(`/app/store/${api.claims.storeId}/inspectionOrder/${orderId}/approvedWork$`),
  );
  await page.goto(`/app/v2/inspectionOrder/${orderId}/estimates`);
  await expect(page).toHaveURL(
    new RegExp(`/app/store/${api.claims.storeId}/inspectionOrder/${orderId}/estimates$`),
  );
  await expect(page.getByTestId('estimate-line').first()).toBeVisible();
  // The older assemble page opens the order page.
  await page.goto(`/app/assemble/${orderId}`);
  await expect(page).toHaveURL(new RegExp(`/app/store/${api.claims.storeId}/inspectionOrder/${orderId}$`));
});
