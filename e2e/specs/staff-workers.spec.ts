import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { DEMO_PASSWORD, expectMenu, mainMenu, signIn } from './support/staff.js';

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
});
