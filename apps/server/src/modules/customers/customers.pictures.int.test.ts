import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let other: Awaited<ReturnType<TestApp['make']['store']>>;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;

/** Files the store holds (data and sidecars), temporary ones included. */
const storedFiles = () =>
  readdirSync(t.platform.config.filesDir, { recursive: true })
    .map(String)
    .filter((f) => /[0-9a-f-]{36}/.test(f));

/**
 * A 3000x1000 JPEG whose pixels are stored sideways (left half red, right half blue) with EXIF
 * orientation 6 ("rotate 90° clockwise to show"), a camera make and GPS-looking comment data.
 */
async function sidewaysJpeg() {
  const half = { width: 1500, height: 1000, channels: 3 as const };
  return sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { ...half, background: '#ff0000' } }, left: 0, top: 0 }])
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'SecretCam', Model: 'Serial 12345' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const upload = (url: string, file: Parameters<typeof multipart>[1], h = headers, fields: Record<string, string> = {}) => {
  const form = multipart(fields, file);
  return t.app.inject({ method: 'POST', url, headers: { ...h, ...form.headers }, payload: form.payload });
};

beforeAll(async () => {
  t = await createTestApp({ maxImageUploadBytes: 2 * 1024 * 1024 });
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  headers = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
  otherHeaders = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
});
afterAll(() => t?.close());

