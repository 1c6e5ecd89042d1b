import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../axe.js';
import { signIn, storedSession, storeSession } from './support/staff.js';

/**
 * The inspection, on the inspection order page (docs/repair-order-page.md,
 * "Inspection"), on a tablet: a technician sets severities (a second tap clears), enters a
 * measurement (the thresholds' severity follows), takes a picture, annotates it with an arrow
 * and a circle, turns it, saves it, and sees it in the gallery; finishing is refused with the
 * server's reason (measurements, then items required). Each test writes its own ticket.
 */

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

interface Result {
  _id: string;
  itemKey: string;
  result: string | null;
  finding: string | null;
  recommendation: string | null;
  mapValue: string | null;
  value: number | null;
  pictures: {
    name: string;
    source: string;
    original: string;
    gallery: string;
    gpsCoords: { lat: number; long: number } | null;
  }[];
  videos: { name: string; duration: number | null }[];
}

type Session = { token: string; refreshToken: string };

// Each user signs in once per run of this file (through the login page); later tests reuse the
// session, so the file stays under the server's sign-ins per user per minute.
const sessions = new Map<string, Session>();
async function sessionOf(page: Page, username: string): Promise<Session> {
  let session = sessions.get(username);
  if (!session) {
    await signIn(page, username);
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    session = (await storedSession(page))!;
    sessions.set(username, session);
    await page.context().clearCookies();
    await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear(),
    );
  }
  return session;
}

function apiOf(token: string, request: APIRequestContext) {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    id: string;
    storeId: string;
  };
  const headers = { Authorization: `Bearer ${token}` };
  const store = `/v2/api/store/${claims.storeId}`;
  return {
    claims,
    store,
    async get<T>(path: string, params?: Record<string, string>): Promise<T> {
      const answer = await request.get(path, { headers, params });
      expect(answer.status(), `GET ${path}`).toBe(200);
      return (await answer.json()) as T;
    },
    async post<T>(path: string, data?: unknown): Promise<T> {
      const answer = await request.post(path, { headers, data });
      expect(answer.status(), `POST ${path}: ${await answer.text()}`).toBeLessThan(300);
      return (await answer.json()) as T;
    },
  };
}

