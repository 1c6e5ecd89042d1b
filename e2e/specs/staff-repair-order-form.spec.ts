import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession } from './support/staff.js';

/**
 * The ticket page (docs/repair-order-form.md). An advisor writes a ticket for a seeded customer's
 * vehicle and lands in the new order; another creates the customer, the vehicle by its VIN and the
 * ticket in one flow and lands in the order numbered by the store; an edited ticket goes back to
 * the dashboard.
 */

async function storeIdOf(page: Page): Promise<string> {
  const session = await storedSession(page);
  return (JSON.parse(Buffer.from(session!.token.split('.')[1]!, 'base64url').toString()) as { storeId: string }).storeId;
}

test.describe('ticket page on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('an advisor writes a ticket for a seeded customer and lands in the numbered order', async ({ page }) => {
    await signIn(page, 'advisor');
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    const storeId = await storeIdOf(page);
    await page.goto(`/app/store/${storeId}/ticket`);
    await expect(page.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();

    // Nothing chosen yet: the no-customer modal.
    await page.getByRole('button', { name: 'Save the ticket' }).click();
    const noCustomer = page.getByRole('dialog', { name: 'No customer' });
    await expect(noCustomer).toContainText('A ticket needs a customer.');
    await noCustomer.getByRole('button', { name: 'OK' }).click();
    await expect(noCustomer).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Find a customer or vehicle' }).fill('jane@example.com');
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /Jane Doe/ }).click();
    await expect(page.getByRole('radio', { name: /Jane Doe/ })).toBeChecked();
    const vehicles = page.getByRole('radiogroup', { name: 'Vehicle for this ticket' });
    await vehicles.getByRole('radio', { name: /BLT 137/ }).check();

    // A vehicle being edited blocks the save.
    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    await page.getByRole('button', { name: 'Save the ticket' }).click();
    const blocked = page.getByTestId('alerts').getByRole('alert').filter({ hasText: 'Save or cancel the vehicle you are editing first.' });
    await expect(blocked).toBeVisible();
    await blocked.getByRole('button', { name: 'Dismiss this message' }).click();
    await page.getByRole('region', { name: 'New vehicle' }).getByRole('button', { name: 'Cancel' }).click();

    const fields = page.getByRole('region', { name: 'Ticket' });
    // A number of its own per try: a retry must not meet the first try's order.
    const number = `E2E-${String(Date.now()).slice(-6)}`;
    await fields.getByRole('textbox', { name: 'Repair order number' }).fill(number);
    await fields.getByRole('textbox', { name: 'Mileage in' }).fill('45,200');
    await fields.getByRole('switch', { name: 'Customer is waiting' }).check();
    await fields.getByRole('textbox', { name: 'Note' }).fill('Brakes squeal when cold.');
    await expect(fields.getByRole('combobox', { name: 'Service advisor' })).toHaveValue('Ava Dupont');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save the ticket' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the ticket information' });
    await expect(confirm).toContainText('Jane Doe');
    await expect(confirm).toContainText('BLT 137');
    await expect(confirm).toContainText(number);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Save' }).click();

    // The new order opens, its number in the header.
    await expect(page).toHaveURL(new RegExp(`/app/store/${storeId}/inspectionOrder/[^/]+$`));
    await expect(page.getByRole('heading', { level: 1, name: `Repair order ${number}` })).toBeVisible();
    await expect(page.getByTestId('alerts')).toContainText(`Ticket saved as RO ${number}`);
  });

  test('an advisor creates a customer, a vehicle by its VIN and the ticket in one flow and lands in the numbered order', async ({
    page,
  }) => {
    test.slow(); // a customer, a VIN decoded offline, a vehicle and a ticket: room for a loaded machine
    await signIn(page, 'advisor');
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    const storeId = await storeIdOf(page);
    // Names and plate of their own per try.
    const suffix = String(Date.now()).slice(-5);
    const lastName = `Flow${suffix}`;
    const plate = `FL ${suffix}`;

    // From the dashboard's button: the ticket page, nothing chosen yet.
    await page.getByRole('link', { name: 'New ticket' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
    // Save is always in view, at the bottom of the screen.
    const actions = page.getByRole('region', { name: 'Ticket actions' });
    await expect(actions.getByRole('button', { name: 'Save the ticket' })).toBeInViewport();

    // The customer: the form opens with the cursor in its first field to type.
    await page.getByRole('button', { name: 'New customer' }).click();
    const customerForm = page.getByRole('region', { name: 'New customer' });
    await expect(customerForm.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await customerForm.getByRole('textbox', { name: 'First name' }).fill('Flora');
    await customerForm.getByRole('textbox', { name: 'Last name' }).fill(lastName);
    await customerForm.getByRole('textbox', { name: 'Mobile phone' }).fill('(514) 555-0177');
    await customerForm.getByRole('button', { name: 'Save the customer' }).click();
    await expect(page.getByRole('radio', { name: new RegExp(`Flora ${lastName}`) })).toBeChecked();

    // The vehicle's form follows by itself, in view, the cursor in the VIN.
    const vehicleForm = page.getByRole('region', { name: 'New vehicle' });
    const vin = vehicleForm.getByRole('textbox', { name: 'VIN' });
    await expect(vin).toBeFocused();
    await expect(vin).toBeInViewport();
    await vin.fill('1HGCM82633A004352');
    await expect(vehicleForm.getByTestId('vin-decoded')).toHaveText('Decoded: 2003 Honda Accord', { timeout: 30_000 });
    await vehicleForm.getByRole('textbox', { name: 'Plate' }).fill(plate);
    await vehicleForm.getByRole('button', { name: 'Save the vehicle' }).click();
    await expect(page.getByRole('radio', { name: /2003 Honda Accord/ })).toBeChecked();

    // The ticket: no number typed, the store gives the next of its own.
    const fields = page.getByRole('region', { name: 'Ticket' });
    await fields.getByRole('textbox', { name: 'Mileage in' }).fill('88000');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('ticket-form.png') });
    await actions.getByRole('button', { name: 'Save the ticket' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the ticket information' });
    await expect(confirm).toContainText(`Flora ${lastName}`);
    await expect(confirm).toContainText(plate);
    await expect(confirm).toContainText("the store's next number");
    await confirm.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(new RegExp(`/app/store/${storeId}/inspectionOrder/[^/]+$`));
    const heading = page.getByRole('heading', { level: 1, name: /^Repair order \d+$/ });
    await expect(heading).toBeVisible();
    const given = /\d+$/.exec((await heading.textContent()) ?? '')![0];
    await expect(page.getByTestId('alerts')).toContainText(`Ticket saved as RO ${given}`);
    // The customer's phone to call from the header; the next step is the inspection.
    await expect(page.getByRole('link', { name: 'Call (514) 555-0177' })).toHaveAttribute('href', 'tel:5145550177');
    await expect(page.getByTestId('next-step')).toHaveAttribute('data-step', 'finish');
  });
});

test.describe('ticket page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("an existing ticket opens with its customer and vehicle; its vehicle cannot be changed", async ({ page }) => {
    await signIn(page, 'advisor');
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    const storeId = await storeIdOf(page);
    const session = await storedSession(page);
    const headers = { Authorization: `Bearer ${session!.token}` };

    // A ticket for Jane's first car, written through the API.
    const found = await page.request.get(`/v2/search/store/${storeId}/household?search=jane%40example.com`, { headers });
    const household = ((await found.json()) as { _embedded: { household: Array<{ customers: Array<{ _id: string }>; vehicles: Array<{ _id: string; licensePlate: string }> }> } })
      ._embedded.household[0]!;
    const first = household.vehicles.find((v) => v.licensePlate === 'ADF 100')!;
    const created = await page.request.post(`/v2/api/store/${storeId}/inspectionOrder`, {
      headers,
      data: { customerId: household.customers[0]!._id, vehicleId: first._id, orderNumber: 'E2E-777', mileageIn: 1000 },
    });
    expect(created.status()).toBe(201);
    const order = (await created.json()) as { _id: string };

    await page.goto(`/app/store/${storeId}/ticket/${order._id}?vehicleInShop=true`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit ticket' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Jane Doe/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /ADF 100/ })).toBeChecked();
    const fields = page.getByRole('region', { name: 'Ticket' });
    await expect(fields.getByRole('textbox', { name: 'Repair order number' })).toHaveValue('E2E-777');
    await expect(fields.getByRole('textbox', { name: 'Mileage in' })).toHaveValue('1000');
    await expectAccessible(page);

    // Another vehicle is refused on edit.
    await page.getByRole('radio', { name: /BLT 137/ }).check();
    await page.getByRole('button', { name: 'Save the ticket' }).click();
    await expect(page.getByTestId('alerts').getByRole('alert').filter({ hasText: 'The vehicle of an existing ticket cannot be changed.' })).toBeVisible();

    // Back to its own vehicle, a new mileage is saved.
    await page.getByRole('radio', { name: /ADF 100/ }).check();
    await fields.getByRole('textbox', { name: 'Mileage in' }).fill('1200');
    await page.getByRole('button', { name: 'Save the ticket' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the ticket information' });
    await expect(confirm).toContainText('1200');
    await confirm.getByRole('button', { name: 'Save' }).click();
    // An edited ticket goes back to the dashboard.
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);

    const reread = await page.request.get(`/v2/api/store/${storeId}/inspectionOrder/${order._id}`, { headers });
    expect(await reread.json()).toMatchObject({ mileageIn: 1200, orderNumber: 'E2E-777', vehicleInShop: true });
  });
});
