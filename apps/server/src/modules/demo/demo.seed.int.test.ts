import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo.seed.js';

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
    expect(users.map((u) => u.username).sort()).toEqual(DEMO_USERS.map((u) => u.username).sort());
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
    expect(await verifyPassword(advisor!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });
});
