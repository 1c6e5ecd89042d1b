import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';

test('the API docs page lists the routes of the OpenAPI document', async ({ page }) => {
  // A page of every route, checked by axe whole, and among the first tests while every other CI
  // stream starts: it took over a minute on a loaded two-core machine.
  test.slow();
  await page.goto('/v2/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'ServiceBay API' })).toBeVisible();
  await expect(page.locator('code.path', { hasText: /^\/health$/ })).toBeVisible();
  await page.locator('summary', { hasText: '/health' }).click();
  await expect(page.getByText('Public: probed by load balancers before anyone signs in.')).toBeVisible();
  await expectAccessible(page);
});

test('an unknown API path answers the JSON error shape', async ({ request }) => {
  for (const url of ['/v2/api/no-such-thing', '/v1/api/no-such-thing']) {
    const res = await request.get(url);
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: `No route for GET ${url}` });
  }
});

test('language files are served for en and fr only', async ({ request }) => {
  const fr = await request.get('/i18n/fr.i18n.json');
  expect(fr.status()).toBe(200);
  expect((await fr.json()).ui.back).toBe('Retour');
  const de = await request.get('/i18n/de.i18n.json');
  expect(de.status()).toBe(400);
  expect(await de.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'languageId must be en or fr' });
});
