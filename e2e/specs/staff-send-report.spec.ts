import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession } from './support/staff.js';
import { apiWithToken } from './support/orders.js';
import { readOutbox } from './support/outbox.js';

/**
 * Sending the report (docs/reports.md): the advisor sends a finished demo order's
 * report by e-mail from the inspection order page (opened from a dashboard search), lands on the
 * dashboard with its search kept and the order highlighted, and the message (with its report
 * link) is in the development outbox, once to the customer and once to a second address typed
 * beside theirs; the order's links can be revoked; a text to a customer who has not allowed texts
 * opens the SMS error dialog.
 */

test.use({ viewport: { width: 1024, height: 768 } });

interface Order {
  _id: string;
  orderNumber: string | null;
  customerId: string;
}

async function advisorApi(page: Page, request: APIRequestContext) {
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const api = apiWithToken(request, (await storedSession(page))!.token);
  return { ...api, store: `/v2/api/store/${api.claims.storeId}` };
}

test('the advisor e-mails the report of a finished order, lands on the dashboard, and the message carries a working link', async ({
  page,
  request,
}) => {
  test.slow(); // a report, an e-mail and its link: room for a loaded machine
  const api = await advisorApi(page, request);
  // The finished demo orders (README): take the one whose customer has an e-mail.
  let order: Order | undefined;
  let email = '';
  for (const number of ['10233', '10234']) {
    const list = await api.get<{ _embedded: { inspectionOrder: Order[] } }>(`${api.store}/inspectionOrder`, {
      search: number,
    });
    const candidate = list._embedded.inspectionOrder.find((o) => o.orderNumber === number);
    if (!candidate) continue;
    const customer = await api.get<{ email: string | null }>(`${api.store}/customer/${candidate.customerId}`);
    if (customer.email) {
      order = candidate;
      email = customer.email;
      break;
    }
  }
  expect(order, 'a finished demo order with an e-mail').toBeDefined();
  const subject = `Your report ${Date.now()}`;

  // The advisor finds the order on the dashboard by its number and opens it from there.
  const searchBox = page.getByRole('searchbox', { name: 'Search orders' });
  await searchBox.fill(order!.orderNumber!);
  const card = page.locator(`[data-order-id="${order!._id}"]`);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${order!._id}$`));
  // The customer can be reached from the header; the next step waits in the sticky bar.
  await expect(page.getByRole('link', { name: `E-mail ${email}` })).toHaveAttribute('href', `mailto:${email}`);
  const bar = page.getByRole('region', { name: 'Next step' });
  await expect(bar).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('order-page.png') });
  await page.getByRole('button', { name: 'Send report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the report' });
  await expect(dialog.getByLabel('Subject')).toHaveValue(/inspection report/);
  await expect(dialog.getByLabel('E-mail')).toHaveValue(email);
  await expectAccessible(page);
  // French prefills French texts.
  await dialog.getByText('French').click();
  await expect(dialog.getByLabel('Subject')).toHaveValue(/rapport d'inspection/);
  await dialog.getByText('English').click();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Mobile phone').fill('');
  // Several addresses: every one must be valid, the one that is not is named.
  await dialog.getByLabel('E-mail').fill(`${email}; office@`);
  await expect(dialog.getByText('office@ is not an e-mail address.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await dialog.getByLabel('E-mail').fill(`${email}; office@example.com`);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  await expect(page.getByText('The report was sent.')).toBeVisible();
  // Back with the search as it was, the sent order highlighted, in view and focused.
  await expect(searchBox).toHaveValue(order!.orderNumber!);
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  await expect(card.getByTestId('just-sent')).toHaveText('Just sent');
  await expect(card).toBeInViewport();
  await expect(card).toBeFocused();
  await expect(card.getByTestId('report-status')).toHaveAttribute('data-status', /sent|reading|read/);
  await page.screenshot({ path: test.info().outputPath('dashboard-highlight.png') });
  await expectAccessible(page);

  const sent = (await readOutbox(request, { channel: 'email', size: 50 })).filter((m) => m.subject === subject);
  expect(sent.map((m) => m.to).sort(), 'the e-mail in the outbox, once to each address').toEqual([email, 'office@example.com'].sort());
  const message = sent.find((m) => m.to === email);
  expect(message!.hasHtml).toBe(true);
  expect(message!.text).toContain('Downtown');
  const link = new RegExp(`https?://[^\\s]+/report/${order!._id}\\?t=[^\\s]+`).exec(message!.text)?.[0];
  expect(link, 'the report link').toBeDefined();
  // The link opens the portal's report page.
  const opened = await request.get(new URL(link!).pathname + new URL(link!).search);
  expect(opened.status()).toBe(200);

  // The order's links: the new one is active, and revoking closes it.
  await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${order!._id}`);
  const links = page.getByTestId('report-links');
  await expect(links.locator('[data-testid="report-link"][data-revoked="false"]').first()).toBeVisible();
  await links.getByRole('button', { name: 'Revoke all links' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('The report links were revoked.')).toBeVisible();
  await expect(links.locator('[data-testid="report-link"][data-revoked="false"]')).toHaveCount(0);
  await expectAccessible(page);
});

test('a text to a customer who has not allowed texts opens the SMS error dialog', async ({
  page,
  request,
}) => {
  const api = await advisorApi(page, request);
  const customer = await api.post<{ _id: string; householdId: string }>(`${api.store}/customer`, {
    firstName: 'Noah',
    lastName: `Notext${String(Date.now()).slice(-5)}`,
    mobilePhone: '514-555-0147',
    permissionToText: false,
  });
  const vehicle = await api.post<{ _id: string }>(`${api.store}/vehicle`, {
    householdId: customer.householdId,
    year: 2018,
    make: 'Honda',
    model: 'Civic',
  });
  const order = await api.post<Order>(`${api.store}/inspectionOrder`, {
    customerId: customer._id,
    vehicleId: vehicle._id,
    serviceAdvisorId: api.claims.id,
    orderNumber: `S${String(Date.now()).slice(-8)}`,
  });

  await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}`);
  await page.getByRole('button', { name: 'Send report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the report' });
  await expect(dialog.getByLabel('Mobile phone')).toHaveValue(/514\D?555\D?0147/);
  await expect(dialog.getByText('The customer has no e-mail address.')).toBeVisible();
  await expect(dialog.getByText('The customer has not given permission to receive texts.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();

  const smsError = page.getByRole('dialog', { name: 'The text message was not sent' });
  await expect(smsError).toBeVisible();
  await expect(smsError.getByText(/has not given permission to receive text messages/)).toBeVisible();
  await expectAccessible(page);
  await smsError.getByRole('button', { name: 'OK' }).click();
  await expect(smsError).toBeHidden();
  // Nothing was sent: the order stays on its page, the report not delivered.
  await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${order._id}`));
  const after = await api.get<{ estimate: { delivery: string } }>(
    `${api.store}/inspectionOrder/${order._id}`,
  );
  expect(after.estimate.delivery).toBe('NOT_SENT');
});
