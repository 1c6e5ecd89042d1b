import { expect, test } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectMenu, signIn } from './support/staff.js';

/**
 * Training (docs/training.md): the mandatory-training guard (training before any other page), the
 * course list and a course, completion leading home, and a course fetch failure returning to the
 * login. `newhire` stays untrained for the other specs; `trainee` takes the training end to end.
 */
test.describe('training', () => {
  test.use({ viewport: { width: 1024, height: 768 } }); // a tablet in landscape

  test('an untrained worker is kept on the training page with the courses to take', async ({ page }) => {
    await signIn(page, 'newhire');
    await expect(page).toHaveURL(/\/app\/training$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Training' })).toBeVisible();
    await expect(page.getByTestId('training-progress')).toHaveText('0 of 1 mandatory courses completed');
    await expect(page.getByRole('heading', { level: 2, name: 'Shop safety' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Running a digital vehicle inspection' })).toBeVisible();
    await expectMenu(page, ['training', 'help', 'signOut']);
    await expectAccessible(page);

    // Training comes first, whatever page is asked for.
    for (const path of ['/app/store/dashboard', '/app/education', '/app/advanced-search']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/app\/training$/);
    }
  });

  test('completing the mandatory course takes the worker to its dashboard', async ({ page }) => {
    await signIn(page, 'trainee');
    await expect(page).toHaveURL(/\/app\/training$/);
    await page.getByRole('button', { name: 'Open Shop safety' }).click();
    await expect(page).toHaveURL(/\/app\/training\?course=/);
    const course = page.getByRole('article', { name: 'Shop safety' });
    await expect(course.getByRole('heading', { level: 3, name: 'Lifts and jack stands' })).toBeVisible();
    await expect(course.getByText('Section 1 of 4')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'I have read this course' }).click();
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=technicianV2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles in shop' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Course completed' })).toBeVisible();

    // The training stays open, now as done; an optional course can still be read.
    await page.goto('/app/training');
    await expect(page.getByTestId('training-progress')).toHaveText('1 of 1 mandatory courses completed');
    await expect(page.getByText('Your mandatory training is complete.')).toBeVisible();
    await page.getByRole('button', { name: 'Open Running a digital vehicle inspection' }).click();
    await page.getByRole('button', { name: 'I have read this course' }).click();
    await expect(page).toHaveURL(/\/app\/training$/);
    await expect(page.getByRole('button', { name: 'Review Running a digital vehicle inspection' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to ServiceBay' }).click();
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=technicianV2$/);
  });

  test('a course list that cannot be fetched returns to the login', async ({ page }) => {
    await signIn(page, 'advisor');
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    await page.route('**/v2/api/user/*/course', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, code: 'INTERNAL_ERROR', message: 'boom' }) }),
    );
    await page.goto('/app/education');
    await expect(page).toHaveURL(/\/app\/login$/);
  });

  test('education lists the courses for a trained worker', async ({ page }) => {
    await signIn(page, 'manager');
    await expect(page).toHaveURL(/\/user$/);
    await page.goto('/app/education');
    await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Shop safety' })).toBeVisible();
    await expect(page.getByTestId('training-progress')).toHaveCount(0);
    await expectAccessible(page);

    // Trained, so the count of the training page agrees with its message.
    await page.goto('/app/training');
    await expect(page.getByTestId('training-progress')).toHaveText('1 of 1 mandatory courses completed');
    await expect(page.getByText('Your mandatory training is complete.')).toBeVisible();
  });
});