describe('vehicle picture', () => {
  it('stores an upright, re-encoded JPEG without metadata and answers the vehicle with a signed URL', async () => {
    const vehicle = await t.make.vehicle(store);
    const original = await sidewaysJpeg();
    const sent = await sharp(original).metadata();
    expect({ orientation: sent.orientation, exif: Boolean(sent.exif), icc: Boolean(sent.icc) }).toEqual({ orientation: 6, exif: true, icc: true });
    expect(original.includes('SecretCam')).toBe(true);
    const res = await upload(`/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`, {
      field: 'file',
      filename: 'IMG_0001.JPG',
      contentType: 'image/jpeg',
      data: original,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ _id: vehicle.id, picture: { name: 'IMG_0001.jpg' } });
    expect(body.picture.url).toMatch(/^\/v2\/files\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);

    const file = await t.app.inject({ method: 'GET', url: body.picture.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(file.rawPayload).metadata();
    // Turned upright (1000 wide, 3000 tall), then shrunk to fit 2048 px.
    expect({ width: stored.width, height: stored.height, format: stored.format }).toEqual({
      width: 683,
      height: 2048,
      format: 'jpeg',
    });
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(file.rawPayload.includes('SecretCam')).toBe(false);
    // Upright: the red half (stored on the left) is now on top.
    const { data } = await sharp(file.rawPayload).extract({ left: 300, top: 100, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);

    // Lists and the household carry the same link.
    const household = await t.app.inject({ method: 'GET', url: `/v2/api/store/${store.id}/household/${vehicle.householdId}`, headers });
    expect(household.json().vehicles[0].picture).toEqual({ url: expect.stringContaining('/v2/files/'), name: 'IMG_0001.jpg' });
  });

  it('accepts a PNG (stored as JPEG, transparency on white) and deletes the picture it replaces', async () => {
    const vehicle = await t.make.vehicle(store);
    const url = `/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`;
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const first = (await upload(url, { field: 'picture', filename: 'logo.png', contentType: 'image/png', data: png })).json();
    const firstKey = new URL(first.picture.url, 'http://x').pathname.split('/').pop()!;
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const second = await upload(url, { field: 'picture', filename: 'car.jpeg', contentType: 'image/jpeg', data: jpeg }, headers, {
      fileName: 'front view.jpeg',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().picture.name).toBe('front view.jpg');
    expect(await t.platform.files.head(firstKey)).toBeNull();
    const kept = await t.app.inject({ method: 'GET', url: first.picture.url });
    expect(kept.statusCode).toBe(404);
    const white = await sharp((await t.app.inject({ method: 'GET', url: second.json().picture.url })).rawPayload).stats();
    expect(white.channels[1]!.mean).toBeGreaterThan(200);
  });

  it('refuses a text file named .jpg with 415, storing nothing', async () => {
    const vehicle = await t.make.vehicle(store);
    const before = storedFiles();
    const res = await upload(`/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`, {
      field: 'file',
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('<html><script>alert(1)</script></html>'.repeat(100)),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'file: only PNG or JPEG files are accepted',
    });
    expect(storedFiles()).toEqual(before);
    const after = await t.app.inject({ method: 'GET', url: `/v2/api/store/${store.id}/vehicle/${vehicle.id}`, headers });
    expect(after.json().picture).toBeNull();
  });

  it('refuses a picture name holding characters no file name can, naming them, storing nothing', async () => {
    const vehicle = await t.make.vehicle(store);
    const before = storedFiles();
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const res = await upload(`/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`, { field: 'file', filename: 'car.jpg', contentType: 'image/jpeg', data: jpeg }, headers, {
      fileName: 'front: left?.jpg',
    });
    expect(res.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'fileName: these characters cannot be used: :, ?' });
    expect(storedFiles()).toEqual(before);
    const after = await t.app.inject({ method: 'GET', url: `/v2/api/store/${store.id}/vehicle/${vehicle.id}`, headers });
    expect(after.json().picture).toBeNull();
  });

  it('refuses a damaged picture (right first bytes, garbage after) with 400, storing nothing', async () => {
    const vehicle = await t.make.vehicle(store);
    const before = storedFiles();
    const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    const res = await upload(`/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`, {
      field: 'file',
      filename: 'broken.jpg',
      contentType: 'image/jpeg',
      data,
    });
    expect(res.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'file: the picture could not be read' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a picture over the configured size with 413, storing nothing', async () => {
    const vehicle = await t.make.vehicle(store);
    const before = storedFiles();
    const big = Buffer.concat([await sidewaysJpeg(), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await upload(`/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`, {
      field: 'file',
      filename: 'big.jpg',
      contentType: 'image/jpeg',
      data: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a request without a file, two files, or not multipart', async () => {
    const vehicle = await t.make.vehicle(store);
    const url = `/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`;
    const fieldsOnly = multipart({ fileName: 'x.jpg' });
    const none = await t.app.inject({ method: 'POST', url, headers: { ...headers, ...fieldsOnly.headers }, payload: fieldsOnly.payload });
    expect(none.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'file is mandatory' });
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const file = { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg };
    const before = storedFiles();
    const two = multipart({}, file, file);
    const twice = await t.app.inject({ method: 'POST', url, headers: { ...headers, ...two.headers }, payload: two.payload });
    expect(twice.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'body: one file per upload' });
    expect(storedFiles()).toEqual(before);
    const json = await t.app.inject({ method: 'POST', url, headers, payload: { picture: 'data:image/jpeg;base64,AAAA' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("answers 404 for another store's vehicle, without reading the upload", async () => {
    const vehicle = await t.make.vehicle(store);
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const before = storedFiles();
    const file = { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg };
    expect((await upload(`/v2/api/store/${other.id}/vehicle/${vehicle.id}/picture`, file, otherHeaders)).statusCode).toBe(404);
    expect((await upload(`/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`, file, otherHeaders)).statusCode).toBe(404);
    expect((await upload(`/v2/api/store/${store.id}/vehicle/${vehicle.id}/picture`, file, {})).statusCode).toBe(401);
    expect(storedFiles()).toEqual(before);
  });
});

describe('fleet picture', () => {
  it("sets the customer's fleet logo, for the store's staff and for the customer's own portal user", async () => {
    const customer = await t.make.customer(store, { business: 'Fleet Co' });
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#123456' } }).png().toBuffer();
    const file = { field: 'file', filename: 'fleet-logo.png', contentType: 'image/png', data: png };
    const byStaff = await upload(`/v2/api/customer/${customer.id}/fleetPicture`, file);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toMatchObject({ _id: customer.id, fleetPicture: { name: 'fleet-logo.jpg' } });

    const portal = await bearer(t.platform.tokens, await t.make.user('customer', store, { customerId: customer.id }));
    const byOwner = await upload(`/v2/api/customer/${customer.id}/fleetPicture`, file, portal);
    expect(byOwner.statusCode).toBe(200);
    expect(await t.platform.files.head(new URL(byStaff.json().fleetPicture.url, 'http://x').pathname.split('/').pop()!)).toBeNull();

    const got = await t.app.inject({ method: 'GET', url: `/v2/api/store/${store.id}/customer/${customer.id}`, headers });
    expect(got.json().fleetPicture).toEqual({ url: expect.stringContaining('/v2/files/'), name: 'fleet-logo.jpg' });

    const stranger = await t.make.customer(store);
    const before = storedFiles();
    expect((await upload(`/v2/api/customer/${stranger.id}/fleetPicture`, file, portal)).statusCode).toBe(404);
    expect((await upload(`/v2/api/customer/${customer.id}/fleetPicture`, file, otherHeaders)).statusCode).toBe(404);
    expect(storedFiles()).toEqual(before);
  });
});

describe('vehicle picture from the portal', () => {
  it("sets the picture of a vehicle of the portal user's household, and nobody else's", async () => {
    const customer = await t.make.customer(store);
    const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
    const portal = await bearer(t.platform.tokens, await t.make.user('consumer', store, { customerId: customer.id }));
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    const file = { field: 'file', filename: 'profile.jpg', contentType: 'image/jpeg', data: jpeg };
    const res = await upload(`/v2/api/vehicle/${vehicle.id}/picture`, file, portal);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: vehicle.id, picture: { url: expect.stringContaining('/v2/files/'), name: 'profile.jpg' } });

    const neighbour = await t.make.customer(store);
    const theirs = await t.make.vehicle(store, { householdId: neighbour.householdId });
    const before = storedFiles();
    expect((await upload(`/v2/api/vehicle/${theirs.id}/picture`, file, portal)).statusCode).toBe(404);
    expect((await upload(`/v2/api/vehicle/${vehicle.id}/picture`, file, otherHeaders)).statusCode).toBe(404);
    expect((await upload(`/v2/api/vehicle/${vehicle.id}/picture`, file, headers)).statusCode).toBe(403);
    const text = { field: 'file', filename: 'profile.jpg', contentType: 'image/jpeg', data: Buffer.from('not a picture at all') };
    expect((await upload(`/v2/api/vehicle/${vehicle.id}/picture`, text, portal)).statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);
  });
});
