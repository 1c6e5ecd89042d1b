import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from '../../../test/app.js';

const PASSWORD = 'Portal123!';
let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;

const register = (username: string, password = PASSWORD, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/v2/api/userForCustomer', payload: { username, password }, remoteAddress: ip });
const login = (username: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username, password } });
const usersNamed = async (username: string) =>
  (await t.platform.database.db.query.users.findMany()).filter((u) => u.username.toLowerCase() === username.toLowerCase());

beforeAll(async () => {
  t = await createTestApp({
    session: {
      maxFailedLogins: 5,
      lockMinutes: 15,
      refreshTokenTtlDays: 30,
      attemptsPerAddressPerMinute: 1000,
      attemptsPerUsernamePerMinute: 1000,
    },
  });
  store = await t.make.store({ name: 'Downtown' });
});
afterAll(() => t?.close());

describe('POST /v2/api/userForCustomer', () => {
  it("creates a consumer user for the customer with that e-mail, in the customer's store", async () => {
    const customer = await t.make.customer(store, { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' });
    const res = await register('  Jane@Example.com ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'Jane@Example.com',
      type: 'consumer',
      customerId: customer.id,
      storeId: store.id,
      accountId: null,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
    });
    expect(res.json()).not.toHaveProperty('passwordHash');

    // The portal signs in right after with the same credentials; the token carries the customer.
    const signedIn = await login('jane@example.com');
    expect(signedIn.statusCode).toBe(200);
    expect(decodeJwt(signedIn.json().token)).toMatchObject({ type: 'consumer', customerId: customer.id, storeId: store.id });
  });

  it('answers 404 CUSTOMER_NOT_FOUND_AT_REGISTRATION when no customer has the e-mail', async () => {
    const res = await register('nobody@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'CUSTOMER_NOT_FOUND_AT_REGISTRATION' });
    expect(await usersNamed('nobody@example.com')).toHaveLength(0);
  });

  it('answers 409 CUSTOMER_USER_ALREADY_EXISTS when the customer already has a user, and keeps the first password', async () => {
    await t.make.customer(store, { firstName: 'Sam', lastName: 'Twice', email: 'sam@example.com' });
    expect((await register('sam@example.com')).statusCode).toBe(201);
    const again = await register('SAM@example.com', 'Another123!');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, code: 'CUSTOMER_USER_ALREADY_EXISTS' });
    expect((await login('sam@example.com')).statusCode).toBe(200);
    expect(await usersNamed('sam@example.com')).toHaveLength(1);
  });

  it('answers 409 when a staff user already has that name', async () => {
    await t.make.customer(store, { firstName: 'Ada', lastName: 'Staff', email: 'ada@example.com' });
    const staff = await t.make.user('ServiceAdvisor', store);
    const { users } = await import('../../platform/db/schema/users.js');
    const { eq } = await import('drizzle-orm');
    await t.platform.database.db.update(users).set({ username: 'ada@example.com' }).where(eq(users.id, staff.id));
    expect((await register('ada@example.com')).json()).toMatchObject({ status: 409, code: 'CUSTOMER_USER_ALREADY_EXISTS' });
  });

  it('makes one user out of two registrations at once', async () => {
    await t.make.customer(store, { firstName: 'Race', lastName: 'Twin', email: 'race@example.com' });
    const answers = await Promise.all([register('race@example.com'), register('race@example.com')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await usersNamed('race@example.com')).toHaveLength(1);
  });

  it('refuses a weak password with 400 and the strength rule, creating nothing', async () => {
    await t.make.customer(store, { firstName: 'Wes', lastName: 'Weak', email: 'weak@example.com' });
    for (const weak of ['short1!', 'alllowercase1!', 'NoDigitsHere!', 'NoSpecial123']) {
      const res = await register('weak@example.com', weak);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_ARGUMENTS' });
      expect(res.json().message).toContain('at least 8 characters');
    }
    expect(await usersNamed('weak@example.com')).toHaveLength(0);
    const spaces = await register('weak@example.com', '            ');
    expect(spaces.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'password: must not be blank' });
    expect(await usersNamed('weak@example.com')).toHaveLength(0);
  });

  it('refuses bad bodies in the error shape', async () => {
    const blank = await t.app.inject({ method: 'POST', url: '/v2/api/userForCustomer', payload: { username: '  ', password: PASSWORD } });
    expect(blank.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    const extra = await t.app.inject({ method: 'POST', url: '/v2/api/userForCustomer', payload: { username: 'x@example.com', password: PASSWORD, type: 'root' } });
    expect(extra.statusCode).toBe(400);
    const wrongType = await t.app.inject({ method: 'POST', url: '/v2/api/userForCustomer', payload: { username: 5, password: PASSWORD } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('picks the most recently created customer when several stores know the e-mail', async () => {
    const other = await t.make.store({ name: 'Other' });
    await t.make.customer(store, { firstName: 'Old', lastName: 'Shop', email: 'both@example.com' });
    await new Promise((r) => setTimeout(r, 5));
    const latest = await t.make.customer(other, { firstName: 'New', lastName: 'Shop', email: 'BOTH@example.com' });
    const res = await register('both@example.com');
    expect(res.json()).toMatchObject({ customerId: latest.id, storeId: other.id, firstName: 'New' });
  });
});

describe('registration rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      session: { maxFailedLogins: 5, lockMinutes: 15, refreshTokenTtlDays: 30, attemptsPerAddressPerMinute: 3, attemptsPerUsernamePerMinute: 100 },
    });
  });
  afterAll(() => limited?.close());

  it('answers 429 past the per-address limit, like the login', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/v2/api/userForCustomer',
        payload: { username: `probe${i}@example.com`, password: PASSWORD },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const elsewhere = await limited.app.inject({
      method: 'POST',
      url: '/v2/api/userForCustomer',
      payload: { username: 'probe@example.com', password: PASSWORD },
      remoteAddress: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('login strategy for the portal welcome text', () => {
  const strategy = (username: string) =>
    t.app.inject({ method: 'POST', url: '/v2/api/user/login/strategy', payload: { username }, remoteAddress: '10.3.0.1' });

  it('greets a known user by first name only', async () => {
    await t.make.customer(store, { firstName: 'Wendy', lastName: 'Welcome', email: 'wendy@example.com' });
    expect((await register('wendy@example.com')).statusCode).toBe(201);
    expect((await strategy('WENDY@example.com')).json()).toEqual({ strategy: 'default', firstName: 'Wendy' });
  });

  it('tells a customer without a user apart from nobody, with the same message', async () => {
    await t.make.customer(store, { firstName: 'Newt', lastName: 'Comer', email: 'newt@example.com' });
    expect((await strategy('newt@example.com')).json()).toEqual({
      status: 400,
      code: 'CUSTOMER_WITHOUT_USER',
      message: "We don't have a user newt@example.com",
    });
    expect((await strategy('ghost@example.com')).json()).toMatchObject({ status: 400, code: 'USER_NOT_FOUND' });
  });
});
