import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.js';
import { users } from '../../platform/db/schema/users.js';
import { loginFailures } from './identity.schema.js';
import { createIdentityRepository } from './identity.repository.js';

const PASSWORD = 'Secret123!';
let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let passwordHash: string;

async function userWithPassword(username: string, role: 'ServiceAdvisor' | 'Technician' = 'ServiceAdvisor') {
  const user = await t.make.user(role, store);
  const db = t.platform.database.db;
  const { users } = await import('../../platform/db/schema/users.js');
  const { eq } = await import('drizzle-orm');
  await db.update(users).set({ username, passwordHash }).where(eq(users.id, user.id));
  return { ...user, username };
}

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username, password }, remoteAddress: ip });

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
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t?.close());

describe('login', () => {
  it('returns a token whose claims are the decoded login token', async () => {
    const user = await userWithPassword('ava');
    const res = await login('  ava ', PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, refreshToken } = res.json();
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeJwt(token)).toMatchObject({
      id: user.id,
      type: 'ServiceAdvisor',
      storeId: store.id,
      username: 'ava',
      customerId: null,
      isUserOfInactiveStore: false,
    });
  });

  it('finds the username whatever its case', async () => {
    await userWithPassword('Mixed.Case');
    expect((await login('mixed.case', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password or an unknown user with the same answer', async () => {
    await userWithPassword('bob');
    const wrong = await login('bob', 'nope');
    const unknown = await login('nobody', 'nope');
    const expected = { status: 401, code: 'INVALID_CREDENTIALS', message: 'Could not login with that user name and password' };
    expect(wrong.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
  });

  it('refuses an empty username and a missing password in the error shape', async () => {
    const blank = await t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username: '   ', password: 'x' } });
    expect(blank.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'username: username is mandatory' });
    const missing = await t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username: 'ava' } });
    expect(missing.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'password is mandatory' });
    const wrongType = await t.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username: 1, password: 'x' } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('locks the account after five failures in a row, even for the right password', async () => {
    await userWithPassword('carl');
    for (let i = 0; i < 4; i++) expect((await login('carl', 'wrong')).statusCode).toBe(401);
    const fifth = await login('carl', 'wrong');
    expect(fifth.json()).toEqual({
      status: 403,
      code: 'ACCOUNT_LOCKED',
      message: 'The account carl is locked after too many failed attempts',
    });
    expect((await login('carl', PASSWORD)).statusCode).toBe(403);
  });

  it('locks an unknown name after five failures exactly like an existing one', async () => {
    await userWithPassword('nora');
    const answers = async (name: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push((await login(name, 'wrong')).json());
      return seen;
    };
    const existing = await answers('nora');
    const unknown = await answers('no-such-user');
    const bad = { status: 401, code: 'INVALID_CREDENTIALS', message: 'Could not login with that user name and password' };
    const lockedAs = (name: string) => ({ status: 403, code: 'ACCOUNT_LOCKED', message: `The account ${name} is locked after too many failed attempts` });
    expect(existing).toEqual([bad, bad, bad, bad, lockedAs('nora'), lockedAs('nora')]);
    expect(unknown).toEqual([bad, bad, bad, bad, lockedAs('no-such-user'), lockedAs('no-such-user')]);
    // Counted per name in the database, whatever the case typed, not in this process's memory.
    expect((await login('NO-SUCH-USER', 'wrong')).json()).toEqual(lockedAs('NO-SUCH-USER'));
    const rows = await t.platform.database.db.select().from(loginFailures).where(eq(loginFailures.usernameKey, 'no-such-user'));
    expect(rows).toEqual([expect.objectContaining({ failures: 5, lockedUntil: expect.any(Date) })]);
  });

  it('treats an inactive user and a user without a password as an unknown name', async () => {
    const inactive = await userWithPassword('olga');
    const db = t.platform.database.db;
    await db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    const passwordless = await userWithPassword('pete');
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, passwordless.id));
    for (const name of ['olga', 'pete']) {
      // Even the password the inactive user had is only a failure.
      for (let i = 0; i < 4; i++) expect((await login(name, PASSWORD)).json()).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
      expect((await login(name, PASSWORD)).json()).toMatchObject({ status: 403, code: 'ACCOUNT_LOCKED' });
    }
  });

  it('forgets quiet names that are not locked', async () => {
    const repo = createIdentityRepository(t.platform.database.db);
    const now = Date.now();
    await repo.recordLoginFailure('quiet-name', 5, new Date(now + 60_000), 86_400_000);
    await repo.recordLoginFailure('locked-name', 1, new Date(now + 60_000), 86_400_000);
    const db = t.platform.database.db;
    const mine = inArray(loginFailures.usernameKey, ['quiet-name', 'locked-name']);
    await db.update(loginFailures).set({ lastFailedAt: new Date(now - 2 * 86_400_000) }).where(mine);
    await repo.purgeLoginFailures(new Date(now - 86_400_000));
    expect(await repo.loginFailuresOf('quiet-name')).toBeNull();
    expect(await repo.loginFailuresOf('LOCKED-name')).toMatchObject({ failures: 1 });
    // A failure after a quiet day counts from one again.
    await db.update(loginFailures).set({ lockedUntil: null, failures: 4 }).where(mine);
    expect(await repo.recordLoginFailure('locked-name', 5, new Date(now + 60_000), 86_400_000)).toBeNull();
    expect(await repo.loginFailuresOf('locked-name')).toMatchObject({ failures: 1 });
  });

  it('forgives earlier failures after a success', async () => {
    await userWithPassword('dina');
    for (let i = 0; i < 4; i++) await login('dina', 'wrong');
    expect((await login('dina', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('dina', 'wrong')).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('refuses a client address that tries too often', async () => {
    const limited = await createTestApp({
      session: { maxFailedLogins: 100, lockMinutes: 15, refreshTokenTtlDays: 30, attemptsPerAddressPerMinute: 3, attemptsPerUsernamePerMinute: 100 },
    });
    try {
      const attempt = (ip: string) =>
        limited.app.inject({ method: 'POST', url: '/v2/api/user/login', payload: { username: 'x', password: 'y' }, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await attempt('10.9.9.9')).statusCode).toBe(401);
      expect((await attempt('10.9.9.9')).json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      expect((await attempt('10.9.9.8')).statusCode).toBe(401);
      // A client-supplied X-Forwarded-For is not believed unless TRUST_PROXY says so.
      const spoofed = await limited.app.inject({
        method: 'POST',
        url: '/v2/api/user/login',
        payload: { username: 'x', password: 'y' },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '1.2.3.4' },
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('login strategy', () => {
  it('answers own login for a known user and 400 for an unknown one', async () => {
    await userWithPassword('erin');
    const known = await t.app.inject({ method: 'POST', url: '/v2/api/user/login/strategy', payload: { username: 'erin' } });
    expect(known.json()).toEqual({ strategy: 'default' });
    const unknown = await t.app.inject({ method: 'POST', url: '/v2/api/user/login/strategy', payload: { username: 'ghost' } });
    expect(unknown.json()).toEqual({ status: 400, code: 'USER_NOT_FOUND', message: "We don't have a user ghost" });
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v2/api/user/refresh-token', payload: { refreshToken } });

  it('rotates on use and detects reuse, revoking the whole sign-in', async () => {
    await userWithPassword('fay');
    const first = (await login('fay', PASSWORD)).json();
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refreshToken).not.toBe(first.refreshToken);

    // The old token again: someone else has a copy, so the newest one dies too.
    const reused = await refresh(first.refreshToken);
    expect(reused.json()).toMatchObject({ status: 401, code: 'INVALID_REFRESH_TOKEN' });
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('keeps other sign-ins of the same user alive', async () => {
    await userWithPassword('gus');
    const tablet = (await login('gus', PASSWORD)).json();
    const phone = (await login('gus', PASSWORD)).json();
    await refresh(tablet.refreshToken);
    await refresh(tablet.refreshToken);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
  });

  it('ends the sign-in at logout', async () => {
    await userWithPassword('hal');
    const pair = (await login('hal', PASSWORD)).json();
    const out = await t.app.inject({ method: 'POST', url: '/v2/api/user/logout', payload: { refreshToken: pair.refreshToken } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh('made-up')).json()).toMatchObject({ status: 401, code: 'INVALID_REFRESH_TOKEN' });
  });
});

describe('forged access tokens', () => {
  it('refuses alg none, a wrong key and a token of the wrong shape', async () => {
    const user = await userWithPassword('ida');
    const claims = { id: user.id, type: 'ServiceAdvisor', storeId: store.id, username: 'ida', customerId: null, isUserOfInactiveStore: false };
    const none = new UnsecuredJWT(claims).setIssuer('servicebay').setExpirationTime('5m').encode();
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('servicebay')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const { token } = (await login('ida', PASSWORD)).json();
    const [header, , signature] = token.split('.');
    const badType = `${header}.${Buffer.from(JSON.stringify({ ...claims, type: 'god' })).toString('base64url')}.${signature}`;
    for (const forged of [none, wrongKey, badType, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: `/v2/api/user/${user.id}`, headers: { authorization: `Bearer ${forged}` } });
      expect(res.statusCode, forged.slice(0, 20)).toBe(401);
    }
  });

  it('refuses an expired token', async () => {
    const user = await userWithPassword('jon');
    const expired = await new SignJWT({ id: user.id, type: 'ServiceAdvisor', username: 'jon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('servicebay')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('test-secret-of-at-least-32-characters!!'));
    const res = await t.app.inject({ method: 'GET', url: `/v2/api/user/${user.id}`, headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('users', () => {
  it('finds a user by id or by username, without secrets', async () => {
    const user = await userWithPassword('kim');
    const { token } = (await login('kim', PASSWORD)).json();
    const headers = { authorization: `Bearer ${token}` };
    const byId = await t.app.inject({ method: 'GET', url: `/v2/api/user/${user.id}`, headers });
    const byName = await t.app.inject({ method: 'GET', url: '/v2/api/user/kim', headers });
    expect(byId.json()).toEqual(byName.json());
    expect(byId.json()).toMatchObject({ _id: user.id, id: user.id, username: 'kim', type: 'ServiceAdvisor', workflowVersion: '2' });
    expect(JSON.stringify(byId.json())).not.toContain('argon2');
  });

  it("shows a co-worker but not another store's worker", async () => {
    const me = await userWithPassword('lea');
    const coworker = await t.make.user('Technician', store);
    const stranger = await t.make.user('Technician', await t.make.store());
    const { token } = (await login('lea', PASSWORD)).json();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${coworker.id}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${stranger.id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${stranger.username}`, headers })).statusCode).toBe(404);
    expect(me.id).toBeTruthy();
  });

  it("saves the user's dashboard filter and clears the last role used", async () => {
    const me = await userWithPassword('max');
    const { token } = (await login('max', PASSWORD)).json();
    const headers = { authorization: `Bearer ${token}` };
    const saved = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${store.id}/user/${me.id}/filter`,
      headers,
      payload: { sorting: 'orderNumber,asc', filter: 'inspecting', waitingFirst: true, myVehicles: true },
    });
    expect(saved.json()).toMatchObject({ sorting: 'orderNumber,asc', filter: 'inspecting', waitingFirst: true, myVehicles: true });
    // The dashboard's view (list or job board) is one more choice, kept beside the others.
    expect(saved.json().dashboardView).toBeNull();
    const board = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${store.id}/user/${me.id}/filter`,
      headers,
      payload: { view: 'board' },
    });
    expect(board.json()).toMatchObject({ dashboardView: 'board', filter: 'inspecting', myVehicles: true });
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${me.id}`, headers })).json().dashboardView).toBe('board');
    const badView = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${store.id}/user/${me.id}/filter`,
      headers,
      payload: { view: 'kanban' },
    });
    expect(badView.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${store.id}/user/${me.id}/filter`,
      headers,
      payload: { sorting: 'price' },
    });
    expect(bad.statusCode).toBe(400);
    const cleared = await t.app.inject({ method: 'POST', url: `/v2/api/user/${me.id}/clear/last-role-used`, headers });
    expect(cleared.json()).toMatchObject({ lastRoleUsed: null });
  });
});

describe("the user's language", () => {
  const put = (userId: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/v2/api/user/${userId}/language`, headers, payload: payload as object });

  it('saves one\'s own language, answered by the user fetch and kept for the next sign-in', async () => {
    const me = await userWithPassword('lou');
    const { token } = (await login('lou', PASSWORD)).json();
    const headers = { authorization: `Bearer ${token}` };
    const saved = await put(me.id, { language: 'fr' }, headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ _id: me.id, language: 'fr' });
    expect((await t.app.inject({ method: 'GET', url: `/v2/api/user/${me.id}`, headers })).json().language).toBe('fr');
    // The spec's languageId is read as language.
    expect((await put(me.id, { languageId: 'en' }, headers)).json().language).toBe('en');
    const again = (await login('lou', PASSWORD)).json();
    const user = await t.app.inject({ method: 'GET', url: `/v2/api/user/${me.id}`, headers: { authorization: `Bearer ${again.token}` } });
    expect(user.json().language).toBe('en');
  });

  it("refuses a language other than en or fr, and another user's language", async () => {
    const me = await userWithPassword('noa');
    const coworker = await t.make.user('Technician', store);
    const { token } = (await login('noa', PASSWORD)).json();
    const headers = { authorization: `Bearer ${token}` };
    for (const payload of [{ language: 'de' }, { languageId: 'EN' }, {}, { language: 'fr', theme: 'dark' }]) {
      const res = await put(me.id, payload, headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('INVALID_ARGUMENTS');
    }
    expect((await put(me.id, { language: 'de' }, headers)).json().message).toBe('language: languageId must be en or fr');
    expect((await put(coworker.id, { language: 'fr' }, headers)).statusCode).toBe(404);
    expect((await put(me.id, { language: 'fr' })).statusCode).toBe(401);
    const [row] = await t.platform.database.db.select().from(users).where(eq(users.id, coworker.id));
    expect(row!.language).toBe('en');
  });
});

describe('admin PIN', () => {
  it("confirms the store's PIN for a manager, and refuses a wrong PIN or another store", async () => {
    const { stores } = await import('../../platform/db/schema/tenancy.js');
    const { eq } = await import('drizzle-orm');
    await t.platform.database.db.update(stores).set({ adminPinHash: await hashPassword('2468') }).where(eq(stores.id, store.id));
    const manager = await t.make.user('StoreManager', store);
    const { bearer } = await import('../../../test/factories.js');
    const headers = await bearer(t.platform.tokens, manager);
    const pin = (adminPIN: string, storeId = store.id) =>
      t.app.inject({ method: 'POST', url: '/v2/api/store/login/admin-pin', headers, payload: { adminPIN, storeId } });
    expect((await pin('2468')).statusCode).toBe(204);
    expect((await pin('1357')).json()).toEqual({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Could not login with that user name and password',
    });
    expect((await pin('12')).statusCode).toBe(400);
    const elsewhere = await t.make.store();
    expect((await pin('2468', elsewhere.id)).statusCode).toBe(404);
    const tech = await t.make.user('Technician', store);
    const techRes = await t.app.inject({
      method: 'POST',
      url: '/v2/api/store/login/admin-pin',
      headers: await bearer(t.platform.tokens, tech),
      payload: { adminPIN: '2468', storeId: store.id },
    });
    expect(techRes.statusCode).toBe(403);
  });
});

describe('hijack', () => {
  it('lets an owner log in as a role of its store and as the store account, keeping it on refresh', async () => {
    const { bearer } = await import('../../../test/factories.js');
    const owner = await t.make.user('owner', store);
    const storeAccount = await t.make.user('Store', store);
    const headers = await bearer(t.platform.tokens, owner);
    const hijack = (payload: object, h = headers) =>
      t.app.inject({ method: 'POST', url: '/v2/api/user/login/hijack', headers: h, payload });

    const asAdvisor = await hijack({ storeId: store.id, role: 'ServiceAdvisor' });
    expect(asAdvisor.statusCode).toBe(200);
    expect(decodeJwt(asAdvisor.json().token)).toMatchObject({ id: owner.id, type: 'ServiceAdvisor', storeId: store.id });
    const me = await t.app.inject({
      method: 'GET',
      url: `/v2/api/user/${owner.id}`,
      headers: { authorization: `Bearer ${asAdvisor.json().token}` },
    });
    expect(me.json()).toMatchObject({ type: 'owner', lastRoleUsed: 'ServiceAdvisor' });
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/v2/api/user/refresh-token',
      payload: { refreshToken: asAdvisor.json().refreshToken },
    });
    expect(decodeJwt(renewed.json().token)).toMatchObject({ type: 'ServiceAdvisor', storeId: store.id });

    const asStore = await hijack({ storeId: store.id, asStore: true });
    expect(decodeJwt(asStore.json().token)).toMatchObject({ id: storeAccount.id, type: 'Store' });

    const back = await hijack({ storeId: store.id, hijack: false });
    expect(decodeJwt(back.json().token)).toMatchObject({ id: owner.id, type: 'owner' });
  });

  it("refuses another account's store, a role that is not a store role, and non-admins", async () => {
    const { bearer } = await import('../../../test/factories.js');
    const owner = await t.make.user('owner', store);
    const elsewhere = await t.make.store();
    const headers = await bearer(t.platform.tokens, owner);
    const hijack = (payload: object, h = headers) =>
      t.app.inject({ method: 'POST', url: '/v2/api/user/login/hijack', headers: h, payload });
    expect((await hijack({ storeId: elsewhere.id, role: 'ServiceAdvisor' })).statusCode).toBe(404);
    expect((await hijack({ storeId: store.id, role: 'root' })).statusCode).toBe(400);
    expect((await hijack({ storeId: store.id })).json()).toMatchObject({ status: 400, message: 'role is mandatory' });
    const tech = await t.make.user('Technician', store);
    expect((await hijack({ storeId: store.id, asStore: true }, await bearer(t.platform.tokens, tech))).statusCode).toBe(403);
  });
});
