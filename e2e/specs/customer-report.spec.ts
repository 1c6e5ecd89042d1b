import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { drawSignature } from './support/signature.js';
import { signIn } from './support/staff.js';

/**
 * The customer's report (docs/reports.md): the shop makes a report link for a new order with
 * recommended work, the customer opens it on a phone, approves two items and declines one with
 * a drawn signature, and the advisor sees the signed approval on the order page and the
 * customer's view on the preview page.
 */

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';

interface Made {
  storeId: string;
  orderId: string;
  url: string;
  headers: Record<string, string>;
}

/** A new Downtown order for the car of ticket 10233, with three recommended items priced and a good one, and a report link. */
async function orderWithReport(request: APIRequestContext): Promise<Made> {
  const login = await request.post('/v2/api/user/login', {
    data: { username: 'advisor', password: 'Demo1234!' },
  });
  expect(login.status()).toBe(200);
  const body = await login.json();
  const headers = { authorization: `Bearer ${body.token ?? body.accessToken}` };
  const user = await (await request.get('/v2/api/user/advisor', { headers })).json();
  const base = `/v2/api/store/${user.storeId}`;
  const found = await (
    await request.get(`${base}/inspectionOrder?search=10233&closed=false`, { headers })
  ).json();
  const model =
    found._embedded.inspectionOrder.find((o: { orderNumber: string }) => o.orderNumber === '10233') ??
    found._embedded.inspectionOrder[0];
  const created = await request.post(`${base}/inspectionOrder`, {
    headers,
    data: {
      customerId: model.customerId,
      vehicleId: model.vehicleId,
      inspectionType: MULTI_POINT_INSPECTION_ID,
      mileageIn: 61000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = await created.json();
  for (const result of [
    { itemKey: 'frontRotors', result: 'critical' },
    { itemKey: 'rearRotors', result: 'warning' },
    { itemKey: 'engineOil', result: 'warning' },
    { itemKey: 'wiperBlades', result: 'okay' },
  ]) {
    const answer = await request.post(`${base}/inspectionOrder/${order._id}/result`, {
      headers,
      data: result,
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
  // Priced: an item priced at zero would be information, not offered for a decision.
  const estimate = await (
    await request.get(`${base}/inspectionOrder/${order._id}/estimate?language=en`, { headers })
  ).json();
  expect(estimate.lines).toHaveLength(3);
  for (const line of estimate.lines as Array<{ _id: string }>) {
    const priced = await request.put(`${base}/inspectionOrder/${order._id}/estimate/line/${line._id}`, {
      headers,
      data: { labourHours: 1 },
    });
    expect(priced.status(), await priced.text()).toBe(200);
  }
  const link = await request.post(`${base}/inspectionOrder/${order._id}/reportLink`, { headers, data: {} });
  expect(link.status(), await link.text()).toBe(201);
  const { url } = await link.json();
  return { storeId: user.storeId, orderId: order._id, url, headers };
}

test.describe('the customer report on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('approves two items and declines one with a drawn signature; the advisor sees the signed trail and the preview', async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // a phone, a signature and the advisor's trail: room for a loaded machine
    const made = await orderWithReport(request);
    const path = new URL(made.url).pathname + new URL(made.url).search;
    await page.goto(path);

    await expect(page.getByRole('heading', { level: 1, name: 'Downtown' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vehicle inspection report' })).toBeVisible();
    await expect(page.locator('[data-count="critical"]')).toContainText('1');
    await expect(page.locator('[data-count="warning"]')).toContainText('2');
    await expect(page.locator('[data-count="okay"]')).toContainText('1');
    await expect(page.getByText('61,000')).toBeVisible();
    await expectAccessible(page);

    // The report is being read, as the shop's dashboard will see it.
    const order = async () =>
      (await (
        await request.get(`/v2/api/store/${made.storeId}/inspectionOrder/${made.orderId}`, {
          headers: made.headers,
        })
      ).json()) as { report: { status: string | null }; states: { approval: string } };
    await expect.poll(async () => (await order()).report.status).toBe('reading');

    const rotors = page.locator('[data-severity="critical"]').filter({ hasText: 'Front rotors' });
    await rotors.getByRole('button', { name: 'Approve' }).click();
    await expect(rotors.getByRole('button', { name: 'Approve' })).toHaveAttribute('aria-pressed', 'true');
    await page
      .locator('.sb-report-item')
      .filter({ hasText: 'Rear rotors' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await page
      .locator('.sb-report-item')
      .filter({ hasText: 'Engine oil' })
      .getByRole('button', { name: 'Decline' })
      .click();
    await page.getByRole('button', { name: 'Review and sign (3)' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm your decisions' });
    await expect(dialog.getByText('You approve')).toBeVisible();
    await expect(dialog.getByText('You decline')).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please sign in the box, or choose to sign with your typed name.',
    );
    await dialog.getByLabel('Your name').fill('Jane Doe');
    await drawSignature(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Jane Doe!' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Back to the report' }).click();
    await expect(rotors.locator('[data-decision="approved"]')).toHaveText('Approved');
    await expect(
      page.locator('.sb-report-item').filter({ hasText: 'Engine oil' }).locator('[data-decision="declined"]'),
    ).toHaveText('Declined');
    // The declined item is deferred work; the customer may dismiss it.
    const deferred = page.locator('[data-section="deferred"]');
    await expect(deferred).toContainText('Engine oil');
    await deferred.getByRole('button', { name: /Dismiss/ }).click();
    await expect(deferred.getByText('Dismissed')).toBeVisible();
    expect((await order()).states.approval).toBe('done');
    await expectAccessible(page);

    // The advisor, on a tablet, sees the signed approval and the customer's view.
    const staff = await browser.newContext({ viewport: { width: 1024, height: 1366 } });
    const staffPage = await staff.newPage();
    await signIn(staffPage, 'advisor');
    // Signed in before going on: leaving the page at once would cancel the sign-in.
    await expect(staffPage).toHaveURL(/\/app\/store\/dashboard/);
    await staffPage.goto(`/app/store/${made.storeId}/inspectionOrder/${made.orderId}`);
    const trail = staffPage.getByTestId('approval-trail');
    await expect(trail.getByText('Signed by Jane Doe · through the report link')).toBeVisible();
    await expect(trail.getByText('Front rotors: Approved')).toBeVisible();
    await expect(trail.getByText('Engine oil: Declined')).toBeVisible();
    const signature = trail.getByRole('img', { name: 'Signature of Jane Doe' });
    await expect(signature).toBeVisible();
    expect(
      await signature.evaluate(
        (img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0,
      ),
    ).toBe(true);
    await expectAccessible(staffPage);

    await trail.getByRole('link', { name: "Customer's view" }).click();
    await expect(staffPage).toHaveURL(/\/preview$/);
    await expect(staffPage.getByTestId('preview-banner')).toBeVisible();
    await expect(
      staffPage
        .locator('.sb-report-item')
        .filter({ hasText: 'Front rotors' })
        .locator('[data-decision="approved"]'),
    ).toBeVisible();
    // Read-only: no decision buttons, no share.
    await expect(staffPage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(staffPage.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await expectAccessible(staffPage);
    await staff.close();
  });

  test('shares the report by e-mail, and asks for every field', async ({ page, request }) => {
    const made = await orderWithReport(request);
    await page.goto(new URL(made.url).pathname + new URL(made.url).search);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this report' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please complete all fields');
    // Several addresses: every one must be valid; the one that is not is named on the field.
    await dialog.getByLabel('To (e-mail address)').fill('friend@example.com; pal@');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('pal@ is not an e-mail address.')).toBeVisible();
    await dialog.getByLabel('To (e-mail address)').fill('friend@example.com; pal@example.com');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('The report was sent to friend@example.com, pal@example.com.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('switches the report to French', async ({ page, request }) => {
    const made = await orderWithReport(request);
    await page.goto(new URL(made.url).pathname + new URL(made.url).search);
    await expect(page.getByText('Front rotors', { exact: true })).toBeVisible();
    await page.getByText('Français').click();
    await expect(page.getByRole('heading', { name: 'Rapport d’inspection du véhicule' })).toBeVisible();
    await expect(page.getByText('Disques avant', { exact: true })).toBeVisible();
    // The estimate's line, drawn from the template in English, reads in French too.
    await expect(page.getByText(/^Disques avant — /)).toBeVisible();
  });

  test('a tampered or revoked link shows a not-found page with no data', async ({ page, request }) => {
    const made = await orderWithReport(request);
    const url = new URL(made.url);
    await page.goto(`${url.pathname}?t=${url.searchParams.get('t')!.slice(0, -3)}abc`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Front rotors')).toHaveCount(0);
    await expectAccessible(page);
  });
});
