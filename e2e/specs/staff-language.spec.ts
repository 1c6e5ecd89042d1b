import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { DEMO_PASSWORD, signIn } from './support/staff.js';

/** The demo user this spec owns (README): no other spec signs it in, so its language is ours to change. */
const USERNAME = 'camille';

/** camille's saved language, read through the API (its own token, signed out again). */
async function asCamille<T>(request: APIRequestContext, act: (headers: Record<string, string>, userId: string) => Promise<T>): Promise<T> {
  const login = await request.post('/v2/api/user/login', { data: { username: USERNAME, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token, refreshToken } = (await login.json()) as { token: string; refreshToken: string };
  const headers = { Authorization: `Bearer ${token}` };
  try {
    const user = (await (await request.get(`/v2/api/user/${USERNAME}`, { headers })).json()) as { id: string };
    return await act(headers, user.id);
  } finally {
    await request.post('/v2/api/user/logout', { data: { refreshToken } });
  }
}

const savedLanguage = (request: APIRequestContext) =>
  asCamille(request, async (headers) => ((await (await request.get(`/v2/api/user/${USERNAME}`, { headers })).json()) as { language: string }).language);

/** Every test starts from camille in English, whatever an earlier try left behind. */
async function resetToEnglish(request: APIRequestContext) {
  await asCamille(request, async (headers, userId) => {
    const saved = await request.put(`/v2/api/user/${userId}/language`, { headers, data: { language: 'en' } });
    expect(saved.status()).toBe(200);
  });
}

const frenchMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** The advisor's dashboard and menu, in French. */
async function expectFrenchDashboard(page: Page) {
  await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=advisor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(frenchMenu(page).getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  await expect(frenchMenu(page).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await expect(page.getByTestId('signed-in-user')).toContainText('Conseiller technique');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
}

test.describe('the display language', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test.beforeEach(async ({ request }) => {
    await resetToEnglish(request);
  });

  test('French chosen on the login page stays after sign-in, is saved, and comes back at the next sign-in', async ({ page, request }) => {
    await page.goto('/app/login');
    await page.getByText('Français').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connectez-vous à votre atelier' })).toBeVisible();
    await page.getByLabel('Nom d’utilisateur').fill(USERNAME);
    await page.getByRole('textbox', { name: 'Mot de passe' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    // The choice made on the login page wins over the user's saved English, and becomes the saved one.
    await expectFrenchDashboard(page);
    await expect.poll(() => savedLanguage(request)).toBe('fr');
    await expectAccessible(page);

    await frenchMenu(page).getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
    // A new visit: nothing remembered on this browser, so the login page is English again...
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your shop' })).toBeVisible();
    // ...and signing in without touching the selector brings the user's saved French back.
    await signIn(page, USERNAME);
    await expectFrenchDashboard(page);
  });

  test('the user menu switches the language at once and saves it', async ({ page, request }) => {
    await signIn(page, USERNAME);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.getByTestId('user-menu').click();
    const settings = page.getByRole('dialog', { name: 'Your settings' });
    await expect(settings.getByRole('radio', { name: 'English' })).toBeChecked();
    await expectAccessible(page);
    await settings.getByText('Français').click();
    await expectFrenchDashboard(page);
    await expect(page.getByRole('dialog', { name: 'Vos réglages' }).getByRole('radio', { name: 'Français' })).toBeChecked();
    await expect.poll(() => savedLanguage(request)).toBe('fr');

    // Saved: a reload (the login page's remembered language is English) comes back in French.
    await page.reload();
    await expectFrenchDashboard(page);

    await page.getByTestId('user-menu').click();
    await page.getByRole('dialog', { name: 'Vos réglages' }).getByText('English').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(() => savedLanguage(request)).toBe('en');
  });

  test("a language file that cannot be fetched shows the offline warning, and the app goes on in that language", async ({ page }) => {
    await page.route('**/i18n/fr.i18n.json', (route) => route.abort('internetdisconnected'));
    await page.goto('/app/login');
    await page.getByText('Français').click();

    // The texts built into the app are used, with the warning of spec §8.
    const warning = page.getByTestId('language-file-warning');
    await expect(warning.getByRole('alert')).toContainText('Langue d’affichage non récupérée');
    await expect(warning).toContainText('les textes enregistrés sur cet appareil sont utilisés');
    await expect(page.getByRole('heading', { level: 1, name: 'Connectez-vous à votre atelier' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Nom d’utilisateur').fill(USERNAME);
    await page.getByRole('textbox', { name: 'Mot de passe' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectFrenchDashboard(page);
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Fermer ce message' }).click();
    await expect(warning).toBeHidden();
  });
});
