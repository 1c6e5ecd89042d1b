import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { mainMenu, signIn } from './support/staff.js';

/** The help modal (docs/administration.md): the store's support phone and e-mail, and the training. */
test.describe('help', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("a technician's help shows the store's phone and e-mail and leads to the education", async ({ page }) => {
    await signIn(page, 'tech');
    await expect(page).toHaveURL(/dashboard/);
    const dashboard = page.url();
    await mainMenu(page).locator('[data-menu-entry="help"]').click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Support for Downtown' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: '(514) 555-0100' })).toHaveAttribute('href', 'tel:5145550100');
    await expect(dialog.getByRole('link', { name: 'downtown@demo.servicebay.local' })).toHaveAttribute('href', 'mailto:downtown@demo.servicebay.local');
    await expect(dialog.getByRole('link', { name: 'Training' })).toHaveAttribute('href', '/app/training');
    await expectAccessible(page);

    // Closing keeps the page; Education opens the courses.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(dashboard);
    await mainMenu(page).locator('[data-menu-entry="help"]').click();
    await dialog.getByRole('link', { name: 'Education' }).click();
    await expect(page).toHaveURL(/\/app\/education$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  });

  test('an untrained worker is offered the training only; the help page shows the same', async ({ page }) => {
    await signIn(page, 'newhire');
    await expect(page).toHaveURL(/\/app\/training$/);
    await mainMenu(page).locator('[data-menu-entry="help"]').click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect(dialog.getByRole('link', { name: 'Training' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Education' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The guard lets help through for the untrained.
    await page.goto('/app/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('link', { name: '(514) 555-0100' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an owner (no store) is told no store contact is shown', async ({ page }) => {
    await signIn(page, 'owner');
    await expect(page).toHaveURL(/\/store$/);
    await mainMenu(page).locator('[data-menu-entry="help"]').click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect(dialog.getByText('Your sign-in is not tied to one store')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Education' })).toBeVisible();
    await expectAccessible(page);
  });
});
