import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { vinScans } from './vin-scanner.schema.js';

const VIN = '1HGCM82633A004352';
const OTHER_VIN = '2T1BURHE0JC123456';

let t: TestApp;
let me: { id: string };
let colleague: { id: string };
let headers: Record<string, string>;
let colleagueHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example.com' });
  const store = await t.make.store({ name: 'Downtown' });
  me = await t.make.user('ServiceAdvisor', store);
  colleague = await t.make.user('Technician', store);
  headers = await bearer(t.platform.tokens, me as never);
  colleagueHeaders = await bearer(t.platform.tokens, colleague as never);
});
afterAll(() => t?.close());

const launch = (body: object, h = headers) => t.app.inject({ method: 'POST', url: '/v1/api/vinscanner/session', headers: h, payload: body });
const startScan = async (from: 'vehicleDetails' | 'dashboard' = 'vehicleDetails', user = me, h = headers) => {
  const res = await launch({ userId: user.id, from, language: 'en' }, h);
  expect(res.statusCode).toBe(201);
  return res.json() as { scannerUrl: string; callbackUrl: string; returnUrl: string; expiresAt: string };
};
/** The scanner's side: it holds the callback URL, nothing else. */
const callBack = (callbackUrl: string, body: object) =>
  t.app.inject({ method: 'POST', url: new URL(callbackUrl).pathname, payload: body });
const scanned = (query: Record<string, string>, h: Record<string, string> = headers) =>
  t.app.inject({ method: 'GET', url: `/v1/api/vinscanner/scanned/?${new URLSearchParams(query)}`, headers: h });
const tokenOf = (callbackUrl: string) => new URL(callbackUrl).pathname.split('/').pop()!;