/** A fresh ticket on Jane's first car (the store's default inspection), held by `tech`; `tech` is signed in after. */
async function newRepairOrderForTech(page: Page, request: APIRequestContext) {
  const advisor = apiOf((await sessionOf(page, 'advisor')).token, request);
  const found = await advisor.get<{ _embedded: { customer: { _id: string }[] } }>(
    `${advisor.store}/customer`,
    {
      email: 'jane@example.com',
    },
  );
  const customerId = found._embedded.customer[0]!._id;
  const household = await advisor.get<{ vehicles: { _id: string }[] }>(
    `${advisor.store}/customer/${customerId}/household`,
  );
  const technician = await advisor.get<{ _id: string }>('/v2/api/user/tech');
  const order = await advisor.post<{ _id: string }>(`${advisor.store}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    serviceAdvisorId: advisor.claims.id,
    orderNumber: `I${String(Date.now()).slice(-8)}`,
    technicianId: technician._id,
  });
  const techSession = await sessionOf(page, 'tech');
  await page.goto('/app/login');
  await storeSession(page, techSession);
  const tech = apiOf(techSession.token, request);
  const results = async () =>
    (await tech.get<{ results: Result[] }>(`${tech.store}/inspectionOrder/${order._id}/result`)).results;
  return {
    tech,
    orderId: order._id,
    path: `/app/store/${tech.claims.storeId}/inspectionOrder/${order._id}`,
    results,
  };
}

/** A mouse drag across the canvas, in CSS px from its top-left corner. */
async function mouseDrag(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 8 });
  await page.mouse.up();
}

const severity = (item: Locator, name: string) =>
  item.getByRole('group', { name: /^Result for / }).getByRole('button', { name, exact: true });

test('a technician sets severities, enters a measurement, takes, annotates and turns a picture, and sees it in the gallery', async ({
  page,
  request,
}) => {
  test.slow(); // pictures through the editor: room for a loaded machine
  const { path, results } = await newRepairOrderForTech(page, request);
  await page.goto(path);
  const inspection = page.getByTestId('inspection');
  await expect(
    inspection.getByRole('heading', { level: 2, name: 'Inspection · Multi-point inspection' }),
  ).toBeVisible();
  await expect(inspection.getByTestId('inspection-progress')).toHaveText(/^0 of \d+ answered$/);

  // vehicleDetails is first and open; the other groups are closed.
  const groups = inspection.getByRole('button', { expanded: true });
  await expect(groups).toHaveCount(1);
  await expect(
    inspection.locator('[data-testid^="group-"]').first().getByRole('heading', { level: 3 }),
  ).toHaveText('Vehicle details');
  const odometer = inspection.getByTestId('item-odometerPhoto');
  await expect(odometer).toBeVisible();
  await expectAccessible(page);

  // One tap per severity; the same again clears it. The clock starts (the server does it).
  await severity(odometer, 'Okay').click();
  await expect(severity(odometer, 'Okay')).toHaveAttribute('aria-pressed', 'true');
  await expect(odometer).not.toHaveAttribute('data-pending');
  await expect
    .poll(async () => (await results()).find((r) => r.itemKey === 'odometerPhoto')?.result)
    .toBe('okay');
  await expect(page.getByRole('button', { name: 'Pause the clock' })).toBeVisible();
  await severity(odometer, 'Okay').click();
  await expect(severity(odometer, 'Okay')).toHaveAttribute('aria-pressed', 'false');
  await expect(odometer).not.toHaveAttribute('data-pending');
  await expect
    .poll(async () => (await results()).find((r) => r.itemKey === 'odometerPhoto')?.result)
    .toBeNull();

  // Warning brings the first finding and its first recommendation.
  const lights = inspection.getByTestId('item-dashWarningLights');
  await severity(lights, 'Warning').click();
  await expect(lights.getByRole('combobox', { name: 'Finding' })).toBeVisible();
  await expect(lights).not.toHaveAttribute('data-pending');
  const saved = (await results()).find((r) => r.itemKey === 'dashWarningLights')!;
  expect(saved.result).toBe('warning');
  expect(saved.finding).not.toBeNull();
  await expect(lights.getByRole('combobox', { name: 'Finding' })).toHaveValue(saved.finding!);
  // The finding picker offers the findings the template marks for the severity (findingsFor).
  await expect(lights.getByRole('combobox', { name: 'Finding' }).locator('option')).toHaveText([
    'Choose a finding',
    'Check engine light on',
    'Other',
  ]);

  // A deficiency reason code of the severity (warning 1-5, critical A-C; none shows 'MAP').
  const reason = lights.getByRole('combobox', { name: 'Reason' });
  await expect(reason).toHaveValue('');
  await reason.selectOption('2');
  await expect
    .poll(async () => (await results()).find((r) => r.itemKey === 'dashWarningLights')?.mapValue)
    .toBe('2');
  // Critical has other codes: the warning's one is cleared with the change.
  await severity(lights, 'Critical').click();
  await expect(reason).toHaveValue('');
  await expect(lights.getByRole('combobox', { name: 'Finding' }).locator('option')).toHaveText([
    'Choose a finding',
    'Check engine light on',
    'ABS or brake light on',
    'Other',
  ]);
  await expect(reason.locator('option')).toHaveText([
    'No reason code (MAP)',
    'A · The part no longer does its job',
    'B · The part does not meet a design specification',
    'C · The part is missing',
  ]);
  await expect
    .poll(async () => (await results()).find((r) => r.itemKey === 'dashWarningLights')?.mapValue)
    .toBeNull();

  // A measurement with a number pad: 2 mm of front pad is critical by the thresholds.
  await inspection.getByRole('button', { name: 'Brakes' }).click();
  const pads = inspection.getByTestId('item-frontBrakePads');
  const padInput = pads.getByRole('textbox', { name: 'Measurement (mm)' });
  await expect(padInput).toHaveAttribute('inputmode', 'decimal');
  await padInput.fill('25');
  await padInput.press('Enter');
  await expect(pads.getByText('Enter a number from 0 to 20.')).toBeVisible();
  await padInput.fill('2');
  await padInput.press('Enter');
  await expect(pads.getByTestId('suggested-severity')).toHaveText('The thresholds suggest: Critical');
  await expect(severity(pads, 'Critical')).toHaveAttribute('aria-pressed', 'true');
  await expect(pads).not.toHaveAttribute('data-pending');
  await expect
    .poll(async () => {
      const r = (await results()).find((x) => x.itemKey === 'frontBrakePads');
      return [r?.value, r?.result];
    })
    .toEqual([2, 'critical']);
  await expectAccessible(page);

  // A picture from the camera, annotated with an arrow and a circle, turned, saved; the tablet
  // gives its position, which is stored with the picture (gpsCoords).
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 45.5017, longitude: -73.5673 });
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 80, b: 140 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const camera = pads.getByTestId('camera-input');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles({ name: 'pads.jpg', mimeType: 'image/jpeg', buffer: photo });
  const editor = page.getByRole('dialog', { name: 'Annotate the picture' });
  await expect(editor).toBeVisible();
  const canvas = editor.getByRole('img', { name: /^Picture pads\.jpg\./ });
  const status = editor.getByTestId('image-editor-status');
  await expect(status).toHaveText('Annotations: 0. Rotation: 0 degrees.');
  await expectAccessible(page);
  await mouseDrag(page, canvas, [100, 100], [300, 250]);
  await editor.getByRole('button', { name: 'Circle' }).click();
  await mouseDrag(page, canvas, [450, 300], [450, 380]);
  await expect(status).toHaveText('Annotations: 2. Rotation: 0 degrees.');
  await editor.getByRole('button', { name: 'Rotate right' }).click();
  await expect(status).toHaveText('Annotations: 2. Rotation: 90 degrees.');
  await editor.getByRole('button', { name: 'Done' }).click();
  await expect(editor).toBeHidden();

  await expect(pads.getByTestId('picture-count')).toHaveText('1 picture');
  await expect(inspection.getByTestId('picture-total')).toHaveText('1 picture or video on this order');
  const stored = (await results()).find((r) => r.itemKey === 'frontBrakePads')!;
  expect(stored.pictures.map((p) => p.name)).toEqual(['pads.jpg']);
  expect(stored.pictures[0]!.gpsCoords).toEqual({ lat: 45.5017, long: -73.5673 });
  // The original is kept as taken (640x480); what is shown is the turned, annotated one.
  const bytes = async (url: string) => Buffer.from(await (await page.request.get(url)).body());
  const shown = await sharp(await bytes(stored.pictures[0]!.source)).metadata();
  const original = await sharp(await bytes(stored.pictures[0]!.original)).metadata();
  expect([shown.width, shown.height]).toEqual([480, 640]);
  expect([original.width, original.height]).toEqual([640, 480]);
  const { data } = await sharp(await bytes(stored.pictures[0]!.source))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0;
  let yellow = 0;
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > 170 && g < 90 && b < 90) red++;
    if (r > 170 && g > 170 && b < 110) yellow++;
  }
  expect(red).toBeGreaterThan(300);
  expect(yellow).toBeGreaterThan(300);

  // The gallery shows it.
  await pads.getByRole('button', { name: 'Open the pictures of Front brake pads' }).click();
  const gallery = page.getByRole('dialog', { name: 'Pictures' });
  await expect(gallery).toBeVisible();
  const img = gallery.getByRole('img', { name: 'Picture pads.jpg' });
  await expect(img).toHaveAttribute('src', stored.pictures[0]!.gallery);
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  await expect(gallery.getByText('1 of 1')).toBeVisible();
  await expect(gallery.getByTestId('gallery-gps')).toHaveText('Taken at 45.50170, -73.56730');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();

  // A second picture with the same camera name gets a name of its own; deleting one leaves the
  // other. The position is refused this time: the picture goes up without one.
  await page.context().clearPermissions();
  await page.context().setGeolocation(null);
  await camera.setInputFiles({ name: 'pads.jpg', mimeType: 'image/jpeg', buffer: photo });
  await editor.getByRole('button', { name: 'Done' }).click();
  await expect(pads.getByTestId('picture-count')).toHaveText('2 pictures');
  const second = (await results()).find((r) => r.itemKey === 'frontBrakePads')!.pictures[1]!;
  expect([second.name, second.gpsCoords]).toEqual(['pads-2.jpg', null]);
  await pads.getByRole('button', { name: 'Delete the picture pads-2.jpg' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(pads.getByTestId('picture-count')).toHaveText('1 picture');
  await expect
    .poll(async () => (await results()).find((r) => r.itemKey === 'frontBrakePads')!.pictures.length)
    .toBe(1);
});

test("the order's primary picture: a video is refused with the spec's message, a picture goes through the editor, is shown and counted", async ({
  page,
  request,
}) => {
  const { tech, orderId, path } = await newRepairOrderForTech(page, request);
  await page.goto(path);
  const inspection = page.getByTestId('inspection');
  const upload = inspection.getByTestId('image-upload');
  await expect(upload.getByRole('heading', { name: 'Primary picture' })).toBeVisible();
  await expect(upload.getByText('No picture yet')).toBeVisible();
  await expect(inspection.getByTestId('picture-total')).toHaveText('0 pictures and videos on this order');

  // A video cannot be the primary picture; the editor says so and closes.
  const input = upload.locator('input[type="file"]');
  await input.setInputFiles({ name: 'walkaround.mp4', mimeType: 'video/mp4', buffer: smallMp4() });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Were sorry videos are not allowed as primary pictures' }),
  ).toBeVisible();
  const editor = page.getByRole('dialog', { name: 'Annotate the picture' });
  await expect(editor).toHaveCount(0);

  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  await input.setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Done' }).click();
  await expect(editor).toBeHidden();
  await expect(upload.getByText('Picture saved')).toBeVisible();
  const shown = upload.getByRole('img', { name: 'Picture front.jpg' });
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  // The picture total counts the order's picture too.
  await expect(inspection.getByTestId('picture-total')).toHaveText('1 picture or video on this order');
  const order = await tech.get<{ primaryPicture: { name: string; url: string } | null }>(
    `${tech.store}/inspectionOrder/${orderId}`,
  );
  expect(order.primaryPicture?.name).toBe('front.jpg');
  await expectAccessible(page);

  // It stays after a reload, and opens in the gallery.
  await page.reload();
  await upload.getByRole('button', { name: 'Open the picture in the gallery' }).click();
  const gallery = page.getByRole('dialog', { name: 'Pictures' });
  await expect(gallery.getByRole('img', { name: 'Picture front.jpg' })).toBeVisible();
});

/** A small MP4 the server and the duration parser accept: ftyp, moov with an mvhd of 5 s, some mdat. */
function smallMp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, body]);
  };
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')]),
  );
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(5000, 16); // duration: 5 s
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', Buffer.alloc(2048, 7))]);
}

test('a video on a result: uploaded with its duration, played, a duplicate name ignored, refused offline, deleted', async ({
  page,
  request,
  context,
}) => {
  const { path, results } = await newRepairOrderForTech(page, request);
  await page.goto(path);
  const lights = page.getByTestId('item-dashWarningLights');
  const input = lights.getByTestId('video-input');
  await expect(input).toHaveAttribute('accept', 'video/*');
  const video = { name: 'walkaround.mp4', mimeType: 'video/mp4', buffer: smallMp4() };
  await input.setInputFiles(video);
  await expect(lights.getByTestId('video-count')).toHaveText('1 video');
  await expect(page.getByTestId('picture-total')).toHaveText('1 picture or video on this order');
  await expect
    .poll(async () =>
      (await results())
        .find((r) => r.itemKey === 'dashWarningLights')
        ?.videos.map((v) => [v.name, v.duration]),
    )
    .toEqual([['walkaround.mp4', 5]]);

  await lights.getByRole('button', { name: 'Play walkaround.mp4' }).click();
  const player = page.getByRole('dialog', { name: 'walkaround.mp4' });
  await expect(player).toBeVisible();
  await expect(player.getByText('Duration 0:05')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(player).toBeHidden();

  await input.setInputFiles(video);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'A file with this name was already added, so it was ignored.' }),
  ).toBeVisible();

  await context.setOffline(true);
  await input.setInputFiles({ ...video, name: 'second.mp4' });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Videos cannot be uploaded while offline.' }),
  ).toBeVisible();
  await context.setOffline(false);

  await lights.getByRole('button', { name: 'Delete the video walkaround.mp4' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(lights.getByTestId('video-count')).toHaveCount(0);
  await expect
    .poll(async () => (await results()).find((r) => r.itemKey === 'dashWarningLights')?.videos.length)
    .toBe(0);
});

test('a multiple item takes several readings, each its own result, and a reading can be removed', async ({
  page,
  request,
}) => {
  const { path, results } = await newRepairOrderForTech(page, request);
  await page.goto(path);
  const inspection = page.getByTestId('inspection');
  await inspection.getByRole('button', { name: 'Tires and wheels' }).click();
  const readings = inspection.getByTestId('item-tirePressure');
  await expect(readings).toHaveCount(1);
  await expect(readings.first().getByRole('heading', { level: 4 })).toHaveText(/Reading 1$/);
  await readings.first().getByRole('textbox', { name: 'Measurement (psi)' }).fill('32');
  await readings.first().getByRole('textbox', { name: 'Measurement (psi)' }).press('Enter');
  await expect(readings).toHaveCount(2);
  await expect(readings.first()).not.toHaveAttribute('data-pending');
  await readings.nth(1).getByRole('textbox', { name: 'Measurement (psi)' }).fill('35,5');
  await readings.nth(1).getByRole('textbox', { name: 'Measurement (psi)' }).press('Enter');
  await expect(readings).toHaveCount(3);
  await expect(readings.nth(1)).not.toHaveAttribute('data-pending');
  await expect
    .poll(async () =>
      (await results())
        .filter((r) => r.itemKey === 'tirePressure')
        .map((r) => r.value)
        .sort(),
    )
    .toEqual([32, 35.5]);
  await expectAccessible(page);

  await readings.first().getByRole('button', { name: 'Remove this reading' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove this reading' }).click();
  await expect(readings).toHaveCount(2);
  await expect
    .poll(async () => (await results()).filter((r) => r.itemKey === 'tirePressure').map((r) => r.value))
    .toEqual([35.5]);
});

test("finishing is refused with the server's reason: measurements first, then required items", async ({
  page,
  request,
}) => {
  const { tech, orderId, path } = await newRepairOrderForTech(page, request);
  await page.goto(path);
  await expect(page.getByTestId('item-odometerPhoto')).toBeVisible();

  await page.getByRole('button', { name: 'Finish the inspection' }).click();
  const modal = page.getByRole('dialog', { name: 'The inspection cannot be finished yet' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('alert')).toHaveText(
    'Some measurements are missing. Enter every measurement before finishing the inspection.',
  );
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toBeHidden();

  // Every required measurement entered (through the API), the reason becomes the items.
  for (const [itemKey, value] of [
    ['batteryVoltage', 12.6],
    ['frontBrakePads', 8],
    ['rearBrakePads', 8],
    ['treadLeftFront', 8],
    ['treadRightFront', 8],
    ['treadLeftRear', 8],
    ['treadRightRear', 8],
  ] as const) {
    await tech.post(`${tech.store}/inspectionOrder/${orderId}/result`, { itemKey, value });
  }
  await page.reload();
  await expect(page.getByTestId('inspection-progress')).toHaveText(/^7 of \d+ answered$/);
  await page.getByRole('button', { name: 'Finish the inspection' }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    'Some required items have no result yet. Check every required item before finishing the inspection.',
  );
  const order = await tech.get<{ finished: boolean }>(`${tech.store}/inspectionOrder/${orderId}`);
  expect(order.finished).toBe(false);
});

type TypeForSpec = {
  groups: Array<{
    key: string;
    sections: Array<{
      key: string;
      items: Array<{ itemKey: string; required: boolean; measurement: { min: number; max: number } | null }>;
    }>;
  }>;
};

test.describe('on a tablet in portrait', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('a refused finish names the blockers; a technician jumps to one, uses All OK, measures and finishes', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    // A fresh ticket per try: a try cut short leaves nothing for the retry to trip on.
    const { tech, orderId, path } = await newRepairOrderForTech(page, request);
    const orderPath = `${tech.store}/inspectionOrder/${orderId}`;
    const type = await tech.get<TypeForSpec>(`${orderPath}/inspection`);
    // Everything required is answered through the API except the lights section and the front pads.
    const left = new Set(['frontBrakePads']);
    const lights = type.groups.flatMap((g) => g.sections).find((s) => s.key === 'lights')!;
    for (const i of lights.items) left.add(i.itemKey);
    for (const item of type.groups.flatMap((g) => g.sections.flatMap((s) => s.items))) {
      if (!item.required || left.has(item.itemKey)) continue;
      await tech.post(`${orderPath}/result`, {
        itemKey: item.itemKey,
        result: 'okay',
        ...(item.measurement ? { value: item.measurement.max } : {}),
      });
    }

    await page.goto(path);
    const inspection = page.getByTestId('inspection');
    await expect(inspection.getByTestId('inspection-left')).toHaveText(`${1 + lights.items.length} items left before finishing`);
    // The measurement field shows before anything is marked (the group opens on the jump below).
    await page.getByRole('button', { name: 'Finish the inspection' }).click();
    const modal = page.getByRole('dialog', { name: 'The inspection cannot be finished yet' });
    await expect(modal.getByRole('alert')).toHaveText(
      'Some measurements are missing. Enter every measurement before finishing the inspection.',
    );
    const blockers = modal.getByTestId('finish-blockers');
    await expect(blockers.getByRole('listitem')).toHaveCount(1 + lights.items.length);
    await expect(blockers.getByRole('listitem').first()).toHaveText(
      'Front brake pads · Front · measurement (mm) missing · no result yet',
    );
    await expect(blockers).toContainText('Headlights · Lights · no result yet');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('finish-refused-768.png'), fullPage: false });

    // The entry leads to the item: its group opens, the measurement field is focused.
    await blockers.getByRole('button', { name: /^Go to Front brake pads/ }).click();
    await expect(modal).toBeHidden();
    const pads = page.getByTestId('item-frontBrakePads');
    const padsField = pads.getByRole('textbox', { name: 'Measurement (mm)' });
    await expect(padsField).toBeFocused();
    await expect(pads).toBeInViewport();
    await padsField.fill('8');
    await padsField.press('Enter');
    await expect(pads).toHaveAttribute('data-severity', 'okay');
    await expect(pads).not.toHaveAttribute('data-pending');
    await expect(inspection.getByTestId('inspection-left')).toHaveText(`${lights.items.length} items left before finishing`);

    // The progress bar's list leads to the lights; All OK answers the section in one tap.
    await inspection.getByRole('button', { name: 'Show what is left' }).click();
    await inspection
      .getByTestId('progress-left-list')
      .getByRole('button', { name: /^Go to Headlights/ })
      .click();
    await expect(page.getByTestId('item-headlights').getByRole('button', { name: 'Okay', exact: true })).toBeFocused();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('inspection-768.png'), fullPage: false });
    await page.getByTestId('all-ok-lights').click();
    await expect(inspection.getByTestId('inspection-left')).toHaveText(
      'Nothing left: the inspection can be finished.',
    );
    for (const i of lights.items) {
      await expect(page.getByTestId(`item-${i.itemKey}`)).toHaveAttribute('data-severity', 'okay');
    }
    await expect(page.getByTestId('all-ok-lights')).toBeHidden();

    await page.getByRole('button', { name: 'Finish the inspection' }).click();
    // Downtown clocks in with Protractor: finishing from the order page opens the work order.
    await expect(page).toHaveURL(/\/inspectionOrder\/[^/]+\/workOrder$/);
    const order = await tech.get<{ finished: boolean }>(orderPath);
    expect(order.finished).toBe(true);
  });
});
