import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession } from './support/staff.js';

/**
 * The development outbox (docs/providers.md): a staff-app page for the signed-in root user, linked
 * from root's admin page; an advisor, or anyone signed out, reads nothing. A password-reset e-mail
 * is asked for `payments` (no other spec resets its password; asking changes nothing).
 */

// A tablet, upright: the outbox must read there too.
test.use({ viewport: { width: 768, height: 1024 } });

test('root opens the outbox from the admin page and reads a password-reset e-mail with its link', async ({
  page,
  request,
}) => {
  const asked = await request.post('/v2/api/user/password/reset/email', { data: { username: 'payments' } });
  expect(asked.status()).toBe(204);

  await signIn(page, 'root');
  await expect(page).toHaveURL(/\/app\/admin$/);
  await page.getByRole('link', { name: 'Outbox (development)' }).click();
  await expect(page).toHaveURL(/\/app\/dev\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();

  const outbox = page.getByRole('list', { name: 'Outbox' });
  const reset = outbox.getByRole('listitem').filter({ hasText: 'payments@demo.servicebay.local' }).first();
  await expect(reset).toBeVisible();
  await expect(reset).toContainText('E-mail');
  await expect(reset.locator('[data-status]')).toBeVisible();
  await expect(reset.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // The link in the e-mail's text is a link one can open.
  const link = reset.getByRole('link', { name: /\/app\/reset\/password\?token=/ });
  await expect(link).toHaveAttribute('href', /^https?:\/\/[^\s]+\/app\/reset\/password\?token=[\w-]+$/);
  await expectAccessible(page);

  // Newest first: the reset e-mail just asked for comes before anything older.
  const dates = await outbox
    .locator('time')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThan(1);
  expect([...dates].sort().reverse()).toEqual(dates);

  // Texts only: the e-mail is gone from the list.
  await page.getByText('Texts', { exact: true }).click();
  await expect(
    outbox.getByRole('listitem').filter({ hasText: 'payments@demo.servicebay.local' }),
  ).toHaveCount(0);
  await page.getByText('All', { exact: true }).click();
  await expect(reset).toBeVisible();

  // /dev/outbox, the old address, brings the person here.
  await page.goto('/dev/outbox');
  await expect(page).toHaveURL(/\/app\/dev\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
});

test('an advisor, or anyone signed out, reads nothing of the outbox', async ({ page, request }) => {
  const anonymous = await request.get('/v2/api/dev/outbox');
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.text()).not.toContain('@');

  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const token = (await storedSession(page))!.token;
  const asAdvisor = await request.get('/v2/api/dev/outbox', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(asAdvisor.status()).toBe(403);
  expect(await asAdvisor.text()).not.toContain('@');

  await page.goto('/app/dev/outbox');
  await expect(page.getByText('The outbox is for the root user only.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Outbox' })).toHaveCount(0);
  await expect(page.getByText('@demo.servicebay.local')).toHaveCount(0);
  await expectAccessible(page);
});
