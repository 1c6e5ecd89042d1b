import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { refreshTokens, users } from '../../platform/db/schema/users.js';

let t: TestApp;
let downtown: Awaited<ReturnType<TestApp['make']['store']>>;
let uptown: Awaited<ReturnType<TestApp['make']['store']>>;
let elsewhere: Awaited<ReturnType<TestApp['make']['store']>>;
let owner: Awaited<ReturnType<TestApp['make']['user']>>;
let analytics: Awaited<ReturnType<TestApp['make']['user']>>;
let manager: Awaited<ReturnType<TestApp['make']['user']>>;
let strangerAdmin: Awaited<ReturnType<TestApp['make']['user']>>;
const headers: Record<string, Record<string, string>> = {};

const base = (accountId = downtown.accountId) => `/v2/api/account/${accountId}/user`;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers[who], ...(payload && { payload }) });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username, password } });
const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });

const newUser = (over: object = {}) => ({
  username: `mgr-${Math.random().toString(36).slice(2, 8)}`,
  type: 'admin',
  firstName: 'Alma',
  lastName: 'Gestion',
  email: 'alma@example.com',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example' });
  const partner = await t.make.partner('Network');
  const account = await t.make.account(partner.id, 'Demo Auto Group');
  downtown = await t.make.store({ accountId: account.id, partnerId: partner.id, name: 'Downtown' });
  uptown = await t.make.store({ accountId: account.id, partnerId: partner.id, name: 'Uptown' });
  elsewhere = await t.make.store({ name: 'Elsewhere' });
  owner = await t.make.user('owner', downtown);
  analytics = await t.make.user('AnalyticsViewer', downtown);
  manager = await t.make.user('StoreManager', downtown);
  strangerAdmin = await t.make.user('admin', elsewhere);
  for (const [who, user] of [
    ['owner', owner],
    ['analytics', analytics],
    ['manager', manager],
    ['strangerAdmin', strangerAdmin],
    ['admin', await t.make.user('admin', downtown)],
    ['payments', await t.make.user('paymentManager', downtown)],
    ['tech', await t.make.user('Technician', downtown)],
    ['partnerAdmin', await t.make.user('PartnerAdmin', downtown)],
    ['root', await t.make.user('root', elsewhere)],
    ['strangerOwner', await t.make.user('owner', elsewhere)],
    ['consumer', await t.make.user('consumer', downtown)],
  ] as const) {
    headers[who] = await bearer(t.platform.tokens, user);
  }
});
afterAll(() => t?.close());

