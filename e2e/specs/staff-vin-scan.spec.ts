import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { chromiumArgs, chromiumPath } from '../browser.js';
import { signIn, storedSession } from './support/staff.js';
import type * as Zxing from '@zxing/library';

/**
 * The VIN scanner flow (docs/vin-scanner.md): the scan session, ServiceBay's own scanner playing
 * the external scanner's part (typed VIN and camera), the return page's polling and its
 * rejection, and the VIN arriving on the user's realtime topic.
 */

const VIN = '1HGCM82633A004352';

// zxing ships CommonJS whose named exports Node's ESM loader cannot see; the staff app gets its ESM build.
const zxing = createRequire(import.meta.url)('@zxing/library') as typeof Zxing;

/**
 * A camera that films a Data Matrix VIN label (zxing writes it; the unit tests read the same kind
 * of picture) on a white 640x480 frame: a Y4M file for Chromium's fake capture device.
 */
function fakeCameraFile(text: string): string {
  const matrix = new zxing.DataMatrixWriter().encode(text, zxing.BarcodeFormat.DATA_MATRIX, 0, 0);
  const [width, height, scale] = [640, 480, 8];
  const left = Math.floor((width - matrix.getWidth() * scale) / 2);
  const top = Math.floor((height - matrix.getHeight() * scale) / 2);
  const y = Buffer.alloc(width * height, 255);
  for (let row = 0; row < matrix.getHeight() * scale; row++) {
    for (let column = 0; column < matrix.getWidth() * scale; column++) {
      if (matrix.get(Math.floor(column / scale), Math.floor(row / scale))) y[(top + row) * width + left + column] = 0;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const file = path.join(os.tmpdir(), `servicebay-vin-camera-${process.pid}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

const camera = fakeCameraFile(VIN);

test.use({
  viewport: { width: 1024, height: 768 },
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ],
  },
});

interface Launch {
  scannerUrl: string;
  callbackUrl: string;
  returnUrl: string;
}

function userIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { id: string }).id;
}

/** Signs in as the advisor, and returns its token and id. */
async function advisor(page: Page) {
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const session = await storedSession(page);
  return { token: session!.token, userId: userIdOf(session!.token) };
}

/** Launches a scan as the staff app does (POST /v1/api/vinscanner/session). */
async function launchScan(page: Page, token: string, userId: string, from: 'vehicleDetails' | 'dashboard'): Promise<Launch> {
  const res = await page.request.post('/v1/api/vinscanner/session', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId, from, language: 'en' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Launch;
}

type Listener = { events: unknown[]; ready: boolean };
type ListenerGlobals = { __vinEvents?: Listener; WebSocket: new (url: string) => { onopen: () => void; onmessage: (e: { data: string }) => void; send(d: string): void } };

/** Another window of the same user listening to the topic, as the vehicle details or dashboard do. */
async function listen(page: Page, token: string, topic: string) {
  await page.evaluate(
    ([t, tp]) =>
      new Promise<void>((resolve) => {
        const g = globalThis as unknown as ListenerGlobals;
        const state: Listener = { events: [], ready: false };
        g.__vinEvents = state;
        const socket = new g.WebSocket(`ws://${(globalThis as unknown as { location: { host: string } }).location.host}/ws?token=${t}`);
        socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', topic: tp }));
        socket.onmessage = (e) => {
          const frame = JSON.parse(e.data) as { type: string; payload?: unknown };
          if (frame.type === 'subscribed') {
            state.ready = true;
            resolve();
          }
          if (frame.type === 'event') state.events.push(frame.payload);
        };
      }),
    [token, topic] as const,
  );
}

const heard = (page: Page) => page.evaluate(() => (globalThis as unknown as ListenerGlobals).__vinEvents?.events ?? []);

