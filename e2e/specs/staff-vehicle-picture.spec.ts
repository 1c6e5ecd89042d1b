import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession } from './support/staff.js';

/**
 * Issue 4 (vehicle picture): in the ticket page's panel, an advisor edits a saved vehicle and
 * uploads its picture with a progress bar; the picture is shown from its signed URL. A file that
 * is not a picture is refused with the translated alert. docs/files.md.
 */

/** A 32x24 JPEG, small enough to keep in the spec. */
const JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAYACADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AlgJzTgAAAAAP/9k=',
  'base64',
);

async function openNewTicket(page: Page) {
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const session = await storedSession(page);
  const claims = JSON.parse(Buffer.from(session!.token.split('.')[1]!, 'base64url').toString()) as { storeId: string };
  await page.goto(`/app/store/${claims.storeId}/ticket`);
  await expect(page.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
}

test.describe('vehicle picture on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('uploads a picture for a saved vehicle and shows it; refuses a file that is not one', async ({ page }) => {
    test.setTimeout(60_000);
    await openNewTicket(page);
    await page.getByRole('searchbox', { name: 'Find a customer or vehicle' }).fill('blt 137');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('button', { name: /Jane Doe/ }).first().click();
    await page.getByRole('button', { name: /^Edit .*\d{4}/ }).first().click();

    const upload = page.getByTestId('image-upload');
    await expect(upload.getByRole('heading', { name: 'Vehicle picture' })).toBeVisible();

    // A text file named .jpg gets past the picker's type (the browser trusts the name) and is
    // refused by the server's look at its bytes.
    await upload.locator('input[type="file"]').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
    await expect(upload.getByRole('alert')).toContainText('Only PNG or JPEG pictures can be uploaded.');

    await upload.locator('input[type="file"]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect(upload.getByRole('status').filter({ hasText: 'Picture saved' })).toBeVisible();
    const picture = upload.getByRole('img', { name: 'Picture front.jpg' });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('src', /^\/v2\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    // Loaded through the signed URL, under the page's Content-Security-Policy.
    await expect.poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(32);
    await expectAccessible(page);
  });
});