describe('account users', () => {
  it("lists the account's account-level users, active first, never a store's workers or another account's users", async () => {
    const res = await send('GET', base(), 'owner');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ _id: string; type: string; storeId: string | null; accountId: string; active: boolean }>;
    const ids = list.map((u) => u._id);
    expect(ids).toContain(owner.id);
    expect(ids).toContain(analytics.id);
    expect(ids).not.toContain(manager.id);
    expect(ids).not.toContain(strangerAdmin.id);
    expect(list.every((u) => u.storeId === null && u.accountId === downtown.accountId && u.active)).toBe(true);
    expect(new Set(list.map((u) => u.type))).toEqual(new Set(['owner', 'admin', 'AnalyticsViewer', 'paymentManager']));
    expect((await send('GET', base(), 'root')).statusCode).toBe(200);
  });

  it('creates an account manager with a password, who signs in to the account, sees its stores and logs in as a store role', async () => {
    const res = await send('POST', base(), 'owner', newUser({ username: 'alma', password: 'Alma1234!', language: 'fr', title: 'Operations' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'alma',
      type: 'admin',
      title: 'Operations',
      language: 'fr',
      storeId: null,
      accountId: downtown.accountId,
      partnerId: downtown.partnerId,
      active: true,
      // Like every new staff user, it takes the mandatory training first.
      mandatoryTrainingComplete: false,
    });
    const signedIn = await login('alma', 'Alma1234!');
    expect(signedIn.statusCode).toBe(200);
    const admin = asBearer(signedIn.json().token);
    const stores = await t.app.inject({ method: 'GET', url: `/v2/api/account/${downtown.accountId}/store`, headers: admin });
    expect(stores.json().map((s: { name: string }) => s.name)).toEqual(['Downtown', 'Uptown']);
    const hijack = await t.app.inject({
      method: 'POST',
      url: '/v2/api/user/login/hijack',
      headers: admin,
      payload: { storeId: uptown.id, role: 'ServiceAdvisor' },
    });
    expect(hijack.statusCode).toBe(200);
    const acting = await t.platform.tokens.verifyAccess(hijack.json().token);
    expect(acting).toMatchObject({ type: 'ServiceAdvisor', storeId: uptown.id });
    // Not another account's store.
    const foreign = await t.app.inject({ method: 'POST', url: '/v2/api/user/login/hijack', headers: admin, payload: { storeId: elsewhere.id, asStore: true } });
    expect(foreign.statusCode).toBe(404);
    // The new user is on the page, and account managers do not manage the account's users.
    expect((await send('GET', base(), 'owner')).json().map((u: { username: string }) => u.username)).toContain('alma');
    expect((await t.app.inject({ method: 'GET', url: base(), headers: admin })).statusCode).toBe(403);
  });

  it('mails the password link when asked, and again later', async () => {
    const res = await send('POST', base(), 'owner', newUser({ type: 'paymentManager', email: 'paula@example.com', sendPasswordEmail: true }));
    expect(res.statusCode).toBe(201);
    const mails = await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.to, 'paula@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('https://shop.example/app/reset/password?token=');
    expect((await send('POST', `${base()}/${res.json()._id}/password/email`, 'owner')).statusCode).toBe(204);
  });

  it('refuses a taken username, whatever its case (a store worker holds it too), with 409 and writes nothing', async () => {
    const res = await send('POST', base(), 'owner', newUser({ username: manager.username.toUpperCase() }));
    expect(res.json()).toEqual({ status: 409, code: 'CONFLICT', message: `The username ${manager.username.toUpperCase()} is already taken` });
    const rows = await t.platform.database.db.select().from(users).where(eq(users.firstName, 'Alma'));
    expect(rows.some((u) => u.username.toLowerCase() === manager.username.toLowerCase())).toBe(false);
  });

  it('refuses bad input with 400 INVALID_ARGUMENTS naming the field; nothing is written', async () => {
    const count = async () => (await t.platform.database.db.select().from(users).where(eq(users.accountId, downtown.accountId))).length;
    const before = await count();
    for (const type of ['owner', 'StoreManager', 'Technician', 'root', 'PartnerAdmin', 'consumer', 'Store']) {
      expect((await send('POST', base(), 'owner', newUser({ type }))).json()).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: 'type: must be one of admin, AnalyticsViewer, paymentManager',
      });
    }
    expect((await send('POST', base(), 'owner', newUser({ email: 'not-an-email' }))).json()).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'email: must be a valid e-mail address',
    });
    expect((await send('POST', base(), 'owner', newUser({ firstName: ' ' }))).json()).toMatchObject({ message: 'firstName: firstName is mandatory' });
    expect((await send('POST', base(), 'owner', newUser({ username: 'a b' }))).json()).toMatchObject({
      message: 'username: may hold letters, digits and . _ @ + - only',
    });
    expect((await send('POST', base(), 'owner', newUser({ password: 'weak' }))).json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    expect((await send('POST', base(), 'owner', newUser({ email: null, sendPasswordEmail: true }))).json()).toMatchObject({
      message: 'email: an e-mail address is mandatory to send the password e-mail',
    });
    // Store-only fields have no meaning for an account-level user.
    expect((await send('POST', base(), 'owner', newUser({ pin: '1234' }))).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('edits a user: role, names, e-mail, language; a change must name a field', async () => {
    const created = (await send('POST', base(), 'owner', newUser())).json();
    const res = await send('PUT', `${base()}/${created._id}`, 'owner', {
      type: 'AnalyticsViewer',
      firstName: 'Anouk',
      email: 'anouk@example.com',
      language: 'fr',
      title: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'AnalyticsViewer', firstName: 'Anouk', email: 'anouk@example.com', language: 'fr', title: null, storeId: null });
    expect((await send('PUT', `${base()}/${created._id}`, 'owner', { username: 'alma' })).statusCode).toBe(409);
    expect((await send('PUT', `${base()}/${created._id}`, 'owner', { type: 'StoreManager' })).statusCode).toBe(400);
    expect((await send('PUT', `${base()}/${created._id}`, 'owner', {})).json()).toMatchObject({ status: 400, message: 'body: a field to change is mandatory' });
  });

  it('a new role or a deactivation ends the sign-ins at once: access token refused, refresh revoked, login refused', async () => {
    const created = (await send('POST', base(), 'owner', newUser({ username: 'leaving-mgr', password: 'Leave1234!' }))).json();
    const url = `${base()}/${created._id}`;
    const readSelf = (token: string) => t.app.inject({ method: 'GET', url: `/v2/api/user/${created._id}`, headers: asBearer(token) });

    const first = (await login('leaving-mgr', 'Leave1234!')).json();
    expect((await readSelf(first.token)).statusCode).toBe(200);
    expect((await send('PUT', url, 'owner', { type: 'paymentManager' })).json()).toMatchObject({ type: 'paymentManager' });
    expect((await readSelf(first.token)).statusCode).toBe(401);

    const second = (await login('leaving-mgr', 'Leave1234!')).json();
    expect((await send('PUT', url, 'owner', { active: false })).json()).toMatchObject({ active: false });
    expect((await readSelf(second.token)).statusCode).toBe(401);
    const renewed = await t.app.inject({ method: 'POST', url: '/v2/api/user/refresh-token', payload: { refreshToken: second.refreshToken } });
    expect(renewed.statusCode).toBe(401);
    const tokens = await t.platform.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, created._id));
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await login('leaving-mgr', 'Leave1234!')).statusCode).toBe(401);
    expect((await send('POST', `${url}/password/email`, 'owner')).json()).toMatchObject({ status: 400, message: 'This user is deactivated' });

    // Reactivated, the user signs in again.
    await send('PUT', url, 'owner', { active: true });
    expect((await readSelf((await login('leaving-mgr', 'Leave1234!')).json().token)).statusCode).toBe(200);
  });

  it('sets a password, ending the other sign-ins', async () => {
    const created = (await send('POST', base(), 'owner', newUser({ username: 'reset-mgr', password: 'First1234!' }))).json();
    const before = (await login('reset-mgr', 'First1234!')).json();
    const url = `${base()}/${created._id}/password`;
    expect((await send('PUT', url, 'owner', { password: 'weak' })).statusCode).toBe(400);
    expect((await send('PUT', url, 'owner', { password: 'Second1234!' })).statusCode).toBe(204);
    expect((await login('reset-mgr', 'First1234!')).statusCode).toBe(401);
    expect((await login('reset-mgr', 'Second1234!')).statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: `/v2/api/user/${created._id}`, headers: asBearer(before.token) });
    expect(stale.statusCode).toBe(401);
  });

  it("does not change the account's owner here: no edit, deactivation or password", async () => {
    const url = `${base()}/${owner.id}`;
    const refused = { status: 400, code: 'INVALID_ARGUMENTS', message: "The account's owner is not managed here" };
    expect((await send('PUT', url, 'owner', { active: false })).json()).toEqual(refused);
    expect((await send('PUT', url, 'root', { firstName: 'Someone' })).json()).toEqual(refused);
    expect((await send('PUT', `${url}/password`, 'root', { password: 'Taken1234!' })).json()).toEqual(refused);
    expect((await send('POST', `${url}/password/email`, 'owner')).json()).toEqual(refused);
    const [row] = await t.platform.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ active: true, firstName: owner.firstName, passwordHash: owner.passwordHash });
  });

  it('is for the owner and root: 403 to the account\'s other roles, 404 to other accounts and portal users', async () => {
    for (const who of ['admin', 'analytics', 'payments', 'manager', 'tech', 'partnerAdmin']) {
      expect((await send('GET', base(), who)).statusCode, who).toBe(403);
      expect((await send('POST', base(), who, newUser())).statusCode, who).toBe(403);
      expect((await send('PUT', `${base()}/${analytics.id}`, who, { firstName: 'X' })).statusCode, who).toBe(403);
    }
    for (const who of ['strangerOwner', 'strangerAdmin', 'consumer']) {
      expect((await send('GET', base(), who)).statusCode, who).toBe(404);
      expect((await send('PUT', `${base()}/${analytics.id}`, who, { firstName: 'X' })).statusCode, who).toBe(404);
    }
    expect((await send('GET', base(crypto.randomUUID()), 'root')).statusCode).toBe(404);
    const [unchanged] = await t.platform.database.db.select().from(users).where(eq(users.id, analytics.id));
    expect(unchanged!.firstName).toBe(analytics.firstName);
  });

  it("answers 404 for a user who is not one of the account's account-level users, through the account's own path too", async () => {
    // Another account's manager, named under this account (by its owner, and by root).
    for (const who of ['owner', 'root']) {
      expect((await send('PUT', `${base()}/${strangerAdmin.id}`, who, { firstName: 'X' })).statusCode, who).toBe(404);
      expect((await send('PUT', `${base()}/${strangerAdmin.id}/password`, who, { password: 'Taken1234!' })).statusCode, who).toBe(404);
      expect((await send('POST', `${base()}/${strangerAdmin.id}/password/email`, who)).statusCode, who).toBe(404);
    }
    // A store worker of the account is managed on its store's users page, not here.
    expect((await send('PUT', `${base()}/${manager.id}`, 'owner', { type: 'admin' })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // A user that does not exist.
    expect((await send('PUT', `${base()}/${crypto.randomUUID()}`, 'owner', { firstName: 'X' })).statusCode).toBe(404);
    const [stranger] = await t.platform.database.db.select().from(users).where(eq(users.id, strangerAdmin.id));
    expect(stranger!.firstName).toBe(strangerAdmin.firstName);
    const [worker] = await t.platform.database.db.select().from(users).where(eq(users.id, manager.id));
    expect(worker!.type).toBe('StoreManager');
  });
});