test('the local scanner hands a typed VIN to the return page, which publishes it to the user', async ({ page, context }) => {
  const { token, userId } = await advisor(page);
  await listen(page, token, `user/${userId}/externalAppAction/vinScannedFromVehicleDetails`);
  const launch = await launchScan(page, token, userId, 'vehicleDetails');
  expect(launch.scannerUrl.startsWith('/app/vin-scanner?')).toBe(true);

  const scanner = await context.newPage();
  await scanner.goto(launch.scannerUrl);
  await expect(scanner.getByRole('heading', { name: 'VIN scanner' })).toBeVisible();
  await expectAccessible(scanner);

  // A character no VIN holds is named as it is typed; sending waits until it is removed.
  const field = scanner.getByRole('textbox', { name: 'VIN' });
  await field.fill('1HGCM-2633A00435');
  await expect(scanner.getByTestId('unusable-characters')).toHaveText('This character cannot be used: -');
  await scanner.getByRole('button', { name: 'Send VIN' }).click();
  await expect(field).toBeFocused();
  await scanner.getByRole('button', { name: 'Remove it', exact: true }).click();
  await expect(field).toHaveValue('1HGCM2633A00435');
  // Not a VIN: refused on the spot, nothing sent.
  await scanner.getByRole('button', { name: 'Send VIN' }).click();
  await expect(scanner.getByText('This is not a VIN')).toBeVisible();
  await expectAccessible(scanner);

  await field.fill(VIN.toLowerCase());
  await expect(field).toHaveValue(VIN);
  await scanner.getByRole('button', { name: 'Send VIN' }).click();

  await expect(scanner).toHaveURL(new RegExp(`/app/as1-ui/vinScan\\?language=en&userId=${userId}&from=vehicleDetails$`));
  await expect(scanner.getByText(`VIN ${VIN} sent. You can close this window.`)).toBeVisible();
  await expectAccessible(scanner);
  await expect.poll(() => heard(page)).toEqual([{ vin: VIN }]);

  // The link is spent: the scanner cannot hand over a second VIN with it.
  const again = await page.request.post(new URL(launch.callbackUrl).pathname, { data: { vin: VIN } });
  expect(again.status()).toBe(404);
});

test('the return page polls 5 times, every 3 s, then gives up', async ({ page, context }) => {
  const { userId } = await advisor(page);
  const returnPage = await context.newPage();
  const polls: number[] = [];
  returnPage.on('request', (request) => {
    if (request.url().includes('/v1/api/vinscanner/scanned/')) polls.push(Date.now());
  });
  await returnPage.goto(`/app/as1-ui/vinScan?language=fr&userId=${userId}&from=dashboard`);
  await expect(returnPage.getByRole('heading', { name: 'Scan du NIV' })).toBeVisible();
  await expect(returnPage.getByText('Tentative 1 sur 5')).toBeVisible();
  await expectAccessible(returnPage);

  await expect(returnPage.getByText("Aucun NIV scanné n'est arrivé.")).toBeVisible({ timeout: 20_000 });
  expect(polls).toHaveLength(5);
  // The gaps by the page's own clock: the runner hears of each request late, and later under load.
  const starts = await returnPage.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/v1/api/vinscanner/scanned/'))
      .map((entry) => entry.startTime),
  );
  expect(starts).toHaveLength(5);
  const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(2900);
  await expectAccessible(returnPage);
});

test("the return page refuses another user's scan and an incomplete link", async ({ page, context }) => {
  await advisor(page);
  const other = await context.newPage();
  await other.goto('/app/as1-ui/vinScan?language=en&userId=0b7c6a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b&from=dashboard');
  await expect(other.getByText('This scan belongs to another user.')).toBeVisible();
  await other.goto('/app/as1-ui/vinScan?language=en');
  await expect(other.getByText('This page was opened without its language, user and origin.')).toBeVisible();
  await other.goto('/app/vin-scanner?callbackUrl=https://evil.example/x&returnUrl=/app/as1-ui/vinScan');
  await expect(other.getByText('This scanner link is incomplete.')).toBeVisible();
  await expectAccessible(other);
});

