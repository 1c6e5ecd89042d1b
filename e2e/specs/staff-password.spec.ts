import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { signIn } from './support/staff.js';
import { latestMailId, waitForMail } from './support/mail.js';
import { readOutbox } from './support/outbox.js';

/** The e2e database is shared by the run: only this spec uses tech2, whose password it changes. */
const NEW_PASSWORD = 'Bay-Door7!';

test.describe('password reset', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('tech2 asks for a link, reads it from the e-mail, sets a new password and signs in with it', async ({ page, request }) => {
    await page.goto('/app/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    const send = dialog.getByRole('button', { name: 'Send the link' });
    const username = dialog.getByLabel('User name or e-mail');
    // Send is disabled while the user name or e-mail is empty.
    await expect(send).toBeDisabled();
    await username.fill('   ');
    await expect(send).toBeDisabled();
    await username.fill('tech2');
    await expectAccessible(page);
    const before = await latestMailId('tech2@demo.servicebay.local');
    await send.click();
    await expect(dialog.getByRole('status')).toContainText('Check your e-mail');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    const items = await readOutbox(request);
    expect(items.some((m) => m.to === 'tech2@demo.servicebay.local')).toBe(true);
    // The message itself, as the SMTP server the product sent it to received it.
    const mail = await waitForMail('tech2@demo.servicebay.local', (m) => /reset\/password\?token=/.test(m.text), before);
    const link = mail.text.match(/\/app\/reset\/password\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText('Hello Tina, choose a new password for tech2.')).toBeVisible();
    const password = page.getByRole('textbox', { name: 'New password', exact: true });
    const confirmation = page.getByRole('textbox', { name: 'Confirm the new password' });
    const save = page.getByRole('button', { name: 'Save the new password' });

    // The strength rule is shown and followed as the password is typed.
    await password.fill('weak');
    await expect(page.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false');
    await expect(page.locator('[data-rule="lower"]')).toHaveAttribute('data-met', 'true');
    await expect(save).toBeDisabled();
    await password.fill(NEW_PASSWORD);
    await confirmation.fill(`${NEW_PASSWORD}x`);
    await expect(page.getByText('The two passwords are not the same')).toBeVisible();
    await expect(save).toBeDisabled();
    await expectAccessible(page);
    await confirmation.fill(NEW_PASSWORD);
    await save.click();

    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
    await expect(page.getByLabel('User name')).toHaveValue('tech2');
    await expectAccessible(page);

    // The link is single-use.
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();

    await signIn(page, 'tech2', NEW_PASSWORD);
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=technicianV2$/);
    await expect(page.getByTestId('signed-in-user')).toContainText('Tina Gagnon');
  });

  test('a wrong or missing reset link says so, with the way back to the login', async ({ page }) => {
    await page.goto('/app/reset/password?token=this-is-not-a-real-reset-token-at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/app/reset/password');
    await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the sign-in page' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
  });

  test('a name nobody has is locked after five wrong passwords, exactly like a real account', async ({ page }) => {
    // Failures count per typed name whether or not it exists, so the page cannot tell who has an account.
    const name = `nobody-${Date.now().toString(36)}`;
    await page.goto('/app/login');
    await page.getByLabel('User name').fill(name);
    for (let i = 0; i < 4; i++) {
      await page.getByRole('textbox', { name: 'Password' }).fill(`wrong-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Could not login with that user name and password' }).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
    }
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-4');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account locked' });
    await expect(dialog).toContainText(`The account ${name} is locked after too many failed attempts`);
    await expect(dialog.getByLabel('User name or e-mail')).toHaveValue(name);
  });

  test('a locked account opens the forgot-password modal flagged locked, with the user name', async ({ page }) => {
    // Locking a demo account would lock it for every other spec of the run: the answer is played here.
    await page.route('**/v2/api/user/login', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ status: 403, code: 'ACCOUNT_LOCKED', message: 'The account tech2 is locked' }),
      }),
    );
    await page.goto('/app/login');
    await page.getByLabel('User name').fill(' tech2 ');
    await page.getByRole('textbox', { name: 'Password' }).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account locked' });
    await expect(dialog).toContainText('The account tech2 is locked');
    await expect(dialog.getByLabel('User name or e-mail')).toHaveValue('tech2');
    await expect(dialog.getByRole('button', { name: 'Send the link' })).toBeEnabled();
    await expectAccessible(page);
  });
});
