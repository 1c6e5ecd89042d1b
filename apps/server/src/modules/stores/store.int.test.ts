import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let storeHeaders: Record<string, string>;
let tech: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.platform.database.db;
  store = await t.make.store({ name: 'Downtown' });
  await db
    .update(stores)
    .set({ settings: { workflowVersion: '1', paymentsEnabled: true }, openTime: [{ day: 'sunday', open: 'closed' }] })
    .where(eq(stores.id, store.id));
  const shared = await t.make.user('Store', store);
  storeHeaders = await bearer(t.platform.tokens, shared);
  tech = await t.make.user('Technician', store);
  await db
    .update(users)
    .set({ firstName: 'Theo', lastName: 'Tremblay', passwordHash: await hashPassword('Theo1234!'), pinHash: await hashPassword('1357') })
    .where(eq(users.id, tech.id));
  const advisor = await t.make.user('ServiceAdvisor', store);
  await db.update(users).set({ firstName: 'Ava', lastName: 'Dupont' }).where(eq(users.id, advisor.id));
  await t.make.user('owner', store);
  const gone = await t.make.user('Technician', store);
  await db.update(users).set({ active: false }).where(eq(users.id, gone.id));
});
afterAll(() => t?.close());

describe('store', () => {
  it('shows the store with every setting, defaults filled, and no PIN', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/api/store/${store.id}`, headers: storeHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: store.id,
      name: 'Downtown',
      workflowVersion: '1',
      paymentsEnabled: true,
      vinIsMandatory: false,
      integration: { managementSystem: null, enabled: false },
      openTime: [{ day: 'sunday', open: 'closed' }],
      adminPINSet: false,
    });
    expect(res.json()).not.toHaveProperty('adminPinHash');
  });
});

describe('workers', () => {
  it("lists the store's active workers by name, and the owners when forced", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/api/store/${store.id}/worker`, headers: storeHeaders });
    const names = res.json().map((w: { lastName: string }) => w.lastName);
    expect(names).toContain('Dupont');
    expect(names.indexOf('Dupont')).toBeLessThan(names.indexOf('Tremblay'));
    expect(res.json().some((w: { type: string }) => w.type === 'owner')).toBe(false);
    expect(res.json()).toHaveLength(3); // advisor, technician, the store account; not the inactive one
    const withOwners = await t.app.inject({
      method: 'GET',
      url: `/v1/api/store/${store.id}/worker?forceOwners=true`,
      headers: storeHeaders,
    });
    expect(withOwners.json().some((w: { type: string }) => w.type === 'owner')).toBe(true);
  });

  it('keeps only the fields asked for, and refuses unknown ones', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/api/store/${store.id}/worker?fields=firstName,type`,
      headers: storeHeaders,
    });
    expect(Object.keys(res.json()[0]).sort()).toEqual(['_id', 'firstName', 'type']);
    const bad = await t.app.inject({ method: 'GET', url: `/v1/api/store/${store.id}/worker?fields=passwordHash`, headers: storeHeaders });
    expect(bad.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'fields: unknown field passwordHash' });
  });

  it('shows one worker', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/api/store/${store.id}/worker/${tech.id}`, headers: storeHeaders });
    expect(res.json()).toMatchObject({ _id: tech.id, firstName: 'Theo', workflowVersion: '1', pinSet: true });
  });
});

describe('worker selection', () => {
  const choose = (payload: object, userId = tech.id) =>
    t.app.inject({ method: 'POST', url: `/v2/api/store/${store.id}/worker/${userId}/login`, headers: storeHeaders, payload });

  it('signs the chosen worker in with their password or their PIN', async () => {
    const byPassword = await choose({ password: 'Theo1234!' });
    expect(byPassword.statusCode).toBe(200);
    const byPin = await choose({ pin: '1357' });
    expect(byPin.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: `/v2/api/user/${tech.id}`,
      headers: { authorization: `Bearer ${byPin.json().token}` },
    });
    expect(me.json()).toMatchObject({ _id: tech.id, type: 'Technician' });
  });

  it('refuses a wrong secret, both secrets, or neither', async () => {
    expect((await choose({ pin: '9999' })).json()).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect((await choose({ pin: '1357', password: 'x' })).statusCode).toBe(400);
    expect((await choose({})).json()).toMatchObject({ status: 400, message: 'password: password or pin is mandatory, not both' });
  });

  it("answers 404 for a worker of another store", async () => {
    const stranger = await t.make.user('Technician', await t.make.store());
    expect((await choose({ pin: '1357' }, stranger.id)).statusCode).toBe(404);
  });
});
