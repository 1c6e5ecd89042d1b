import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { DEMO_PASSWORD, expectMenu, mainMenu, signIn, storedSession } from './support/staff.js';

/** Downtown's MyCar / MyFleet users (README): customers of the store, never its workers. */
const PORTAL_USERS = ['jane@example.com', 'fleet@example.com'];

test.describe("worker selection on the store's shared tablet", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the Store account lists its workers; tech confirms with its password and gets its own dashboard, then switches back', async ({
    page,
  }) => {
    await signIn(page, 'store');
    await expect(page).toHaveURL(/\/app\/store\/workers$/);
    const team = page.getByRole('main');
    await expect(team.getByRole('button', { name: /Theo Tremblay/ })).toBeVisible();
    await expect(team.getByRole('button', { name: /Ava Dupont/ })).toBeVisible();
    // The Store account itself is not someone to switch to.
    await expect(team.getByRole('button', { name: /Downtown Shop/ })).toHaveCount(0);
    await expectAccessible(page);

    await team.getByRole('button', { name: /Theo Tremblay/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(dialog).toContainText('Signing in as Theo Tremblay.');
    const submit = dialog.getByRole('button', { name: 'Continue' });
    await expect(submit).toBeDisabled();
    await expectAccessible(page);

    // A PIN must be 4 to 8 digits before it can be sent.
    await dialog.getByText('PIN', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'PIN' }).fill('12');
    await expect(submit).toBeDisabled();
    await dialog.getByText('Password', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await submit.click();

    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=technicianV2$/);
    await expect(page.getByTestId('signed-in-user')).toContainText('Theo Tremblay');
    await expectMenu(page, ['vehiclesInShop', 'advancedSearch', 'switchUser', 'notifications', 'help', 'signOut']);

    // Switch user hands the tablet back to the Store account's worker list.
    await mainMenu(page).getByRole('button', { name: 'Switch user' }).click();
    await expect(page).toHaveURL(/\/app\/store\/workers$/);
    await expect(page.getByTestId('signed-in-user')).toContainText('Downtown Shop');
    await expectMenu(page, ['help', 'signOut']);
  });

  test("no MyCar customer is among the store's workers: not on the tablet, not to a technician, not on the store users page", async ({
    page,
    request,
  }) => {
    await signIn(page, 'store');
    await expect(page).toHaveURL(/\/app\/store\/workers$/);
    const team = page.getByRole('main');
    await expect(team.getByRole('button', { name: /Theo Tremblay/ })).toBeVisible();
    await expect(team.getByRole('button', { name: /Jane Doe/ })).toHaveCount(0);
    await expect(team.getByRole('button', { name: /Fleet/ })).toHaveCount(0);

    // A technician's worker list holds no customer's e-mail.
    await page.context().clearCookies();
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await signIn(page, 'tech');
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    const session = (await storedSession(page))!;
    const storeId = (JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as { storeId: string }).storeId;
    const workers = await request.get(`/v1/api/store/${storeId}/worker`, { headers: { Authorization: `Bearer ${session.token}` } });
    expect(workers.status()).toBe(200);
    const listed = (await workers.json()) as Array<{ username: string; email: string | null; type: string }>;
    expect(listed.some((w) => w.username === 'tech')).toBe(true);
    for (const email of PORTAL_USERS) {
      expect(listed.some((w) => w.username === email || w.email === email)).toBe(false);
    }
    expect(listed.some((w) => w.type === 'consumer' || w.type === 'customer')).toBe(false);

    // The store users page of the manager lists staff only.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await signIn(page, 'manager');
    await expect(page.getByRole('heading', { level: 1, name: 'Store users' })).toBeVisible();
    await expect(page.locator('tr[data-user="advisor"]')).toBeVisible();
    for (const email of PORTAL_USERS) await expect(page.locator(`tr[data-user="${email}"]`)).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('Jane Doe');
  });
});
