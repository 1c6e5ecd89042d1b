import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { readOutbox } from './support/outbox.js';
import { signIn } from './support/staff.js';

/**
 * The setup wizard (docs/administration.md): `newowner`, an owner without an account, opens its
 * account, first store (in Quebec, picked from Canada's provinces) and first worker on a tablet,
 * and lands on the account's stores. The run completes newowner's set-up once; no other spec
 * signs in as newowner.
 */
test.describe('setup wizard', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('an owner without an account opens it in three steps and lands on its stores', async ({ page, request }) => {
    test.slow(); // three steps with their refusals, then the stores: room for a loaded machine
    const worker = `harbour-tech-${Date.now().toString(36)}`;
    const email = `${worker}@example.com`;
    await signIn(page, 'newowner');
    await expect(page).toHaveURL(/\/app\/v2\/account\/new\/step1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 3 · Your account' })).toBeVisible();
    await expectAccessible(page);

    // Step 1: the account's name is mandatory.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This field is mandatory.')).toBeVisible();
    await page.getByLabel('Account name').fill('Harbour Motors');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the store, its contact details (checked) and its hours (closing before opening refused).
    await expect(page).toHaveURL(/\/step2$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Step 2 of 3 · Your first store' })).toBeVisible();
    await page.getByLabel('Store name').fill('Harbour Garage');
    await page.getByLabel('Phone').fill('555-01');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
    await page.getByLabel('Address').fill('12 Quay Street');
    // The province is picked from Canada's list, searched by name.
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Canada' }).click();
    await page.getByRole('combobox', { name: 'Province or territory' }).fill('queb');
    await page.getByRole('option', { name: 'Quebec' }).click();
    await page.getByLabel('Closing time on Monday').fill('07:00');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/step2$/);
    await expect(page.getByText('Enter a phone number of 10 digits')).toBeVisible();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(page.getByText('Must close after it opens', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Some days close before they open' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Phone').fill('(514) 555-0142');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('harbour@example.com');
    await page.getByLabel('Closing time on Monday').fill('18:00');
    await page.getByRole('checkbox', { name: 'Closed on Saturday' }).uncheck();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the first workers. A reload keeps what was typed.
    await expect(page).toHaveURL(/\/step3$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Step 3 of 3 · Your first workers' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a worker' }).click();
    const first = page.getByRole('listitem', { name: 'Worker 1' });
    await first.getByLabel('First name').fill('Hugo');
    await first.getByLabel('Last name').fill('Harbour');
    await first.getByLabel('Username').fill('tech'); // taken by a demo user
    await first.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Add a worker' }).click();
    const second = page.getByRole('listitem', { name: 'Worker 2' });
    await second.getByLabel('First name').fill('Second');
    await second.getByLabel('Username').fill('TECH');
    await second.getByRole('textbox', { name: 'E-mail' }).fill('second@example.com');
    await page.getByRole('button', { name: 'Open my account' }).click();
    await expect(second.getByText('This username is given to another worker above.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Remove worker 2' }).click();

    // The server refuses a username already taken; nothing is written, the owner picks another.
    await page.getByRole('button', { name: 'Open my account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The username tech is already taken. Choose another username.' })).toBeVisible();
    await first.getByLabel('Username').fill(worker);
    await first.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Service advisor' }).click();
    await page.getByRole('button', { name: 'Open my account' }).click();

    // The owner lands on the account's stores, with the new store.
    await expect(page).toHaveURL(/\/app\/v2\/account\/[\w-]+\/store$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your account is open with the store Harbour Garage' })).toBeVisible();
    const store = page.getByRole('article', { name: 'Harbour Garage' });
    await expect(store).toContainText('12 Quay Street');
    await expect(page.getByText('Harbour Motors')).toBeVisible();
    await expectAccessible(page);

    // The worker received the password e-mail.
    const items = await readOutbox(request);
    expect(items.find((m) => m.to === email)?.text).toMatch(/\/app\/reset\/password\?token=[\w-]+/);

    // The store's users show the new worker; the wizard now says the account is open.
    await store.getByRole('link', { name: 'Open Harbour Garage' }).click();
    await expect(page.locator(`tr[data-user="${worker}"]`)).toContainText('Service advisor');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('combobox', { name: 'Province or territory' })).toHaveValue('Quebec');
    await page.goto('/app/v2/account/new/step1');
    await expect(page.getByText('Your account is already open.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your stores' }).click();
    await expect(page.getByRole('article', { name: 'Harbour Garage' })).toBeVisible();
  });
});
