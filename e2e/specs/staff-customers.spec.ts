import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession } from './support/staff.js';

/**
 * In the ticket page's customer/vehicle panel the advisor finds seeded customers by a phone
 * fragment, a plate and a misspelled last name, creates a customer (an invalid e-mail refused with
 * the danger alert first) and a vehicle from a real VIN decoded offline to year, make, model and
 * engine. docs/customers.md "Screens and editing rules".
 */

/** Signs the advisor in and opens a new ticket of its store. */
async function openNewRepairOrder(page: Page) {
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const session = await storedSession(page);
  const claims = JSON.parse(Buffer.from(session!.token.split('.')[1]!, 'base64url').toString()) as { storeId: string };
  await page.goto(`/app/store/${claims.storeId}/ticket`);
  await expect(page.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Find a customer or vehicle' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

/** Expects a danger alert with this text, then closes it so it covers nothing. */
async function expectAlert(page: Page, text: string) {
  const alert = page.getByTestId('alerts').getByRole('alert').filter({ hasText: text });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss this message' }).click();
  await expect(alert).toHaveCount(0);
}

async function searchFor(page: Page, term: string) {
  await searchBox(page).fill(term);
}

test.describe('customer and vehicle panel on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('finds customers by phone fragment, plate and misspelled name; creates a customer and a vehicle from a VIN', async ({ page }) => {
    // The first VIN decode expands the vPIC database (1-2 s): the whole flow gets room.
    test.slow(); // three searches and two creations: room for a loaded machine
    await openNewRepairOrder(page);

    // A fragment of Jane's mobile (514 555-0101), typed the way people type phones.
    await searchFor(page, '555-0101');
    await expect(results(page)).toContainText('Jane Doe');
    await expect(results(page)).not.toContainText('Marc Tremblay');
    await expectAccessible(page);

    // A plate, in lower case.
    await searchFor(page, 'blt 137');
    await expect(results(page)).toContainText('Plate BLT 137');
    await expect(results(page)).toContainText('Jane Doe');

    // A last name with one wrong letter.
    await searchFor(page, 'Trembley');
    await expect(results(page)).toContainText('Marc Tremblay');
    await expect(results(page)).toContainText('Sophie Tremblay');

    // Choosing a customer opens the household: its customers and vehicles, one of each chosen.
    await results(page).getByRole('button', { name: /Sophie Tremblay/ }).click();
    await expect(page.getByRole('radio', { name: /Sophie Tremblay/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Marc Tremblay/ })).not.toBeChecked();
    await expect(page.getByRole('radiogroup', { name: 'Vehicle for this ticket' }).getByRole('radio')).toHaveCount(2);
    // The selected customer cannot be taken out of the household.
    await page.getByRole('button', { name: 'Remove Sophie Tremblay from the household' }).click();
    await expectAlert(page, 'The selected customer, or a household');

    // A new customer: an invalid e-mail is refused with the danger alert of its code.
    await page.getByRole('button', { name: 'Choose another customer' }).click();
    await page.getByRole('button', { name: 'New customer' }).click();
    const customerForm = page.getByRole('region', { name: 'New customer' });
    await expect(customerForm.getByRole('combobox', { name: 'Title' })).toHaveValue('Mr');
    await customerForm.getByRole('textbox', { name: 'First name' }).fill('Ann');
    await customerForm.getByRole('textbox', { name: 'Last name' }).fill('Larouche');
    await customerForm.getByRole('textbox', { name: 'Mobile phone' }).fill('(514) 555-0199');
    await customerForm.getByRole('textbox', { name: 'E-mail' }).fill('ann.larouche@');
    await customerForm.getByRole('button', { name: 'Save the customer' }).click();
    // Checked in the alerts region before the accessibility scan: on a loaded machine the scan can
    // outlast the alert's 6 s on screen.
    await expect(page.getByTestId('alerts').getByRole('alert').filter({ hasText: 'The e-mail address is not valid.' })).toBeVisible();
    await expectAccessible(page);
    await customerForm.getByRole('textbox', { name: 'E-mail' }).fill('  ann.larouche@example.com ');
    await customerForm.getByRole('button', { name: 'Save the customer' }).click();
    // Saved with the mobile phone as primary phone, shown beside the name.
    await expect(page.getByRole('radio', { name: /Ann Larouche · \(514\) 555-0199/ })).toBeChecked();

    // Its first vehicle, from a real VIN decoded offline: a new customer without a vehicle goes
    // straight on to the vehicle's form, the cursor in its VIN.
    const vehicleForm = page.getByRole('region', { name: 'New vehicle' });
    await expect(vehicleForm.getByRole('textbox', { name: 'VIN' })).toBeFocused();
    // Adding another vehicle while this one is open is refused.
    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    await expectAlert(page, 'Save or cancel the vehicle you are editing');

    // A wrong check digit is a warning with the likely correction, not a refusal.
    await vehicleForm.getByRole('textbox', { name: 'VIN' }).fill('1HGCM82653A004352');
    await expect(vehicleForm.getByTestId('vin-warning')).toContainText('Did you mean 1HGCM82633A004352?');
    await vehicleForm.getByRole('button', { name: 'Use 1HGCM82633A004352' }).click();
    await expect(vehicleForm.getByTestId('vin-decoded')).toHaveText('Decoded: 2003 Honda Accord', { timeout: 30_000 });
    await expect(vehicleForm.getByTestId('vin-warning')).toHaveCount(0);
    await expect(vehicleForm.getByRole('combobox', { name: 'Year' })).toHaveValue('2003');
    await expect(vehicleForm.getByRole('combobox', { name: 'Make' })).toHaveValue('Honda');
    await expect(vehicleForm.getByRole('combobox', { name: 'Model' })).toHaveValue('Accord');
    await expect(vehicleForm.getByRole('combobox', { name: 'Engine' })).toHaveValue('6 cyl');
    await vehicleForm.getByRole('textbox', { name: 'Plate' }).fill('ANN 199');
    await vehicleForm.getByRole('textbox', { name: 'Colour' }).fill('Blue');
    await expectAccessible(page);
    await vehicleForm.getByRole('button', { name: 'Save the vehicle' }).click();
    const saved = page.getByRole('radio', { name: /2003 Honda Accord/ });
    await expect(saved).toBeChecked();
    await expect(page.getByRole('radiogroup', { name: 'Vehicle for this ticket' })).toContainText('Plate ANN 199');
    await expect(page.getByRole('radiogroup', { name: 'Vehicle for this ticket' })).toContainText('1HGCM82633A004352');

    // Editing it sends the update: the colour changes, the decoded identity stays.
    await page.getByRole('button', { name: 'Edit 2003 Honda Accord' }).click();
    const editForm = page.getByRole('region', { name: 'Edit vehicle' });
    await expect(editForm.getByRole('textbox', { name: 'VIN' })).toHaveValue('1HGCM82633A004352');
    await editForm.getByRole('textbox', { name: 'Colour' }).fill('Green');
    await editForm.getByRole('button', { name: 'Save the vehicle' }).click();
    await expect(page.getByRole('region', { name: 'Edit vehicle' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /2003 Honda Accord/ })).toBeChecked();

    // The new customer is found by the search like any other.
    await page.getByRole('button', { name: 'Choose another customer' }).click();
    await searchFor(page, 'ann 199');
    await expect(results(page)).toContainText('Ann Larouche');
  });

  test('a VIN and a plate holding characters they cannot: named under the field, saving refused, one tap removes them', async ({ page }) => {
    test.slow(); // a customer, a VIN decoded and a vehicle saved: room for a loaded machine
    await openNewRepairOrder(page);
    // A customer of its own on each try, so a retry finds nothing left by the first.
    await page.getByRole('button', { name: 'New customer' }).click();
    const customerForm = page.getByRole('region', { name: 'New customer' });
    await customerForm.getByRole('textbox', { name: 'Last name' }).fill(`Chars ${Date.now().toString(36)}`);
    await customerForm.getByRole('button', { name: 'Save the customer' }).click();

    const vehicleForm = page.getByRole('region', { name: 'New vehicle' });
    const vin = vehicleForm.getByRole('textbox', { name: 'VIN' });
    const plate = vehicleForm.getByRole('textbox', { name: 'Plate' });
    await vin.fill('1HGCM 82633A#004352');
    await expect(vehicleForm.getByTestId('unusable-characters')).toHaveText('These characters cannot be used: space, #');
    await expect(vin).toHaveAttribute('aria-invalid', 'true');
    await plate.fill('ab#1');
    await expect(vehicleForm.getByTestId('unusable-characters').nth(1)).toHaveText('This character cannot be used: #');

    // Saving is refused: the cursor goes back to the VIN, whose prompt says why.
    await vehicleForm.getByRole('button', { name: 'Save the vehicle' }).click();
    await expect(vin).toBeFocused();
    await expectAccessible(page);

    await vehicleForm.getByRole('button', { name: 'Remove them', exact: true }).click();
    await expect(vin).toHaveValue('1HGCM82633A004352');
    await expect(vehicleForm.getByTestId('vin-decoded')).toHaveText('Decoded: 2003 Honda Accord', { timeout: 30_000 });
    await vehicleForm.getByRole('button', { name: 'Remove it', exact: true }).click();
    await expect(plate).toHaveValue('ab1');
    await expect(vehicleForm.getByTestId('unusable-characters')).toHaveCount(0);
    await vehicleForm.getByRole('button', { name: 'Save the vehicle' }).click();
    await expect(page.getByRole('radio', { name: /2003 Honda Accord/ })).toBeChecked();
    await expect(page.getByRole('radiogroup', { name: 'Vehicle for this ticket' })).toContainText('Plate AB1');
  });

  test('a string that is not a VIN switches to custom year, make, model and engine', async ({ page }) => {
    await openNewRepairOrder(page);
    await searchFor(page, 'jane@example.com');
    await results(page).getByRole('button', { name: /Jane Doe/ }).click();
    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    const vehicleForm = page.getByRole('region', { name: 'New vehicle' });
    await vehicleForm.getByRole('textbox', { name: 'VIN' }).fill('OLD-FARM-TRUCK');
    await vehicleForm.getByRole('button', { name: 'Decode the VIN' }).click();
    await expect(vehicleForm).toContainText('Not a VIN');
    await vehicleForm.getByRole('textbox', { name: 'Year' }).fill('1978');
    await vehicleForm.getByRole('textbox', { name: 'Make' }).fill('Ford');
    await vehicleForm.getByRole('textbox', { name: 'Model' }).fill('F-100');
    await vehicleForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('region', { name: 'New vehicle' })).toHaveCount(0);
  });
});

test.describe('customer and vehicle panel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('search and choose a household', async ({ page }) => {
    await openNewRepairOrder(page);
    await searchFor(page, 'Fleet Express');
    await expect(results(page)).toContainText('Fleet #101');
    await results(page).getByRole('button', { name: /Fleet #103/ }).click();
    await expect(page.getByRole('radio', { name: /Fleet #103/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Frank Lefebvre/ })).toBeChecked();
    await expectAccessible(page);
  });
});
