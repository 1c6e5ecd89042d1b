import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { drawSignature } from './support/signature.js';
import { signIn, storedSession } from './support/staff.js';
import { apiWithToken } from './support/orders.js';
import { waitForMail } from './support/mail.js';

/**
 * The whole report loop: the advisor sends a report by e-mail; the message arrives
 * at a real SMTP server (e2e/mail-catcher.ts); the customer opens its link on a phone, approves
 * two items and declines one with a drawn signature; the advisor's dashboard, never reloaded,
 * shows the customer reading the report and then the approval; the audit trail holds the
 * signature record.
 */

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
const JANE = 'jane@example.com';

interface Order {
  _id: string;
  orderNumber: string | null;
  customerId: string;
  vehicleId: string;
  states: { approval: string };
  report: { status: string | null };
}

/** A new order for Jane's car, at the top of the dashboard, with three recommended items, all priced. */
async function janesNewOrder(page: Page, request: APIRequestContext) {
  const api = apiWithToken(request, (await storedSession(page))!.token);
  const store = `/v2/api/store/${api.claims.storeId}`;
  const list = await api.get<{ _embedded: { inspectionOrder: Order[] } }>(`${store}/inspectionOrder`, {
    search: '10231',
  });
  const janes = list._embedded.inspectionOrder.find((o) => o.orderNumber === '10231')!;
  const customer = await api.get<{ email: string | null }>(`${store}/customer/${janes.customerId}`);
  expect(customer.email).toBe(JANE);
  const order = await api.post<Order>(`${store}/inspectionOrder`, {
    customerId: janes.customerId,
    vehicleId: janes.vehicleId,
    serviceAdvisorId: api.claims.id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    // Letters sort after digits: the order tops the dashboard's default list (RO descending).
    orderNumber: `Z${String(Date.now()).slice(-7)}`,
    mileageIn: 84500,
  });
  for (const result of [
    { itemKey: 'frontBrakePads', result: 'critical', value: 2 },
    { itemKey: 'batteryVoltage', result: 'warning', value: 12.2 },
    { itemKey: 'wiperBlades', result: 'warning' },
    { itemKey: 'engineOil', result: 'okay' },
  ]) {
    await api.post(`${store}/inspectionOrder/${order._id}/result`, result);
  }
  // The estimate is drawn from the recommendations on first read; price the brake job, the battery
  // and the wipers (an item priced at zero is information, not offered for a decision).
  const estimate = await api.get<{ lines: Array<{ _id: string; description: string }> }>(
    `${store}/inspectionOrder/${order._id}/estimate`,
    { language: 'en' },
  );
  expect(estimate.lines).toHaveLength(3);
  for (const line of estimate.lines) {
    await api.put(
      `${store}/inspectionOrder/${order._id}/estimate/line/${line._id}`,
      /brake/i.test(line.description)
        ? {
            labourHours: 1.5,
            parts: [{ number: 'BP-4411', description: 'Front brake pads', quantity: 1, unitPrice: 8999 }],
          }
        : { labourHours: 0.5 },
    );
  }
  return { api, store, order };
}