describe('launching the scanner: POST /v1/api/vinscanner/session', () => {
  it('hands out a single-use callback URL, the return URL and the scanner URL (local scanner by default)', async () => {
    const res = await launch({ userId: me.id, from: 'vehicleDetails', language: 'fr' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.callbackUrl).toMatch(/^https:\/\/shop\.example\.com\/v1\/api\/vinscanner\/callback\/[A-Za-z0-9_-]{43}$/);
    expect(body.returnUrl).toBe(`https://shop.example.com/app/as1-ui/vinScan?language=fr&userId=${me.id}&from=vehicleDetails`);
    const scanner = new URL(body.scannerUrl, 'https://shop.example.com');
    expect(scanner.pathname).toBe('/app/vin-scanner');
    expect(Object.fromEntries(scanner.searchParams)).toEqual({ callbackUrl: body.callbackUrl, returnUrl: body.returnUrl, language: 'fr' });
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('keeps only a hash of the token', async () => {
    const { callbackUrl } = await startScan();
    const token = tokenOf(callbackUrl);
    const rows = await t.platform.database.db.select().from(vinScans).where(eq(vinScans.userId, me.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('needs user id, origin and language', async () => {
    expect((await launch({ from: 'dashboard', language: 'en' })).json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'userId is mandatory' });
    expect((await launch({ userId: me.id, language: 'en' })).json()).toMatchObject({ status: 400, message: 'from is mandatory' });
    expect((await launch({ userId: me.id, from: 'dashboard' })).json()).toMatchObject({ status: 400, message: 'language is mandatory' });
    expect((await launch({ userId: me.id, from: 'dashboard', language: 'de' })).json()).toMatchObject({
      status: 400,
      message: 'language: languageId must be en or fr',
    });
    expect((await launch({ userId: me.id, from: 'garage', language: 'en' })).json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    expect((await launch({ userId: me.id, from: 'dashboard', language: 'en', admin: true })).statusCode).toBe(400);
  });

  it("is for oneself only: another user's id answers 404", async () => {
    const res = await launch({ userId: colleague.id, from: 'dashboard', language: 'en' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses anonymous callers and portal users', async () => {
    expect((await launch({ userId: me.id, from: 'dashboard', language: 'en' }, {})).statusCode).toBe(401);
    const store = await t.make.store();
    const consumer = await t.make.user('consumer', store);
    const res = await launch({ userId: consumer.id, from: 'dashboard', language: 'en' }, await bearer(t.platform.tokens, consumer));
    expect(res.statusCode).toBe(403);
  });
});

describe('the scanner hands over the VIN, the return page reads it', () => {
  it('callback, then GET scanned gives the VIN once', async () => {
    const { callbackUrl, returnUrl } = await startScan('vehicleDetails');
    expect((await scanned({ userId: me.id, from: 'vehicleDetails' })).statusCode).toBe(404);

    const res = await callBack(callbackUrl, { vin: ` ${VIN.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ returnUrl });

    const first = await scanned({ userId: me.id, from: 'vehicleDetails' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ vin: VIN });
    const second = await scanned({ userId: me.id, from: 'vehicleDetails' });
    expect(second.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'No VIN scanned yet' });
  });

  it('accepts the VIN under its other names (VIN, vinNumber)', async () => {
    const { callbackUrl } = await startScan('dashboard');
    expect((await callBack(callbackUrl, { VIN: OTHER_VIN })).statusCode).toBe(200);
    expect((await scanned({ userId: me.id, from: 'dashboard' })).json()).toEqual({ vin: OTHER_VIN });
  });

  it('spends the token: a second callback is 404 and does not replace the VIN', async () => {
    const { callbackUrl } = await startScan();
    expect((await callBack(callbackUrl, { vin: VIN })).statusCode).toBe(200);
    const again = await callBack(callbackUrl, { vin: OTHER_VIN });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_FOUND');
    expect((await scanned({ userId: me.id, from: 'vehicleDetails' })).json()).toEqual({ vin: VIN });
  });

  it('refuses a VIN that is not plausible with CANNOT_SCAN_INVALID_VIN, and the token stays usable', async () => {
    const { callbackUrl } = await startScan();
    for (const vin of [VIN.slice(1), `${VIN}9`, '1HGCM-2633A004352', '1HGCM 2633A004352', '12345678901234567', '']) {
      const res = await callBack(callbackUrl, { vin });
      expect(res.statusCode, vin).toBe(400);
      expect(res.json().code, vin).toBe('CANNOT_SCAN_INVALID_VIN');
    }
    // Characters no VIN holds are named.
    expect((await callBack(callbackUrl, { vin: '1HGCM#82633A(04352' })).json()).toEqual({
      status: 400,
      code: 'CANNOT_SCAN_INVALID_VIN',
      message: 'vin: these characters cannot be used: #, (',
    });
    expect((await callBack(callbackUrl, {})).json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS', message: 'vin is mandatory' });
    expect((await callBack(callbackUrl, { vin: VIN, extra: 1 })).statusCode).toBe(400);
    expect((await scanned({ userId: me.id, from: 'vehicleDetails' })).statusCode).toBe(404);
    expect((await callBack(callbackUrl, { vin: VIN })).statusCode).toBe(200);
    expect((await scanned({ userId: me.id, from: 'vehicleDetails' })).json()).toEqual({ vin: VIN });
  });

  it('two callbacks racing with one token: exactly one wins', async () => {
    const { callbackUrl } = await startScan('dashboard');
    const answers = await Promise.all([callBack(callbackUrl, { vin: VIN }), callBack(callbackUrl, { vin: OTHER_VIN })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const winner = answers[0]!.statusCode === 200 ? VIN : OTHER_VIN;
    expect((await scanned({ userId: me.id, from: 'dashboard' })).json()).toEqual({ vin: winner });
  });

  it('forgets scans that expired over an hour ago when a new one is launched', async () => {
    const { callbackUrl } = await startScan();
    const db = t.platform.database.db;
    const [old] = await db.select().from(vinScans).where(eq(vinScans.userId, me.id)).orderBy(vinScans.createdAt).limit(1);
    await db.update(vinScans).set({ expiresAt: new Date(Date.now() - 2 * 60 * 60_000) }).where(eq(vinScans.id, old!.id));
    await startScan();
    expect(await db.select().from(vinScans).where(eq(vinScans.id, old!.id))).toEqual([]);
    expect(callbackUrl).toBeTruthy();
  });

  it('answers 404 for an unknown token and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `/v1/api/vinscanner/callback/${'x'.repeat(43)}`, payload: { vin: VIN } });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/v1/api/vinscanner/callback/short', payload: { vin: VIN } });
    expect(malformed.statusCode).toBe(400);
  });

  it('a launched scan expires: a late callback is 404', async () => {
    const { callbackUrl } = await startScan();
    await t.platform.database.db.update(vinScans).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(vinScans.userId, me.id));
    expect((await callBack(callbackUrl, { vin: VIN })).statusCode).toBe(404);
  });

  it('a scanned VIN expires if nobody reads it', async () => {
    const { callbackUrl } = await startScan('dashboard');
    expect((await callBack(callbackUrl, { vin: VIN })).statusCode).toBe(200);
    const token = tokenOf(callbackUrl);
    const rows = await t.platform.database.db.select().from(vinScans).where(eq(vinScans.userId, me.id));
    const row = rows.find((r) => r.vin === VIN && r.consumedAt === null)!;
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(token).not.toBe(row.tokenHash);
    await t.platform.database.db.update(vinScans).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(vinScans.id, row.id));
    expect((await scanned({ userId: me.id, from: 'dashboard' })).statusCode).toBe(404);
  });

  it('gives the newest VIN of an origin and forgets the older ones; origins are kept apart', async () => {
    const a = await startScan('dashboard');
    const b = await startScan('dashboard');
    const c = await startScan('vehicleDetails');
    await callBack(a.callbackUrl, { vin: OTHER_VIN });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await callBack(b.callbackUrl, { vin: VIN });
    await callBack(c.callbackUrl, { vin: OTHER_VIN });
    expect((await scanned({ userId: me.id, from: 'dashboard' })).json()).toEqual({ vin: VIN });
    expect((await scanned({ userId: me.id, from: 'dashboard' })).statusCode).toBe(404);
    expect((await scanned({ userId: me.id, from: 'vehicleDetails' })).json()).toEqual({ vin: OTHER_VIN });
  });

  it("never gives another user's scans: asking for them is 404, and one's own list is apart", async () => {
    const mine = await startScan('vehicleDetails');
    await callBack(mine.callbackUrl, { vin: VIN });
    expect((await scanned({ userId: me.id, from: 'vehicleDetails' }, colleagueHeaders)).statusCode).toBe(404);
    expect((await scanned({ userId: colleague.id, from: 'vehicleDetails' }, colleagueHeaders)).statusCode).toBe(404);
    // Still there for its owner.
    expect((await scanned({ userId: me.id, from: 'vehicleDetails' })).json()).toEqual({ vin: VIN });
  });

  it('GET scanned needs a session, userId and from', async () => {
    expect((await scanned({ userId: me.id, from: 'dashboard' }, {})).statusCode).toBe(401);
    expect((await scanned({ from: 'dashboard' })).json()).toMatchObject({ status: 400, message: 'userId is mandatory' });
    expect((await scanned({ userId: me.id })).json()).toMatchObject({ status: 400, message: 'from is mandatory' });
    expect((await scanned({ userId: 'nope', from: 'dashboard' })).statusCode).toBe(400);
  });

  it('caps the scans waiting at once per user', async () => {
    const store = await t.make.store();
    const busy = await t.make.user('Technician', store);
    const h = await bearer(t.platform.tokens, busy);
    for (let i = 0; i < 20; i++) expect((await launch({ userId: busy.id, from: 'dashboard', language: 'en' }, h)).statusCode).toBe(201);
    const refused = await launch({ userId: busy.id, from: 'dashboard', language: 'en' }, h);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('rate-limits callbacks per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/api/vinscanner/callback/${'y'.repeat(43)}`, payload: { vin: VIN } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
  });
});

describe('an external scanner (VIN_SCANNER_URL)', () => {
  it('is opened with the callback URL, the return URL and the language in its query', async () => {
    process.env.VIN_SCANNER_URL = 'https://scanner.vendor.example/scan?shop=42';
    const external = await createTestApp({ publicUrl: 'https://shop.example.com/' });
    delete process.env.VIN_SCANNER_URL;
    try {
      const store = await external.make.store();
      const user = await external.make.user('ServiceAdvisor', store);
      const res = await external.app.inject({
        method: 'POST',
        url: '/v1/api/vinscanner/session',
        headers: await bearer(external.platform.tokens, user),
        payload: { userId: user.id, from: 'dashboard', language: 'en' },
      });
      const body = res.json();
      const scanner = new URL(body.scannerUrl);
      expect(scanner.origin + scanner.pathname).toBe('https://scanner.vendor.example/scan');
      expect(Object.fromEntries(scanner.searchParams)).toEqual({
        shop: '42',
        callbackUrl: body.callbackUrl,
        returnUrl: `https://shop.example.com/app/as1-ui/vinScan?language=en&userId=${user.id}&from=dashboard`,
        language: 'en',
      });
      expect(body.callbackUrl.startsWith('https://shop.example.com/v1/api/vinscanner/callback/')).toBe(true);
    } finally {
      await external.close();
    }
  });
});
