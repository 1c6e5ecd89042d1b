import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { startOfDay } from './accounts.service.js';

let t: TestApp;
let partner: Awaited<ReturnType<TestApp['make']['partner']>>;
let account: Awaited<ReturnType<TestApp['make']['account']>>;
let downtown: Awaited<ReturnType<TestApp['make']['store']>>;
let uptown: Awaited<ReturnType<TestApp['make']['store']>>;
let elsewhere: Awaited<ReturnType<TestApp['make']['store']>>;
const headers: Record<string, Record<string, string>> = {};

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: headers[who] });
const post = (url: string, who: string, payload: object) => t.app.inject({ method: 'POST', url, headers: headers[who], payload });

beforeAll(async () => {
  t = await createTestApp();
  partner = await t.make.partner('Network');
  account = await t.make.account(partner.id, 'Demo Auto Group');
  downtown = await t.make.store({ accountId: account.id, partnerId: partner.id, name: 'Downtown' });
  uptown = await t.make.store({ accountId: account.id, partnerId: partner.id, name: 'Uptown' });
  elsewhere = await t.make.store({ name: 'Elsewhere' });
  await t.make.customer(downtown);
  const vehicle = await t.make.vehicle(downtown);
  const order = { storeId: downtown.id, customerId: (await t.make.customer(downtown, { householdId: vehicle.householdId })).id, vehicleId: vehicle.id };
  const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);
  const midday = new Date();
  midday.setUTCHours(12, 0, 0, 0);
  await t.platform.database.db.insert(inspectionOrders).values([
    { ...order }, // in the shop, open
    { ...order }, // in the shop, open
    { ...order, closed: true }, // closed: not counted
    { ...order, vehicleInShop: false, scheduled: midday }, // today's appointment
    { ...order, vehicleInShop: false, scheduled: hoursFromNow(72) }, // a later appointment
  ]);
  for (const [who, role, store] of [
    ['owner', 'owner', downtown],
    ['admin', 'admin', downtown],
    ['manager', 'StoreManager', downtown],
    ['tech', 'Technician', downtown],
    ['store', 'Store', downtown],
    ['partner', 'partner', downtown],
    ['root', 'root', elsewhere],
    ['strangerOwner', 'owner', elsewhere],
    ['strangerPartner', 'PartnerAdmin', elsewhere],
  ] as const) {
    headers[who] = await bearer(t.platform.tokens, await t.make.user(role, store));
  }
});
afterAll(() => t?.close());

describe('account', () => {
  it("shows the account to its users, its partner's and root; 404 to strangers", async () => {
    for (const who of ['owner', 'manager', 'tech', 'partner', 'root']) {
      const res = await get(`/v2/api/account/${account.id}`, who);
      expect(res.json()).toEqual({ _id: account.id, name: 'Demo Auto Group', partnerId: partner.id, storeCount: 2 });
    }
    for (const who of ['strangerOwner', 'strangerPartner']) expect((await get(`/v2/api/account/${account.id}`, who)).statusCode).toBe(404);
    expect((await get(`/v2/api/account/${crypto.randomUUID()}`, 'root')).statusCode).toBe(404);
  });
});

describe('account stores', () => {
  it('lists the stores by name with their figures', async () => {
    const res = await get(`/v2/api/account/${account.id}/store`, 'owner');
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json();
    expect(first).toMatchObject({ _id: downtown.id, name: 'Downtown', active: true, hasStoreAccount: true });
    expect(first.figures).toMatchObject({ customers: 3, vehicles: 1, openOrders: 2, todaysAppointments: 1 });
    expect(first.figures.workers).toBeGreaterThanOrEqual(2);
    expect(second).toMatchObject({ _id: uptown.id, hasStoreAccount: false, figures: { customers: 0, vehicles: 0, workers: 0, openOrders: 0, todaysAppointments: 0 } });
  });

  it('is for owners, account managers and the admins above; 403 to store workers, 404 to strangers', async () => {
    for (const who of ['admin', 'partner', 'root']) expect((await get(`/v2/api/account/${account.id}/store`, who)).statusCode).toBe(200);
    for (const who of ['manager', 'tech']) expect((await get(`/v2/api/account/${account.id}/store`, who)).statusCode).toBe(403);
    expect((await get(`/v2/api/account/${account.id}/store`, 'strangerOwner')).statusCode).toBe(404);
  });

  it('creates a store with its details, hours and default settings, in the account and its partner', async () => {
    const res = await post(`/v2/api/account/${account.id}/store`, 'owner', {
      name: 'Eastside',
      address: '1 East Road',
      phoneNo: '514-555-0123',
      email: 'east@example.com',
      openTime: [{ day: 'monday', open: '07:30', close: '16:00' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Eastside',
      accountId: account.id,
      partnerId: partner.id,
      workflowVersion: '2',
      vinIsMandatory: false,
      openTime: [{ day: 'monday', open: '07:30', close: '16:00' }],
    });
    // The new store works at once for its account's users.
    const read = await get(`/v1/api/store/${res.json()._id}`, 'owner');
    expect(read.statusCode).toBe(200);
  });

  it('refuses bad stores: no name, bad e-mail or phone, hours closing before opening, a name already used', async () => {
    const url = `/v2/api/account/${account.id}/store`;
    const count = async () => (await t.platform.database.db.select().from(stores).where(eq(stores.accountId, account.id))).length;
    const before = await count();
    expect((await post(url, 'owner', { name: ' ' })).json()).toMatchObject({ status: 400, message: 'name: name is mandatory' });
    expect((await post(url, 'owner', { name: 'X', email: 'x@' })).json()).toMatchObject({ message: 'email: must be a valid e-mail address' });
    expect((await post(url, 'owner', { name: 'X', phoneNo: '12' })).json()).toMatchObject({ message: 'phoneNo: must be a phone number of 10 digits' });
    expect(
      (await post(url, 'owner', { name: 'X', openTime: [{ day: 'friday', open: '18:00', close: '18:00' }] })).json(),
    ).toMatchObject({ message: 'openTime: friday must close after it opens' });
    expect((await post(url, 'owner', { name: 'downtown' })).json()).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect((await post(url, 'manager', { name: 'Y' })).statusCode).toBe(403);
    expect((await post(url, 'strangerOwner', { name: 'Y' })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('startOfDay', () => {
  it("is midnight of the caller's day", () => {
    const now = new Date('2026-11-22T03:30:00Z');
    expect(startOfDay(now, 0).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // Montreal (UTC-5, offset 300): still the 21st there.
    expect(startOfDay(now, 300).toISOString()).toBe('2026-11-21T05:00:00.000Z');
  });
});
