import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { mainMenu, signIn } from './support/staff.js';
import { approve, call, newAdvisor, orderToApprove } from './support/approval.js';

/**
 * System notifications (docs/notifications.md): a customer's approval, made through the report
 * link's API, creates a notification that the order's advisor sees arrive live on the dashboard
 * (the banner and the menu's unread count), opens from the menu's entry, reads and archives, in
 * English and in French (the headline is written in the advisor's language). Each run makes its
 * own advisor through the store manager, so no other spec's user is touched. The demo advisor's
 * dashboard shows its demo notification.
 */

const PASSWORD = 'Notify-2026!';
const TABLET = { width: 1024, height: 768 };

/** Signed in on the dashboard, its websocket connected (so the approval's event is heard). */
async function onDashboard(page: Page, username: string) {
  await page.setViewportSize(TABLET);
  await signIn(page, username, PASSWORD);
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-live', 'connected');
}

const words = {
  en: { entry: /^Notifications/, title: 'Notifications', banner: 'New notification', archive: 'Archive', archiveAll: 'Archive all', empty: 'No notifications. You are all caught up.', unread: (n: number) => `${n} unread`, headline: (order: string) => `Jane Doe answered the report of RO ${order}: 1 approved, 0 declined` },
  fr: { entry: /^Notifications/, title: 'Notifications', banner: 'Nouvelle notification', archive: 'Archiver', archiveAll: 'Tout archiver', empty: 'Aucune notification. Vous êtes à jour.', unread: (n: number) => `${n} non lue${n > 1 ? 's' : ''}`, headline: (order: string) => `Jane Doe a répondu au rapport, BT ${order} : 1 approuvé(s), 0 refusé(s)` },
};

for (const language of ['en', 'fr'] as const) {
  test(`an approval reaches the advisor live; read and archived from the menu (${language})`, async ({ page, request }) => {
    test.slow(); // a new worker, an order, an estimate and an approval through the API
    const w = words[language];
    const { username, api } = await newAdvisor(request, { language, prefix: 'notify', password: PASSWORD });
    const made = await orderToApprove(request, api);
    await onDashboard(page, username);
    // Nothing yet: no banner, the entry without a count.
    // The menu by its id: its label is in the advisor's language.
    const entry = page.locator('#staff-navigation [data-menu-entry="notifications"]');
    await expect(entry).toBeVisible();
    await expect(page.getByTestId('notification-banner')).toHaveCount(0);
    await expect(entry.getByTestId('notifications-badge')).toHaveCount(0);

    await approve(request, made);
    const headline = w.headline(made.orderNumber ?? '');
    // Live: the banner with the headline, the entry's count.
    const banner = page.getByTestId('notification-banner');
    await expect(banner).toContainText(w.banner);
    await expect(banner).toContainText(headline);
    await expect(entry.getByTestId('notifications-badge')).toHaveText('1');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`banner-tablet-${language}.png`) });

    // The menu's entry opens the list: the date as YY-MM-DD, the headline unread (bold).
    await entry.click();
    const dialog = page.getByRole('dialog', { name: w.title });
    await expect(dialog).toBeVisible();
    const item = dialog.locator('li[data-notification-id]').first();
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item).toContainText(headline);
    await expect(item.getByTestId('notification-date')).toHaveText(/^\d{2}-\d{2}-\d{2}$/);
    await expect(dialog.getByTestId('notifications-unread')).toHaveText(w.unread(1));
    expect(await dialog.getByTestId('notifications-scroll').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { maxHeight: string } }).getComputedStyle(el).maxHeight)).toBe('300px');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`notifications-tablet-${language}.png`) });

    // Opening it marks it read and goes to the order's page.
    await item.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/inspectionOrder/${made.orderId}`));
    const list = await call<{ notifications: Array<{ read: boolean; headline: string }>; unread: number }>(request, api, 'get', `/v2/api/user/${api.claims.id}/notifications`);
    expect(list).toMatchObject({ unread: 0, notifications: [{ read: true, headline }] });

    // Back on the dashboard: no banner (read); the list shows it read, and archiving empties it.
    await page.goBack();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('notification-banner')).toHaveCount(0);
    await entry.click();
    await expect(dialog.locator('li[data-notification-id]').first()).toHaveAttribute('data-read', 'true');
    await dialog.getByRole('button', { name: new RegExp(`^${w.archive}`) }).first().click();
    await expect(dialog.getByText(w.empty)).toBeVisible();
    await expect(dialog.getByRole('button', { name: w.archiveAll })).toBeDisabled();
    await expectAccessible(page);
    const after = await call<{ notifications: unknown[] }>(request, api, 'get', `/v2/api/user/${api.claims.id}/notifications`);
    expect(after.notifications).toEqual([]);
  });
}

test('archive all empties the list; the entry is only on the dashboard', async ({ page, request }) => {
  test.slow();
  const { username, api } = await newAdvisor(request, { language: 'en', prefix: 'notify', password: PASSWORD });
  for (let i = 0; i < 2; i++) await approve(request, await orderToApprove(request, api));
  await onDashboard(page, username);
  const entry = mainMenu(page).locator('[data-menu-entry="notifications"]');
  await expect(entry.getByTestId('notifications-badge')).toHaveText('2');
  await expect(entry).toHaveAccessibleName('Notifications, 2 unread');
  await entry.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.locator('li[data-notification-id]')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Archive all' }).click();
  await expect(dialog.getByText('No notifications. You are all caught up.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(entry.getByTestId('notifications-badge')).toHaveCount(0);
  // Away from the dashboard the system notifications are off, and so is the entry.
  await page.goto('/app/help');
  await expect(mainMenu(page).locator('[data-menu-entry="help"]')).toBeVisible();
  await expect(mainMenu(page).locator('[data-menu-entry="notifications"]')).toHaveCount(0);
});

test("the demo advisor's dashboard shows its unread demo notification", async ({ page }) => {
  await page.setViewportSize(TABLET);
  await signIn(page, 'advisor');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('notification-banner')).toContainText('Jane Doe answered the report of RO');
  await expect(mainMenu(page).locator('[data-menu-entry="notifications"]').getByTestId('notifications-badge')).toHaveText(/^[1-9]\d*$/);
});
