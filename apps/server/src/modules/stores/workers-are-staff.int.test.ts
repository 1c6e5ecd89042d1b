import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { users } from '../../platform/db/schema/users.js';

/**
 * A portal user (a MyCar customer) carries its customer's store, yet it is no worker of that store:
 * no list of workers shows it, no worker route reaches it, and the Store account cannot sign it in.
 */

type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;

const CUSTOMER_PASSWORD = 'Jane1234!';

let t: TestApp;
let store: Store;
let tech: User;
let portalUsers: User[];
let storeHeaders: Record<string, string>;
let techHeaders: Record<string, string>;
let managerHeaders: Record<string, string>;

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username, password } });

/** A portal user of a customer of the store, with a password and an e-mail, as registration makes it. */
async function portalUser(role: Extract<Role, 'consumer' | 'customer'>, email: string): Promise<User> {
  const customer = await t.make.customer(store, { firstName: 'Jane', lastName: 'Doe', email });
  const user = await t.make.user(role, store, { customerId: customer.id });
  const [row] = await t.platform.database.db
    .update(users)
    .set({
      username: email,
      email,
      firstName: 'Jane',
      lastName: 'Doe',
      passwordHash: await hashPassword(CUSTOMER_PASSWORD),
      pinHash: await hashPassword('2468'),
    })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  storeHeaders = await bearer(t.platform.tokens, await t.make.user('Store', store));
  tech = await t.make.user('Technician', store);
  techHeaders = await bearer(t.platform.tokens, tech);
  managerHeaders = await bearer(t.platform.tokens, await t.make.user('StoreManager', store));
  await t.make.user('ServiceAdvisor', store);
  portalUsers = [
    await portalUser('consumer', 'jane@example.test'),
    await portalUser('customer', 'fleet@example.test'),
  ];
});
afterAll(() => t?.close());

const isPortal = (u: { _id: string }) => portalUsers.some((p) => p.id === u._id);

describe('a portal user of the store is no worker', () => {
  it('signs in to its own portal (the fixture is a working portal user)', async () => {
    for (const user of portalUsers)
      expect((await signIn(user.username, CUSTOMER_PASSWORD)).statusCode).toBe(200);
  });

  it("is absent from the Store account's worker selection, and its password or PIN signs nobody in there", async () => {
    const res = await get(`/v1/api/store/${store.id}/worker?fields=firstName,lastName,type`, storeHeaders);
    expect(res.statusCode).toBe(200);
    const workers = res.json() as Array<{ _id: string; type: string }>;
    expect(workers.map((w) => w.type).sort()).toEqual([
      'ServiceAdvisor',
      'Store',
      'StoreManager',
      'Technician',
    ]);
    expect(workers.some(isPortal)).toBe(false);

    for (const user of portalUsers) {
      for (const secret of [{ password: CUSTOMER_PASSWORD }, { pin: '2468' }]) {
        const login = await t.app.inject({
          method: 'POST',
          url: `/v2/api/store/${store.id}/worker/${user.id}/login`,
          headers: storeHeaders,
          payload: secret,
        });
        expect(login.statusCode).toBe(404);
        expect(login.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        expect(login.json().token).toBeUndefined();
      }
    }
  });

  it("gives a technician no customer's e-mail: not in the worker list, not as one worker", async () => {
    const res = await get(`/v1/api/store/${store.id}/worker?forceOwners=true`, techHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json().some(isPortal)).toBe(false);
    expect(res.body).not.toContain('@example.test');
    for (const user of portalUsers) {
      expect((await get(`/v1/api/store/${store.id}/worker/${user.id}`, techHeaders)).statusCode).toBe(404);
      // Nor as a user of a store the technician works in.
      expect((await get(`/v2/api/user/${user.id}`, techHeaders)).statusCode).toBe(404);
      expect((await get(`/v2/api/user/${encodeURIComponent(user.username)}`, techHeaders)).statusCode).toBe(
        404,
      );
    }
  });

  it('is absent from the store users page', async () => {
    const res = await get(`/v2/api/store/${store.id}/user`, managerHeaders);
    expect(res.statusCode).toBe(200);
    const listed = res.json() as Array<{ _id: string; type: string }>;
    expect(listed.length).toBeGreaterThanOrEqual(4);
    expect(listed.some(isPortal)).toBe(false);
    expect(listed.some((u) => u.type === 'consumer' || u.type === 'customer')).toBe(false);
  });

  it("cannot have its password, PIN, details or activity changed by the store's manager: 404, nothing written", async () => {
    for (const user of portalUsers) {
      const base = `/v2/api/store/${store.id}/user/${user.id}`;
      const attempts = [
        { method: 'PUT' as const, url: `${base}/password`, payload: { password: 'Taken-Over1!' } },
        { method: 'PUT' as const, url: `${base}/pin`, payload: { pin: '1111' } },
        { method: 'PUT' as const, url: `${base}/pin`, payload: { pin: null } },
        { method: 'POST' as const, url: `${base}/password/email` },
        { method: 'PUT' as const, url: base, payload: { email: 'manager@example.test' } },
        { method: 'PUT' as const, url: base, payload: { active: false } },
        { method: 'PUT' as const, url: base, payload: { type: 'Technician' } },
      ];
      for (const attempt of attempts) {
        const res = await t.app.inject({ ...attempt, headers: managerHeaders });
        expect(res.statusCode, `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.payload)}`).toBe(
          404,
        );
        expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
      const [row] = await t.platform.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        email: user.email,
        active: true,
        type: user.type,
        passwordHash: user.passwordHash,
        pinHash: user.pinHash,
      });
      expect((await signIn(user.username, CUSTOMER_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(user.username, 'Taken-Over1!')).statusCode).toBe(401);
    }
  });

  it('cannot be named advisor or technician of a ticket', async () => {
    const customer = await t.make.customer(store);
    const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${store.id}/inspectionOrder`,
      headers: managerHeaders,
      payload: { customerId: customer.id, vehicleId: vehicle.id, technicianId: portalUsers[0]!.id },
    });
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'technicianId: not a worker of this store',
    });
  });

  it("is not counted among the store's workers on the account's stores", async () => {
    const owner = await bearer(t.platform.tokens, await t.make.user('owner', store));
    const res = await get(`/v2/api/account/${store.accountId}/store`, owner);
    expect(res.statusCode).toBe(200);
    const downtown = (res.json() as Array<{ _id: string; figures: { workers: number } }>).find(
      (s) => s._id === store.id,
    );
    // The Store account, the manager, the technician and the advisor.
    expect(downtown?.figures.workers).toBe(4);
  });
});
