import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../axe.js';

/**
 * The portal's profile widget and fleet list (docs/portal.md "Profile widget", "Fleet list"), on
 * a phone: Jane switches between her two cars and changes a car's picture through the 'Profile
 * picture' editor (turned, framed, saved as a JPEG, a refusal kept the editor open); the fleet
 * manager uploads a logo, sorts and searches the vans and selects one. English and French.
 */

const DEMO_PASSWORD = 'Demo1234!';

async function signIn(page: Page, variant: 'car' | 'fleet', username: string) {
  await page.goto(`/my-${variant}/login`);
  await page.getByLabel('E-mail').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-${variant}/user/[0-9a-f-]{36}$`));
}

/** The page again, in French (the language the portal remembers). */
async function inFrench(page: Page) {
  await page.evaluate(() => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('servicebay.language', 'fr'));
  await page.reload();
}

/** The colour of a pixel of a picture: 'red', 'blue' or what it is. */
async function colourAt(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
  if (r > 180 && g < 80 && b < 80) return 'red';
  if (b > 180 && r < 80 && g < 80) return 'blue';
  return `rgb(${r}, ${g}, ${b})`;
}

test.describe('the portal profile widget and fleet list on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("jane switches cars and changes her car's picture through the editor", async ({ page }) => {
    // A long flow: two cars, a refused file, the editor, a refused save, five accessibility checks.
    test.slow();
    await signIn(page, 'car', 'jane@example.com');
    const widget = page.getByTestId('profile-widget');
    await expect(widget.getByRole('heading', { name: 'Your car' })).toBeVisible();
    const selector = widget.getByLabel('Vehicle');
    await expect(selector.locator('option')).toHaveCount(2);
    await expect(widget.getByTestId('profile-details')).toContainText('2016');
    await expect(widget.getByTestId('profile-details')).toContainText('Honda');
    await expectAccessible(page);

    // The second car: its own colour.
    const colour = widget.getByTestId('profile-details').locator('dd').first();
    const firstColour = await colour.textContent();
    const second = await selector.locator('option').nth(1).getAttribute('value');
    await selector.selectOption(second!);
    await expect(colour).not.toHaveText(firstColour!);

    // Not a picture: refused in the widget, nothing opened, the picture as it was.
    const button = widget.getByRole('button', { name: /^Change the picture of 2016 Honda Accord/ });
    const before = await widget.getByTestId('profile-picture').getAttribute('data-source');
    let chooser = page.waitForEvent('filechooser');
    await button.click();
    await page.getByRole('menuitem', { name: 'Choose a picture' }).click();
    await (await chooser).setFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
    await expect(widget.getByRole('alert')).toContainText('This file is not a picture. Choose a photo.');
    await expect(page.getByRole('dialog', { name: 'Profile picture' })).toHaveCount(0);
    await expect(widget.getByTestId('profile-picture')).toHaveAttribute('data-source', before!);

    // A photo, red on its left half and blue on its right.
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 220, g: 20, b: 20 } } })
      .composite([{ input: { create: { width: 400, height: 500, channels: 3, background: { r: 20, g: 20, b: 220 } } }, left: 400, top: 0 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    // By keyboard this time: the picture's button opens the menu, the arrows reach the library.
    chooser = page.waitForEvent('filechooser');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Take a photo' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Choose a picture' })).toBeFocused();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'my car.jpg', mimeType: 'image/jpeg', buffer: photo });
    const editor = page.getByRole('dialog', { name: 'Profile picture' });
    await expect(editor).toBeVisible();
    await expect(widget.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);

    // A quarter turn clockwise puts the red half on top; the frame one step down.
    await editor.getByRole('button', { name: 'Rotate right' }).click();
    await editor.getByRole('img', { name: 'The picture as it will be kept' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(editor.getByTestId('profile-picture-editor-status')).toHaveText('Turned 90 degrees, zoom 1.0×');

    // The server refuses it once (too large): the editor stays, framed as it was, and says why.
    await page.route('**/v2/api/vehicle/*/picture', (route) =>
      route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too large' }) }),
    );
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert')).toContainText('This picture is too large.');
    await expect(editor.getByTestId('profile-picture-editor-status')).toHaveText('Turned 90 degrees, zoom 1.0×');
    await page.unroute('**/v2/api/vehicle/*/picture');

    const logged = page.waitForRequest((request) => request.url().endsWith('/v2/api/log-event') && request.postData()?.includes('uploadProfilePicture') === true);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    expect(JSON.parse((await logged).postData()!)).toEqual({ eventName: 'uploadProfilePicture', data: { vehicleId: second } });
    await expect(widget.getByRole('status')).toHaveText('Picture saved');
    await expect(button).toBeFocused();
    const shown = widget.getByTestId('profile-picture');
    await expect(shown).toHaveAttribute('data-source', 'vehicle');
    await expectAccessible(page);

    // What was kept: the frame of the turned photo at 4:3, red above the split, blue below.
    const stored = Buffer.from(await (await page.request.get((await shown.getAttribute('src'))!)).body());
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 500, 375]);
    // The frame moved 50 px down: the split is 137.5 px from its top.
    expect(await colourAt(stored, 250, 110)).toBe('red');
    expect(await colourAt(stored, 250, 165)).toBe('blue');
    expect(await colourAt(stored, 250, 360)).toBe('blue');

    // The first car kept its own picture.
    await selector.selectOption({ index: 0 });
    await expect(widget.getByTestId('profile-picture')).toHaveAttribute('data-source', before!);

    await page.setViewportSize({ width: 1024, height: 768 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });

    await inFrench(page);
    await expect(widget.getByRole('heading', { name: 'Votre véhicule' })).toBeVisible();
    await expect(widget.getByLabel('Véhicule')).toBeVisible();
    await widget.getByRole('button', { name: /^Changer la photo de 2016 Honda Accord/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Prendre une photo' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the fleet manager uploads a logo, sorts and searches the vans and selects one', async ({ page }) => {
    // A long flow: the logo read back after a reload, sorting, searching, four accessibility checks.
    test.slow();
    await signIn(page, 'fleet', 'fleet@example.com');
    const fleet = page.getByTestId('fleet-list');
    const items = fleet.getByTestId('fleet-vehicles').getByRole('button');
    await expect(items).toHaveCount(6);
    await expect(items.first()).toContainText('#101 - 2020 Ford Transit');
    // The top of the list is selected, and named above it.
    await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(fleet.getByTestId('fleet-vehicles').getByRole('button', { pressed: true })).toHaveCount(1);
    await expect(fleet.getByTestId('fleet-selected')).toHaveText('#101 - 2020 Ford Transit');
    await expect(fleet.getByTestId('fleet-count')).toHaveText('6 vehicles');
    await expectAccessible(page);

    // The logo, through the upload at the top of the list.
    const logo = fleet.getByTestId('image-upload');
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 10, g: 90, b: 160 } } }).png().toBuffer();
    await logo.locator('input[type="file"]').setInputFiles({ name: 'fleet-logo.png', mimeType: 'image/png', buffer: png });
    await expect(logo.getByRole('status')).toHaveText('Picture saved');
    await expect(logo.getByRole('img', { name: 'Picture fleet-logo.jpg' })).toBeVisible();
    // Read again with the page: the logo is the customer's.
    await page.reload();
    await expect(fleet.getByTestId('image-upload').getByRole('img', { name: 'Picture fleet-logo.jpg' })).toBeVisible();

    // Fleet numbers descending, as integers.
    await fleet.getByRole('button', { name: 'Sort order: ascending. Change it' }).click();
    await expect(items.first()).toContainText('#106');
    await expect(items.last()).toContainText('#101');
    // By year (all 2020): ties by fleet number.
    await fleet.getByText('Year', { exact: true }).click();
    await expect(items.first()).toContainText('#101');

    // Search: a fleet number, then make and number together, then nothing found.
    const search = fleet.getByLabel('Search vehicles');
    await search.fill('104');
    await expect(items).toHaveCount(1);
    await expect(fleet.getByTestId('fleet-count')).toHaveText('1 of 6 vehicles');
    await items.first().click();
    await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(fleet.getByTestId('fleet-selected')).toHaveText('#104 - 2020 Ford Transit');
    await search.fill('ford 105');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('#105');
    await expect(items.first()).toHaveAttribute('aria-pressed', 'false');
    await search.fill('tesla');
    await expect(items).toHaveCount(0);
    await expect(fleet.getByText('No vehicle matches “tesla”.')).toBeVisible();
    await search.fill('');
    await expect(items).toHaveCount(6);
    await expectAccessible(page);

    await page.setViewportSize({ width: 1024, height: 768 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });

    await inFrench(page);
    await expect(fleet.getByRole('heading', { name: 'Votre flotte' })).toBeVisible();
    await expect(fleet.getByLabel('Rechercher un véhicule')).toBeVisible();
    await expect(fleet.getByTestId('fleet-count')).toHaveText('6 véhicules');
    await expectAccessible(page);
  });
});
