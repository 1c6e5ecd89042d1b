import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../axe.js';

const DEMO_PASSWORD = 'Demo1234!';

/** A new Downtown customer with an e-mail of its own, written by the advisor; answers the e-mail. */
async function newCustomer(request: APIRequestContext, firstName: string, lastName: string) {
  const login = await request.post('/v2/api/user/login', { data: { username: 'advisor', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const advisor = (await (await request.get('/v2/api/user/advisor', { headers })).json()) as { storeId: string };
  const email = `${firstName}.${lastName}.${Date.now().toString(36)}@example.com`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const customer = await request.post(`/v2/api/store/${advisor.storeId}/customer`, {
    headers,
    data: { firstName, lastName, email },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  return email;
}

/**
 * MyCar registration and sign-in (docs/portal-users.md): the welcome texts, the registration
 * rules and refusals, the sign-in and the portal guard.
 */
test.describe('portal registration and sign-in on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a customer without a user creates a password and is signed in', async ({ page, request }) => {
    // A new customer of the shop, with an e-mail and no user yet (a fresh one for each try).
    const address = await newCustomer(request, 'Chloé', 'Roy');
    await page.goto(`/my-car?username=${encodeURIComponent(address)}`);
    const email = page.getByLabel('E-mail');
    await expect(email).toHaveValue(address);
    await expect(email).toHaveAttribute('readonly', '');
    // A customer with an e-mail but no user is asked to create a password.
    await expect(page.getByTestId('portal-welcome')).toHaveText(`Welcome! Please create a password for ${address}`);
    const create = page.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();

    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await expect(page.locator('[data-rule="length"]')).toHaveCount(0);
    await password.focus();
    await expect(page.locator('[data-rule="length"]')).toBeVisible();
    await password.fill('weak');
    await expect(page.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false');
    await password.fill('Chloe2026!');
    await expect(page.locator('[data-rule="special"]')).toHaveAttribute('data-met', 'true');
    const confirmation = page.getByRole('textbox', { name: 'Confirm the password' });
    await confirmation.fill('Chloe2026?');
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await expect(create).toBeDisabled();
    await expectAccessible(page);

    await confirmation.fill('Chloe2026!');
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page).toHaveURL(/\/my-car\/user\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('portal-customer-name')).toHaveText('Chloé Roy');
    await expectAccessible(page);

    // Signed in: the entry pages go straight to the customer's page.
    await page.goto('/my-car/login');
    await expect(page).toHaveURL(/\/my-car\/user\//);
    // On a phone, Logout is in the menu.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/my-car\/login$/);
  });

  test('an e-mail no shop knows opens the no-customer dialog', async ({ page }) => {
    await page.goto('/my-fleet');
    await expect(page.getByTestId('portal-banner')).toHaveText("track your fleet's inspection results");
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Nobody2026!');
    await page.getByRole('textbox', { name: 'Confirm the password' }).fill('Nobody2026!');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'MyCar' });
    await expect(dialog).toContainText('We could not find a customer with this e-mail address');
    // The no-customer dialog has no cancel, only OK (and the dialog's close button).
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/my-fleet$/);
  });

  test('a customer who already has a user is told so', async ({ page }) => {
    await page.goto('/my-car');
    await page.getByLabel('E-mail').fill('jane@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Another2026!');
    await page.getByRole('textbox', { name: 'Confirm the password' }).fill('Another2026!');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('alert')).toContainText('A password already exists for this e-mail address');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/my-car\/login$/);
  });

  test('jane signs in, lands on her page, and the guard remembers where she was going', async ({ page }) => {
    // A known user is greeted by first name.
    await page.goto('/my-car/login?username=jane@example.com');
    await expect(page.getByTestId('portal-welcome')).toHaveText('Welcome back, Jane! Please enter your password');
    await page.goto('/my-car/login');
    await expect(page.getByTestId('portal-welcome')).toHaveText('Please enter your e-mail and password');
    await page.getByRole('link', { name: 'Create your password' }).click();
    await expect(page).toHaveURL(/\/my-car$/);
    await page.getByRole('link', { name: 'Log in' }).click();

    await page.getByLabel('E-mail').fill('jane@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/my-car\/user\/[0-9a-f-]{36}$/);
    const home = new URL(page.url()).pathname;
    await expect(page.getByTestId('portal-customer-name')).toHaveText('Jane Doe');
    await page.reload();
    await expect(page.getByTestId('portal-customer-name')).toHaveText('Jane Doe');

    // On a phone, Logout is in the menu.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/my-car\/login$/);
    // Signed out, the customer's page goes to the login, which returns there after sign-in.
    await page.goto(home);
    await expect(page).toHaveURL(/\/my-car\/login\?redirect=/);
    await page.getByLabel('E-mail').fill('jane@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
  });

  test('a staff user cannot sign in to the portal', async ({ page }) => {
    await page.goto('/my-car/login');
    await page.getByLabel('E-mail').fill('advisor');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not login with that e-mail and password');
    await expect(page).toHaveURL(/\/my-car\/login$/);
  });

  test('a portal user who signs in to the staff app is sent to MyCar', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByLabel('User name').fill('fleet@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // MyCar's own guard asks the customer to sign in there (it keeps the e-mail it signed in with).
    await expect(page).toHaveURL(/\/my-car\/login\?redirect=%2Fmy-car%2Fuser%2F/);
    await page.getByLabel('E-mail').fill('fleet@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    // MyCar names the person; MyFleet would name the business.
    await expect(page.getByTestId('portal-customer-name')).toHaveText('Frank Lefebvre');
  });
});
