import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMandatoryComplete, ZNotificationList, type Course } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo.seed.js';
import { DEMO_PORTAL_USERS } from './demo.portal.js';
import { DEMO_VEHICLES } from './demo.customers.js';
import { DEMO_CANNED_JOBS } from './demo.canned-jobs.js';
import { createVehicleDataService } from '../vehicle-data/vehicle-data.service.js';
import { bearer } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('demo data', () => {
  it('seeds an empty database once, and never again', async () => {
    expect(await seedDemoData(t.platform.database.db)).toBe(true);
    expect(await seedDemoData(t.platform.database.db)).toBe(false);
    const users = await t.platform.database.db.query.users.findMany();
    expect(users.map((u) => u.username).sort()).toEqual([...DEMO_USERS, ...DEMO_PORTAL_USERS].map((u) => u.username).sort());
  });

  it('gives the advisor two notifications, the newest unread', async () => {
    const advisor = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
    const res = await t.app.inject({ method: 'GET', url: `/v2/api/user/${advisor!.id}/notifications`, headers: await bearer(t.platform.tokens, advisor!) });
    const list = ZNotificationList.parse(res.json());
    expect(list.notifications.map((n) => [n.kind, n.read])).toEqual([
      ['inboundText', false],
      ['reportApproved', true],
    ]);
    expect(list.unread).toBe(1);
  });

  it('places each user in its tenant with the demo password', async () => {
    const db = t.platform.database.db;
    const stores = await db.query.stores.findMany();
    const byName = Object.fromEntries(stores.map((s) => [s.name, s]));
    const advisor = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
    const north = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'north-advisor') });
    const owner = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'owner') });
    expect(advisor?.storeId).toBe(byName.Downtown!.id);
    expect(north?.storeId).toBe(byName.Northside!.id);
    expect(north?.accountId).not.toBe(advisor?.accountId);
    expect(owner?.storeId).toBeNull();
    expect(owner?.accountId).toBe(byName.Downtown!.accountId);
    // newowner has no account yet: the setup wizard is its home.
    const newowner = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'newowner') });
    expect(newowner).toMatchObject({ type: 'owner', accountId: null, storeId: null, mandatoryTrainingComplete: true });
    expect(await verifyPassword(advisor!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives Downtown about forty customers and sixty vehicles, with jane@ and fleet@', async () => {
    const db = t.platform.database.db;
    const downtown = (await db.query.stores.findMany()).find((s) => s.name === 'Downtown')!;
    const customers = await db.query.customers.findMany({ where: (c, { eq }) => eq(c.storeId, downtown.id) });
    const vehicles = await db.query.vehicles.findMany({ where: (v, { eq }) => eq(v.storeId, downtown.id) });
    expect(customers).toHaveLength(40);
    expect(vehicles).toHaveLength(60);
    const advisor = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
    const headers = await bearer(t.platform.tokens, advisor!);
    const household = async (email: string) => {
      const c = customers.find((x) => x.email === email)!;
      const res = await t.app.inject({ method: 'GET', url: `/v2/api/store/${downtown.id}/customer/${c.id}/household`, headers });
      return res.json();
    };
    expect((await household('jane@example.com')).vehicles).toHaveLength(2);
    const fleet = await household('fleet@example.com');
    expect(fleet.customers[0].business).toBe('Fleet Express Deliveries');
    expect(fleet.vehicles.map((v: { fleetNumber: string }) => v.fleetNumber).sort()).toEqual(['101', '102', '103', '104', '105', '106']);
    const byPhone = await t.app.inject({ method: 'GET', url: `/v2/search/store/${downtown.id}/household?search=555-0103`, headers });
    // Marc came first in his household: the main customer stays first.
    expect(byPhone.json()._embedded.household[0].customers.map((c: { firstName: string }) => c.firstName)).toEqual(['Marc', 'Sophie']);
  });

  it('gives every demo store a dozen common canned jobs, which its advisor reads by name', async () => {
    const db = t.platform.database.db;
    const stores = await db.query.stores.findMany();
    expect(DEMO_CANNED_JOBS.length).toBeGreaterThanOrEqual(12);
    for (const store of stores) {
      const jobs = await db.query.cannedJobs.findMany({ where: (j, { eq }) => eq(j.storeId, store.id) });
      expect(jobs.map((j) => j.name).sort(), store.name).toEqual(DEMO_CANNED_JOBS.map((j) => j.name).sort());
    }
    const downtown = stores.find((s) => s.name === 'Downtown')!;
    const advisor = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
    const res = await t.app.inject({ method: 'GET', url: `/v2/api/store/${downtown.id}/cannedJob`, headers: await bearer(t.platform.tokens, advisor!) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((j: { name: string }) => j.name)).toEqual(['Battery replacement', 'Brake fluid flush', 'Cabin air filter', 'Coolant flush', 'Engine air filter', 'Front brake pads', 'Front rotors', 'Oil change', 'Rear brake pads', 'Serpentine belt', 'Tire rotation', 'Wheel alignment', 'Wiper blades']);
    expect(res.json().find((j: { name: string }) => j.name === 'Oil change')).toMatchObject({ labourHours: 0.5, fees: [{ description: 'Used oil disposal', amount: 3_00 }] });
  });

  it('holds VINs the offline decoder reads as stored', async () => {
    const vpic = createVehicleDataService(t.platform.config.vpicDbPath);
    for (const [vin, year, make, model, engine, trim] of DEMO_VEHICLES) {
      expect(await vpic.decodeVin(vin)).toMatchObject({ vin, year, make, model, engine, trim, checkDigitValid: true });
    }
    // The first decode may expand the 75 MB vPIC database: seconds alone, far more on a busy machine.
  }, 120_000);
});

