import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { DEMO_PASSWORD, mainMenu, storedSession } from './support/staff.js';

/**
 * The staff side of single sign-on (docs/sso.md "Hand-off to the staff app"). The provider's part
 * is covered by the server's tests against a real OpenID provider; here the callback's cookies
 * are set as the callback sets them.
 */
test.describe('single sign-on hand-off', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the return page takes the token cookies, signs in and goes home; sign out passes by the provider logout', async ({
    page,
    request,
    baseURL,
  }) => {
    const login = await request.post('/v2/api/user/login', { data: { username: 'analytics', password: DEMO_PASSWORD } });
    expect(login.ok()).toBe(true);
    const pair = (await login.json()) as { token: string; refreshToken: string };
    // As the callback sets them: Path=/app, SameSite=Lax, readable by the page.
    const domain = new URL(baseURL!).hostname;
    await page.context().addCookies(
      (['token', 'refreshToken'] as const).map((name) => ({ name, value: pair[name], domain, path: '/app', sameSite: 'Lax' as const })),
    );

    await page.goto('/app/sso/return');
    await expect(page).toHaveURL(/\/app\/v2\/account\/[^/]+\/analytics$/);
    await expect(page.getByTestId('signed-in-user')).toContainText('Anna Lytics');
    expect(await storedSession(page)).toMatchObject({ refreshToken: pair.refreshToken, strategy: 'sso' });
    // The cookies do not outlive the hand-off.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('token');

    const logouts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/api/user/logout/saml')) logouts.push(r.url());
    });
    await mainMenu(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
    expect(logouts).toEqual([`${baseURL}/v2/api/user/logout/saml?username=analytics`]);
  });

  test('the return page without its cookies goes to the login; a failed sign-on is reported there', async ({ page }) => {
    await page.goto('/app/sso/return');
    await expect(page).toHaveURL(/\/app\/login$/);
    await page.goto('/app/login?sso=failed');
    await expect(page.getByRole('alert')).toContainText('We could not sign you in through your organization');
    await expectAccessible(page);
  });
});
