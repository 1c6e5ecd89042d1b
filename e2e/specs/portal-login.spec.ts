import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';

test.describe('portal login on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('car variant shows its banner, tagline and welcome text', async ({ page }) => {
    await page.goto('/my-car/login');
    await expect(page.getByTestId('portal-banner')).toHaveText(
      'check your recent service visit results and easily schedule your next visit',
    );
    await expect(page.getByText('The easiest way to manage your car maintenance needs')).toBeVisible();
    await expect(page.getByText('Please enter your e-mail and password')).toBeVisible();
    await expect(page.getByText('MyCar', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('fleet variant shows the fleet banner, from the same bundle', async ({ page }) => {
    await page.goto('/my-fleet/login');
    await expect(page.getByTestId('portal-banner')).toHaveText("track your fleet's inspection results");
    await expect(page.getByText('The easiest way to manage your car maintenance needs')).toHaveCount(0);
    await expect(page.getByText('MyFleet', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('keeps Login disabled while the password is empty, and reports a refused login', async ({ page }) => {
    await page.goto('/my-car/login');
    const login = page.getByRole('button', { name: 'Login' });
    await page.getByLabel('E-mail').fill('owner@example.com');
    await expect(login).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await expect(login).toBeEnabled();
    await login.click();
    await expect(page.getByRole('alert')).toContainText('Could not login with that e-mail and password');
    await expectAccessible(page);
  });

  test('switches the portal to French', async ({ page }) => {
    await page.goto('/my-fleet/login');
    await page.getByText('Français').click();
    await expect(page.getByTestId('portal-banner')).toHaveText('suivez les résultats d’inspection de votre flotte');
    await expect(page.getByText('Veuillez saisir votre adresse e-mail et votre mot de passe')).toBeVisible();
  });

  test('shows registration at the bare area and a not-found page at unknown paths', async ({ page }) => {
    await page.goto('/my-car');
    await expect(page.getByRole('button', { name: 'Create' })).toBeVisible();
    await page.goto('/my-fleet/nowhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/my-fleet/login');
    await expectAccessible(page);
  });
});

test('portal login on a computer shows the slideshow beside the form', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/my-car/login');
  await expect(page.getByTestId('portal-banner')).toBeVisible();
  await expect(page.locator('[aria-hidden="true"] svg').first()).toBeVisible();
  await expectAccessible(page);
});