describe('demo portal users and courses', () => {
  it('lets jane@ and fleet@ sign in as consumers of their customers', async () => {
    const db = t.platform.database.db;
    for (const email of ['jane@example.com', 'fleet@example.com']) {
      const res = await t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username: email, password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(200);
      const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, email) });
      const customer = await db.query.customers.findFirst({ where: (c, { eq }) => eq(c.id, user!.customerId!) });
      expect(user).toMatchObject({ type: 'consumer', storeId: customer!.storeId });
      expect(customer!.email).toBe(email);
    }
  });

  it('seeds the courses with one mandatory, which newhire and trainee have not completed', async () => {
    const db = t.platform.database.db;
    const newhire = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'newhire') });
    const res = await t.app.inject({ method: 'GET', url: `/v2/api/user/${newhire!.id}/course`, headers: await bearer(t.platform.tokens, newhire!) });
    const { _embedded, mandatoryTrainingComplete } = res.json();
    expect(mandatoryTrainingComplete).toBe(false);
    expect(_embedded.course.length).toBeGreaterThanOrEqual(2);
    expect(_embedded.course.filter((c: { mandatory: boolean }) => c.mandatory)).toHaveLength(1);
    for (const c of _embedded.course) expect(c.sections.length).toBeGreaterThan(0);
  });

  it("counts a trained worker's mandatory courses as completed, as its flag says", async () => {
    const db = t.platform.database.db;
    for (const demo of DEMO_USERS) {
      const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, demo.username) }))!;
      const res = await t.app.inject({ method: 'GET', url: `/v2/api/user/${user.id}/course`, headers: await bearer(t.platform.tokens, user) });
      if (res.statusCode !== 200) continue; // training is for store workers and the users above them
      const { _embedded, mandatoryTrainingComplete } = res.json();
      expect(allMandatoryComplete(_embedded.course), demo.username).toBe(mandatoryTrainingComplete);
    }
    const tech = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'tech') }))!;
    const res = await t.app.inject({ method: 'GET', url: `/v2/api/user/${tech.id}/course`, headers: await bearer(t.platform.tokens, tech) });
    expect(res.json()).toMatchObject({ mandatoryTrainingComplete: true });
    const mandatory = (res.json()._embedded.course as Course[]).filter((c) => c.mandatory);
    expect(mandatory.map((c) => c.completed)).toEqual([true]);
  });
});
