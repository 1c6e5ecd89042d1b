import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { mainMenu, signIn } from './support/staff.js';

/**
 * The account's users (docs/administration.md "Account users"): the owner adds an account manager,
 * who signs in, takes the mandatory training, lands on the account's stores and works in a store.
 * Each run adds an account manager of its own (a new username), so a second try starts afresh.
 */
test.describe('account users', () => {
  test.use({ viewport: { width: 1024, height: 768 } }); // a tablet in landscape

  test('the owner adds an account manager, who signs in to the account stores and works in Downtown', async ({ page }) => {
    test.slow(); // two sign-ins, the training and a store: room for a loaded machine
    const username = `acctmgr-${Date.now().toString(36)}`;
    const password = 'Fleet-Desk7!';

    // The owner opens the account's users beside its stores.
    await signIn(page, 'owner');
    await expect(page).toHaveURL(/\/app\/v2\/account\/[\w-]+\/store$/);
    const sections = page.getByRole('navigation', { name: 'Account administration' });
    await expect(sections.getByRole('link', { name: 'Stores' })).toHaveAttribute('aria-current', 'page');
    await sections.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/app\/v2\/account\/[\w-]+\/user$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account users' })).toBeVisible();
    const ownerRow = page.locator('tr[data-user="owner"]');
    await expect(ownerRow).toContainText('Olivia Owens');
    await expect(ownerRow).toContainText('Owner');
    await expect(ownerRow).toContainText('Account holder, not changed here');
    await expect(page.locator('tr[data-user="analytics"]')).toContainText('Analytics viewer');
    // Store workers are on their store's page, not here.
    await expect(page.locator('tr[data-user="manager"]')).toHaveCount(0);
    await expectAccessible(page);

    // Adds an account manager with a password set now.
    await page.getByRole('button', { name: 'Add a user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('First name').fill('Alma');
    await dialog.getByLabel('Last name').fill('Gestion');
    await dialog.getByLabel('Username').fill(username);
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Account manager');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option')).toHaveText(['Account manager', 'Analytics viewer', 'Payment manager']);
    await page.getByRole('option', { name: 'Account manager' }).click();
    // Store-only fields are not offered for an account-level user.
    await expect(dialog.getByLabel('May refund payments')).toHaveCount(0);
    await dialog.getByText('Set it now', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'New password' }).fill(password);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add the user' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Alma Gestion was added.' })).toBeVisible();
    const row = page.locator(`tr[data-user="${username}"]`);
    await expect(row).toContainText('Account manager');
    await expect(row).toContainText('Active');

    // The same username again, in capitals, is refused with a clear message.
    await page.getByRole('button', { name: 'Add a user' }).click();
    const again = page.getByRole('dialog', { name: 'Add a user' });
    await again.getByLabel('First name').fill('Other');
    await again.getByLabel('Username').fill(username.toUpperCase());
    await again.getByText('Later', { exact: true }).click();
    await again.getByRole('button', { name: 'Add the user' }).click();
    await expect(again.getByRole('alert')).toHaveText('This username is already taken. Choose another one.');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expectAccessible(page);

    await mainMenu(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);

    // The account manager signs in, takes the mandatory training, then lands on the account's stores.
    await signIn(page, username, password);
    await expect(page).toHaveURL(/\/app\/training$/);
    await page.getByRole('button', { name: 'Open Shop safety' }).click();
    await page.getByRole('button', { name: 'I have read this course' }).click();
    await expect(page).toHaveURL(/\/app\/v2\/account\/[\w-]+\/store$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
    await expect(page.getByTestId('signed-in-user')).toContainText('Alma Gestion');
    await expect(page.getByTestId('signed-in-user')).toContainText('Account manager');
    // It sees the account's stores, but the account's users are the owner's to manage.
    const downtown = page.getByRole('article', { name: 'Downtown' });
    await expect(downtown).toBeVisible();
    await expect(page.getByRole('article', { name: 'Uptown' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account administration' })).toHaveCount(0);
    await expectAccessible(page);

    // Works in Downtown as a service advisor: its dashboard.
    await downtown.getByRole('combobox', { name: 'Role to act as in Downtown' }).click();
    await page.getByRole('option', { name: 'Service advisor' }).click();
    await downtown.getByRole('button', { name: 'Log in to Downtown as the chosen role' }).click();
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=advisor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('signed-in-user')).toContainText('Alma Gestion');
    await expect(page.getByTestId('signed-in-user')).toContainText('Service advisor');
  });
});
