import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';

/** Collects what the browser reports as CSP violations or failed scripts, to prove the build runs under the strict CSP. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('staff login page', () => {
  test.use({ viewport: { width: 1024, height: 768 } }); // a tablet in landscape

  test('renders under the strict CSP, with its form, language selector and footer', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your shop' })).toBeVisible();
    await expect(page.getByLabel('User name')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Language' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} ServiceBay`);
    await expect(page).toHaveTitle('Sign in · ServiceBay');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test('keeps Sign in disabled until a trimmed user name and a password exist', async ({ page }) => {
    await page.goto('/app/login');
    const submit = page.getByRole('button', { name: 'Sign in' });
    const username = page.getByLabel('User name');
    const password = page.getByRole('textbox', { name: 'Password' });

    await expect(submit).toBeDisabled();
    await username.fill('   ');
    await password.fill('secret');
    await expect(submit).toBeDisabled();
    await username.fill('tech1');
    await password.fill('');
    await expect(submit).toBeDisabled();
    await password.fill('secret');
    await expect(submit).toBeEnabled();
  });

  test('switches to French and remembers it after a reload', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByText('Français').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connectez-vous à votre atelier' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Connectez-vous à votre atelier' })).toBeVisible();
    await expect(page.getByLabel('Nom d’utilisateur')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Français' })).toBeChecked();
    await expectAccessible(page);

    await page.getByText('English').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your shop' })).toBeVisible();
  });

  test('shows the failure alert when the user name and password are refused', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByLabel('User name').fill('nobody-by-that-name');
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong password');
    await page.getByRole('textbox', { name: 'Password' }).press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not login with that user name and password');
    // The password is cleared for the next attempt; the user name stays.
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
    await expect(page.getByLabel('User name')).toHaveValue('nobody-by-that-name');
    await expectAccessible(page);
  });

  test('answers an unknown path with a not-found page that leads to the login', async ({ page }) => {
    await page.goto('/app/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
  });
});

test.describe('a French browser', () => {
  test.use({ locale: 'fr-CA' });

  test('gets the login page in French before anything is chosen', async ({ page }) => {
    await page.goto('/app/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connectez-vous à votre atelier' })).toBeVisible();
  });
});
