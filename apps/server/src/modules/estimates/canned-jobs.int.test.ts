import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CANNED_JOBS, type CannedJob } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { createCannedJobsRepository } from './canned-jobs.repository.js';

/** Canned jobs (docs/estimates.md "Canned jobs"): kept by managers, read by estimate writers. */

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
let store: Store;
let other: Store;
let manager: Record<string, string>;
let advisor: Record<string, string>;
let tech: Record<string, string>;
let otherManager: Record<string, string>;

const jobs = (s: { id: string } = store, rest = '') => `/v2/api/store/${s.id}/cannedJob${rest}`;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, h: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });

const PADS = {
  name: 'Front brake pads',
  labourHours: 1.2,
  parts: [{ number: 'BP-100', description: 'Ceramic pads, front', quantity: 1, unitPrice: 89_99 }],
  fees: [{ description: 'Shop supplies', amount: 5_00 }],
};

async function created(body: object, s: Store = store, h = manager): Promise<CannedJob> {
  const res = await send('POST', jobs(s), h, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  manager = await bearer(t.platform.tokens, await t.make.user('StoreManager', store));
  advisor = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
  tech = await bearer(t.platform.tokens, await t.make.user('Technician', store));
  otherManager = await bearer(t.platform.tokens, await t.make.user('StoreManager', other));
});
afterAll(() => t?.close());

describe('canned jobs', () => {
  it('are added, listed by name, changed and removed by a manager, and read by an advisor', async () => {
    const pads = await created(PADS);
    expect(pads).toMatchObject({ ...PADS, _id: expect.any(String), updatedAt: expect.any(String) });
    await created({ name: '  cabin   air filter ', parts: [{ number: null, description: 'Cabin filter', quantity: 1, unitPrice: 24_50 }] });

    const listed = await send('GET', jobs(), advisor);
    expect(listed.statusCode).toBe(200);
    // By name whatever the case; spaces squeezed; hours, parts and fees default to none.
    expect(listed.json().map((j: CannedJob) => j.name)).toEqual(['cabin air filter', 'Front brake pads']);
    expect(listed.json()[0]).toMatchObject({ labourHours: 0, fees: [] });

    const changed = await send('PUT', jobs(store, `/${pads._id}`), manager, { ...PADS, name: 'FRONT brake pads', labourHours: 1.5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ _id: pads._id, name: 'FRONT brake pads', labourHours: 1.5 });

    const removed = await send('DELETE', jobs(store, `/${pads._id}`), manager);
    expect(removed.statusCode).toBe(204);
    expect((await send('GET', jobs(), advisor)).json().map((j: CannedJob) => j.name)).toEqual(['cabin air filter']);
    expect((await send('DELETE', jobs(store, `/${pads._id}`), manager)).statusCode).toBe(404);
  });

  it('refuses a name the store already has, whatever its case or spacing (409 CONFLICT naming it)', async () => {
    const oil = await created({ name: 'Oil change', labourHours: 0.5 });
    const again = await send('POST', jobs(), manager, { name: ' OIL  CHANGE ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('name') });
    const wipers = await created({ name: 'Wiper blades' });
    const renamed = await send('PUT', jobs(store, `/${wipers._id}`), manager, { name: 'oil change' });
    expect(renamed.statusCode).toBe(409);
    // Another store may use the name; a job keeps its own name in another case.
    await created({ name: 'Oil change' }, other, otherManager);
    expect((await send('PUT', jobs(store, `/${oil._id}`), manager, { name: 'OIL CHANGE' })).statusCode).toBe(200);
    // Two managers adding the same name at once: one job.
    const both = await Promise.all([1, 2].map(() => send('POST', jobs(), manager, { name: 'Tire rotation' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 400 INVALID_ARGUMENTS naming the field', async () => {
    const bad: Array<[object, string]> = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Pads', labourHours: 1000 }, 'labourHours'],
      [{ name: 'Pads', labourHours: 1.234 }, 'labourHours'],
      [{ name: 'Pads', parts: [{ number: null, description: 'Pads', quantity: 1, unitPrice: -1 }] }, 'parts.0.unitPrice'],
      [{ name: 'Pads', parts: [{ number: null, description: '', quantity: 1, unitPrice: 1 }] }, 'parts.0.description'],
      [{ name: 'Pads', parts: [{ number: null, description: 'Pads', quantity: 0, unitPrice: 1 }] }, 'parts.0.quantity'],
      [{ name: 'Pads', fees: [{ description: 'Disposal', amount: 1.5 }] }, 'fees.0.amount'],
      [{ name: 'Pads', fees: Array.from({ length: 21 }, () => ({ description: 'Fee', amount: 1 })) }, 'fees'],
      [{ name: 'Pads', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of bad) {
      const res = await send('POST', jobs(), manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_ARGUMENTS', message: expect.stringContaining(field) });
    }
    expect((await send('PUT', jobs(store, '/not-an-id'), manager, { name: 'Pads' })).json().message).toContain('cannedJobId');
  });

  it(`keeps at most ${MAX_CANNED_JOBS} jobs a store`, async () => {
    const full = await t.make.store({ name: 'Full' });
    const fullManager = await bearer(t.platform.tokens, await t.make.user('StoreManager', full));
    const repo = createCannedJobsRepository(t.platform.database.db);
    for (let i = 0; i < MAX_CANNED_JOBS; i++) {
      await repo.insert(full.id, { name: `Job ${i}`, nameKey: `job ${i}`, labourHours: 1, parts: [], fees: [] });
    }
    const refused = await send('POST', jobs(full), fullManager, { name: 'One too many' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_ARGUMENTS', message: expect.stringContaining(`${MAX_CANNED_JOBS}`) });
    expect((await send('GET', jobs(full), fullManager)).json()).toHaveLength(MAX_CANNED_JOBS);
  });

  it("lets only managers write; technicians do not read; another store's job is not found", async () => {
    const job = await created({ name: 'Battery replacement' });
    expect((await send('POST', jobs(), advisor, { name: 'Coolant flush' })).statusCode).toBe(403);
    expect((await send('PUT', jobs(store, `/${job._id}`), advisor, { name: 'Battery' })).statusCode).toBe(403);
    expect((await send('DELETE', jobs(store, `/${job._id}`), advisor)).statusCode).toBe(403);
    expect((await send('GET', jobs(), tech)).statusCode).toBe(403);
    expect((await send('GET', jobs(), otherManager)).statusCode).toBe(404);
    // Through its own store's path, another store's job is not there.
    expect((await send('PUT', jobs(other, `/${job._id}`), otherManager, { name: 'Mine' })).statusCode).toBe(404);
    expect((await send('DELETE', jobs(other, `/${job._id}`), otherManager)).statusCode).toBe(404);
    expect((await send('GET', jobs(), advisor)).json().map((j: CannedJob) => j.name)).toContain('Battery replacement');
  });
});
