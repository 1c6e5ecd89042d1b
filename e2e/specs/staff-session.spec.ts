import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { DEMO_PASSWORD, hidePage, mainMenu, signIn, storedSession, storeSession } from './support/staff.js';

test.describe('staff session', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a wrong password shows the error and stays on the login page', async ({ page }) => {
    await signIn(page, 'advisor', 'not the password');
    await expect(page.getByRole('alert')).toContainText('Could not login with that user name and password');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
    await expect.poll(() => storedSession(page)).toBeNull();
    await expectAccessible(page);
  });

  test('signing out returns to the login, and a protected page then leads there too', async ({ page }) => {
    await signIn(page, 'north-advisor');
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=advisor$/);

    // The older dashboards are variants of the one dashboard now.
    await page.goto('/app/technician/dashboardV2');
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=technicianV2$/);
    await page.goto('/app/v2/technician/dashboard');
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=basicTechnician$/);
    await page.goto('/app/serviceAdvisor/dashboard');
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=advisor$/);
    // Someone signed in who opens the login page goes home.
    await page.goto('/app/login');
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=advisor$/);

    await mainMenu(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect.poll(() => storedSession(page)).toBeNull();

    await page.goto('/app/store/dashboard');
    await expect(page).toHaveURL(/\/app\/login$/);
    await page.goto('/app/v2/account/anything/store');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your shop' })).toBeVisible();
  });

  test('a refused token that renewal cannot fix signs out, with a word on the login page', async ({ page, request }) => {
    await signIn(page, 'uptown-tech');
    await expect(page).toHaveURL(/variant=basicTechnician$/);
    const stored = (await storedSession(page))!;
    // Signed out elsewhere (the refresh token revoked), and the access token no longer accepted.
    expect((await request.post('/v2/api/user/logout', { data: { refreshToken: stored.refreshToken } })).status()).toBe(204);
    const [header, payload] = stored.token.split('.');
    await storeSession(page, { ...stored, token: `${header}.${payload}.forged` });
    await page.reload();
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended' })).toBeVisible();
    await expectAccessible(page);
  });

  test("the store's inactivity limit signs out a tablet put away for longer", async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'tech');
    await expect(page).toHaveURL(/variant=technicianV2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles in shop' })).toBeVisible();
    // Downtown signs out after 8 hours away; the check runs every 60 s.
    await hidePage(page);
    await page.clock.fastForward('07:58:00');
    await expect(page).toHaveURL(/variant=technicianV2$/);
    await page.clock.fastForward('00:03:00');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'away from ServiceBay' })).toBeVisible();
  });

  test('go-to-admin asks the store manager for the password again, then opens the store users', async ({ page }) => {
    await signIn(page, 'manager');
    await expect(page).toHaveURL(/\/store\/[^/]+\/user$/);
    const storeUsers = page.url();
    await mainMenu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/variant=advisor$/);

    await mainMenu(page).getByRole('button', { name: 'Admin' }).click();
    let dialog = page.getByRole('dialog', { name: 'Go to admin' });
    await expect(dialog).toContainText('Enter your password again');
    await expect(dialog.getByRole('button', { name: 'Open admin' })).toBeDisabled();
    await expectAccessible(page);
    // A password of spaces is badly formed: refused on the field, not sent, the modal stays.
    await dialog.getByRole('textbox', { name: 'Password' }).fill('   ');
    await dialog.getByRole('button', { name: 'Open admin' }).click();
    await expect(dialog.getByText('Could not login with that user name and password')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Password' })).toHaveAccessibleDescription(/Could not login/);
    await dialog.getByRole('textbox', { name: 'Password' }).fill('wrong password');
    await expect(dialog.getByText('Could not login with that user name and password')).toBeHidden();
    await dialog.getByRole('button', { name: 'Open admin' }).click();
    // A wrong admin password: the modal closes with the login failure message; the session stays.
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert')).toContainText('Could not login with that user name and password');
    await expect(page).toHaveURL(/variant=advisor$/);

    await mainMenu(page).getByRole('button', { name: 'Admin' }).click();
    dialog = page.getByRole('dialog', { name: 'Go to admin' });
    await dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Open admin' }).click();
    await expect(page).toHaveURL(storeUsers);
    await expect(page.getByRole('heading', { level: 1, name: 'Store users' })).toBeVisible();
  });
});