test('the advisor e-mails the report; the customer reads it on a phone and signs; the dashboard follows live', async ({
  page,
  request,
  browser,
}) => {
  test.slow(); // two browsers, an e-mail and a signature: room for a loaded machine
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const { api, store, order } = await janesNewOrder(page, request);

  // The advisor sends the report by e-mail from the order page.
  const subject = `Your inspection report ${order.orderNumber}`;
  await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${order._id}`);
  await page.getByRole('button', { name: 'Send report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the report' });
  await expect(dialog.getByLabel('E-mail')).toHaveValue(JANE);
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Mobile phone').fill('');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();

  // Sent: the dashboard, which stays open (never reloaded) for the rest of the test.
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  // The dashboard keeps each user's last filter on the server: another spec may have left the
  // advisor on Appointments, where this order is not.
  const all = page.getByRole('radio', { name: /^All vehicles( \d+)?$/ });
  if (!(await all.isChecked())) await page.locator(`label[for="${await all.getAttribute('id')}"]`).click();
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-filter', 'allVehicles');
  const card = page.locator(`[data-order-id="${order._id}"]`);
  await expect(card.getByTestId('report-status')).toHaveAttribute('data-status', 'sent');
  await expectAccessible(page);
  await expect(card.locator('[data-step="approval"]')).not.toHaveAttribute('data-state', 'done');
  await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));

  // The message, as the SMTP server received it, in HTML with the shop's name and the link.
  const mail = await waitForMail(JANE, (m) => m.subject === subject);
  expect(mail.html).toContain('Downtown');
  const href = /href="([^"]*\/report\/[^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
  expect(href, 'the report link in the HTML').toBeTruthy();
  const link = new URL(href!);
  expect(link.pathname).toBe(`/report/${order._id}`);

  // The customer opens it on a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const customer = await phone.newPage();
  await customer.goto(link.pathname + link.search);
  await expect(customer.getByRole('heading', { level: 1, name: 'Downtown' })).toBeVisible();
  await expect(customer.locator('[data-count="critical"]')).toContainText('1');
  await expect(customer.locator('[data-count="warning"]')).toContainText('2');
  await expectAccessible(customer);

  // The advisor's dashboard sees the customer reading, without a reload.
  await expect(card.getByTestId('report-status')).toHaveAttribute('data-status', 'reading');
  await expectAccessible(page);

  const item = (text: RegExp) => customer.locator('.sb-report-item').filter({ hasText: text });
  await item(/brake pads/i)
    .getByRole('button', { name: 'Approve' })
    .click();
  await item(/battery/i)
    .getByRole('button', { name: 'Approve' })
    .click();
  await item(/wiper/i).getByRole('button', { name: 'Decline' }).click();
  await customer.getByRole('button', { name: 'Review and sign (3)' }).click();
  const confirm = customer.getByRole('dialog', { name: 'Confirm your decisions' });
  await confirm.getByLabel('Your name').fill('Jane Doe');
  await drawSignature(customer);
  await expectAccessible(customer);
  await confirm.getByRole('button', { name: 'Sign and send' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Thank you, Jane Doe!' })).toBeVisible();
  await customer.getByRole('button', { name: 'Back to the report' }).click();
  await expect(customer.locator('[data-section="deferred"]')).toContainText(/wiper/i);

  // The dashboard shows the approval, still without a reload.
  await expect(card.locator('[data-step="approval"]')).toHaveAttribute('data-state', 'done');
  expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );

  // The customer closes the page: once no view is newer than the reading time-out, read.
  await phone.close();
  await expect(card.getByTestId('report-status')).toHaveAttribute('data-status', 'read', { timeout: 20_000 });
  await expectAccessible(page);

  // The audit trail holds the signed record: decisions, the estimate version, the signature.
  const trail = await api.get<{
    approvals: Array<{
      signerName: string;
      via: string;
      estimateVersion: number | null;
      approvedTotal: number | null;
      decisions: Array<{ resultId: string; decision: string }>;
      signature: { url: string } | null;
    }>;
  }>(`${store}/inspectionOrder/${order._id}/approval`);
  const [record] = trail.approvals;
  expect(trail.approvals).toHaveLength(1);
  expect(record!.signerName).toBe('Jane Doe');
  expect(record!.via).toBe('link');
  expect(record!.estimateVersion).toBeGreaterThan(0);
  expect(record!.decisions.map((d) => d.decision).sort()).toEqual(['approved', 'approved', 'declined']);
  // The brake job: 1.5 h at the store's rate plus the pads, in the approved total.
  expect(record!.approvedTotal).toBeGreaterThan(8999);
  const signature = await request.get(record!.signature!.url);
  expect(signature.status()).toBe(200);
  expect(signature.headers()['content-type']).toContain('image/png');
});