test('the camera reads a Data Matrix VIN label, and the VIN reaches the dashboard topic', async ({ page, context }) => {
  const { token, userId } = await advisor(page);
  await listen(page, token, `user/${userId}/externalAppAction/vinScannedFromDashboard`);
  const launch = await launchScan(page, token, userId, 'dashboard');

  const scanner = await context.newPage();
  await scanner.goto(launch.scannerUrl);
  await scanner.getByRole('button', { name: 'Scan with camera' }).click();
  // The fake camera films the label: the dialog reads it, closes and fills the field.
  await expect(scanner.getByRole('textbox', { name: 'VIN' })).toHaveValue(VIN, { timeout: 15_000 });
  await expect(scanner.getByRole('dialog')).toHaveCount(0);
  await scanner.getByRole('button', { name: 'Send VIN' }).click();

  await expect(scanner.getByText(`VIN ${VIN} sent. You can close this window.`)).toBeVisible();
  await expect.poll(() => heard(page)).toEqual([{ vin: VIN }]);
});

test('the camera dialog, while the camera starts', async ({ page, context }) => {
  const { token, userId } = await advisor(page);
  const launch = await launchScan(page, token, userId, 'vehicleDetails');
  const scanner = await context.newPage();
  // A camera that never answers, so the dialog stays up to be checked.
  await scanner.addInitScript(() => {
    const devices = (globalThis as unknown as { navigator: { mediaDevices: { getUserMedia: () => Promise<never> } } }).navigator.mediaDevices;
    devices.getUserMedia = () => new Promise<never>(() => {});
  });
  await scanner.goto(launch.scannerUrl);
  await scanner.getByRole('button', { name: 'Scan with camera' }).click();
  const dialog = scanner.getByRole('dialog', { name: 'Scan the VIN barcode' });
  await expect(dialog.getByText('Starting the camera…')).toBeVisible();
  await expectAccessible(scanner);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test.describe('from the vehicle form of the ticket page', () => {
  /** A new ticket, Jane's household chosen, a new vehicle being entered. */
  async function newVehicleForm(page: Page) {
    const { token } = await advisor(page);
    const storeId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { storeId: string }).storeId;
    await page.goto(`/app/store/${storeId}/ticket`);
    await page.getByRole('searchbox', { name: 'Find a customer or vehicle' }).fill('jane@example.com');
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /Jane Doe/ }).click();
    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    return page.getByRole('region', { name: 'New vehicle' });
  }

  test('"Scan VIN" → External scanner: the scanner window sends the VIN back to the form and closes', async ({ page, context }) => {
    test.slow(); // two windows and a scan: room for a loaded machine
    const form = await newVehicleForm(page);
    await form.getByRole('button', { name: 'Scan VIN' }).click();
    // The open menu holds its items only (no focus placeholder among them), with no axe rule turned off.
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menu').locator('[tabindex]:not([role="menuitem"])')).toHaveCount(0);
    await expectAccessible(page);
    const popup = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: 'External scanner' }).click();
    const scanner = await popup;
    await expect(scanner.getByRole('heading', { name: 'VIN scanner' })).toBeVisible();
    await scanner.getByRole('textbox', { name: 'VIN' }).fill(VIN);
    const closed = scanner.waitForEvent('close', { timeout: 20_000 });
    await scanner.getByRole('button', { name: 'Send VIN' }).click();
    await expect(scanner.getByText(`VIN ${VIN} sent.`)).toBeVisible();
    await closed;
    await expect(form.getByRole('textbox', { name: 'VIN' })).toHaveValue(VIN);
    await expect(form.getByTestId('vin-decoded')).toHaveText('Decoded: 2003 Honda Accord', { timeout: 30_000 });
    await expectAccessible(page);
  });

  test('"Scan VIN" → Scan with camera fills the form', async ({ page }) => {
    test.slow(); // a camera scan into the form: room for a loaded machine
    const form = await newVehicleForm(page);
    // By keyboard: the menu opens, the arrows reach its items, Enter picks one.
    await form.getByRole('button', { name: 'Scan VIN' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    // The focus is on an item of the menu, and the arrows go round them.
    await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1);
    const camera = page.getByRole('menuitem', { name: 'Scan with camera' });
    for (let i = 0; i < 2 && !(await camera.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('ArrowDown');
    await expect(camera).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('textbox', { name: 'VIN' })).toHaveValue(VIN, { timeout: 15_000 });
    await expect(page.getByRole('dialog', { name: 'Scan the VIN barcode' })).toHaveCount(0);
    await expect(form.getByTestId('vin-decoded')).toHaveText('Decoded: 2003 Honda Accord', { timeout: 30_000 });
  });
});
