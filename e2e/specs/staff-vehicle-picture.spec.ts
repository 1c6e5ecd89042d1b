import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession } from './support/staff.js';

/**
 * The vehicle picture, the image editor and the gallery: in the ticket page's panel, an
 * advisor edits a saved vehicle, chooses a picture, annotates it in the image editor (an arrow by
 * mouse, a circle by touch), rotates it, undoes, and saves; the edited JPEG is uploaded with a
 * progress bar and shown from its signed URL, and opens in the image gallery. A file that is not
 * a picture is refused with the translated alert. docs/files.md, docs/media.md.
 */

async function openNewRepairOrder(page: Page) {
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const session = await storedSession(page);
  const claims = JSON.parse(Buffer.from(session!.token.split('.')[1]!, 'base64url').toString()) as { storeId: string };
  await page.goto(`/app/store/${claims.storeId}/ticket`);
  await expect(page.getByRole('heading', { level: 1, name: 'New ticket' })).toBeVisible();
}

/** A mouse drag across the canvas, in CSS px from its top-left corner. */
async function mouseDrag(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 8 });
  await page.mouse.up();
}

/** A finger drag, as a tablet's touch screen sends it (Chromium's touch input, through CDP). */
async function touchDrag(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = (await canvas.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const at = (t: number) => ({ x: box.x + from[0] + (to[0] - from[0]) * t, y: box.y + from[1] + (to[1] - from[1]) * t });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let step = 1; step <= 8; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(step / 8)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The box holding the pixels of a colour in a picture's bytes, and how many there are. */
async function colourBox(bytes: Buffer, match: (r: number, g: number, b: number) => boolean) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (!match(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      count++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { count, minX, minY, maxX, maxY, width: info.width, height: info.height };
}
const red = (r: number, g: number, b: number) => r > 170 && g < 90 && b < 90;
const yellow = (r: number, g: number, b: number) => r > 170 && g > 170 && b < 110;

test.describe('vehicle picture on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('annotates, rotates and uploads a picture, shows it and opens it in the gallery; refuses a file that is not one', async ({ page }) => {
    test.slow(); // a picture through the editor and the gallery: room for a loaded machine
    // A plain blue 640x480 photo: no red and no yellow until the editor draws them.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 80, b: 140 } } }).jpeg({ quality: 90 }).toBuffer();

    await openNewRepairOrder(page);
    await page.getByRole('searchbox', { name: 'Find a customer or vehicle' }).fill('blt 137');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('button', { name: /Jane Doe/ }).first().click();
    await page.getByRole('button', { name: /^Edit .*\d{4}/ }).first().click();

    const upload = page.getByTestId('image-upload');
    await expect(upload.getByRole('heading', { name: 'Vehicle picture' })).toBeVisible();

    // A video cannot be the picture: the editor says so and closes.
    await upload.locator('input[type="file"]').setInputFiles({ name: 'walkaround.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(64) });
    await expect(page.getByRole('alert').filter({ hasText: 'Were sorry videos are not allowed as primary pictures' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Annotate the picture' })).toHaveCount(0);

    // A text file named .jpg gets past the picker's type (the browser trusts the name) and is
    // refused by a look at its bytes before the editor opens (the server looks again: files tests).
    await upload.locator('input[type="file"]').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
    await expect(upload.getByRole('alert')).toContainText('Only PNG or JPEG pictures can be uploaded.');

    await upload.locator('input[type="file"]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
    const editor = page.getByRole('dialog', { name: 'Annotate the picture' });
    await expect(editor).toBeVisible();
    const canvas = editor.getByRole('img', { name: /^Picture front\.jpg\./ });
    const status = editor.getByTestId('image-editor-status');
    await expect(status).toHaveText('Annotations: 0. Rotation: 0 degrees.');
    // Landscape tablet: the tools stand in the 85 px column left of the 640x480 canvas.
    const canvasBox = (await canvas.boundingBox())!;
    expect([Math.round(canvasBox.width), Math.round(canvasBox.height)]).toEqual([640, 480]);
    const toolbar = editor.getByRole('toolbar', { name: 'Annotation tools' });
    expect(canvasBox.x - (await toolbar.boundingBox())!.x).toBeCloseTo(85, 0);
    await expect(toolbar.getByRole('button', { name: 'Arrow' })).toHaveAttribute('aria-pressed', 'true');
    await expect(toolbar.getByRole('button', { name: 'Undo the last annotation' })).toBeDisabled();
    await expectAccessible(page);

    // The picture fills the canvas at 1 CSS px per picture px: an arrow by mouse, a circle by touch.
    await mouseDrag(page, canvas, [100, 100], [300, 250]);
    await expect(status).toHaveText('Annotations: 1. Rotation: 0 degrees.');
    await toolbar.getByRole('button', { name: 'Circle' }).click();
    await expect(toolbar.getByRole('button', { name: 'Circle' })).toHaveAttribute('aria-pressed', 'true');
    await touchDrag(page, canvas, [450, 300], [450, 380]);
    await expect(status).toHaveText('Annotations: 2. Rotation: 0 degrees.');
    // A tap is not an annotation.
    await mouseDrag(page, canvas, [500, 100], [502, 101]);
    await expect(status).toHaveText('Annotations: 2. Rotation: 0 degrees.');

    await toolbar.getByRole('button', { name: 'Rotate right' }).click();
    await expect(status).toHaveText('Annotations: 2. Rotation: 90 degrees.');
    // Undo takes back the circle, not the turn; then a circle is drawn again, by keyboard-reached tool.
    await toolbar.getByRole('button', { name: 'Undo the last annotation' }).click();
    await expect(status).toHaveText('Annotations: 1. Rotation: 90 degrees.');
    await mouseDrag(page, canvas, [320, 240], [320, 300]);
    await expect(status).toHaveText('Annotations: 2. Rotation: 90 degrees.');
    // Rotate left then right again: the keyboard reaches the tools.
    await toolbar.getByRole('button', { name: 'Rotate left' }).focus();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Annotations: 2. Rotation: 0 degrees.');
    await toolbar.getByRole('button', { name: 'Rotate right' }).focus();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Annotations: 2. Rotation: 90 degrees.');

    await editor.getByRole('button', { name: 'Done' }).click();
    await expect(editor).toBeHidden();
    await expect(upload.getByRole('status').filter({ hasText: 'Picture saved' })).toBeVisible();
    const picture = upload.getByRole('img', { name: 'Picture front.jpg' });
    await expect(picture).toBeVisible();
    const src = await picture.getAttribute('src');
    expect(src).toMatch(/^\/v2\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    // Loaded through the signed URL, under the page's Content-Security-Policy: turned upright.
    await expect.poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(480);
    expect(await picture.evaluate((img) => (img as unknown as { naturalHeight: number }).naturalHeight)).toBe(640);

    // The stored picture carries the arrow and the circle, turned with the picture: the arrow drawn
    // from (100,100) to (300,250) on the landscape photo runs from (380,100) to (230,300) once turned.
    const stored = Buffer.from(await (await page.request.get(src!)).body());
    const arrow = await colourBox(stored, red);
    expect(arrow.count).toBeGreaterThan(300);
    expect(arrow.minX).toBeGreaterThan(200);
    expect(arrow.maxX).toBeLessThan(400);
    expect(arrow.minY).toBeGreaterThan(80);
    expect(arrow.maxY).toBeLessThan(320);
    const circle = await colourBox(stored, yellow);
    expect(circle.count).toBeGreaterThan(300);
    // Centre (240, 320), radius about 80 picture px.
    expect((circle.minX + circle.maxX) / 2).toBeCloseTo(240, -1);
    expect((circle.minY + circle.maxY) / 2).toBeCloseTo(320, -1);
    expect(circle.maxX - circle.minX).toBeGreaterThan(150);

    // The picture opens in the gallery.
    await upload.getByRole('button', { name: 'Open the picture in the gallery' }).click();
    const gallery = page.getByRole('dialog', { name: 'Pictures' });
    await expect(gallery).toBeVisible();
    await expect(gallery.getByRole('img', { name: 'Picture front.jpg' })).toHaveAttribute('src', src!);
    await expect(gallery.getByText('1 of 1')).toBeVisible();
    await expect(gallery.getByRole('button', { name: 'Next picture' })).toBeDisabled();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();
    await expectAccessible(page);
  });

  test('cancel leaves the picture as it was and uploads nothing', async ({ page }) => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 200, b: 200 } } }).png().toBuffer();
    await openNewRepairOrder(page);
    await page.getByRole('searchbox', { name: 'Find a customer or vehicle' }).fill('blt 137');
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /Jane Doe/ }).first().click();
    await page.getByRole('button', { name: /^Edit .*\d{4}/ }).first().click();
    const upload = page.getByTestId('image-upload');
    await expect(upload.getByRole('heading', { name: 'Vehicle picture' })).toBeVisible();
    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/picture')) uploads++;
    });
    await upload.locator('input[type="file"]').setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: photo });
    const editor = page.getByRole('dialog', { name: 'Annotate the picture' });
    const status = editor.getByTestId('image-editor-status');
    await expect(status).toHaveText('Annotations: 0. Rotation: 0 degrees.');
    // Drawing with the keyboard: Tab to the canvas, Enter, arrows, Enter.
    await editor.getByRole('button', { name: 'Rotate right' }).focus();
    await page.keyboard.press('Tab');
    await expect(editor.getByRole('img', { name: /^Picture side\.png\./ })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Annotations: 1. Rotation: 0 degrees.');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
    await expect(upload.getByText('Picture saved')).toHaveCount(0);
    expect(uploads).toBe(0);
  });
});
