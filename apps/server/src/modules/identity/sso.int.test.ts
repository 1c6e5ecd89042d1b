import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { loginAt, startLocalIdp, type LocalIdp } from '../../../test/oidc-idp.js';
import { users } from '../../platform/db/schema/users.js';
import { ssoLoginAttempts } from './identity.schema.js';
import { createSsoRepository, type SsoRepository } from './sso.repository.js';

/**
 * Single sign-on end to end against a real OpenID Connect provider on 127.0.0.1: the server
 * under test is the whole app, the provider is oidc-provider, and the browser is scripted.
 */

const PUBLIC_URL = 'https://servicebay.test';
const CALLBACK = `${PUBLIC_URL}/v2/api/user/login/sso/callback`;
const FAILED = '/app/login?sso=failed';

let t: TestApp;
let idp: LocalIdp;
let idpWithoutLogout: LocalIdp;
let sso: SsoRepository;

type Store = Awaited<ReturnType<TestApp['make']['store']>>;

/** An account with a store, its enabled configuration at `provider`, and a way to add its staff. */
async function ssoAccount(options: { usernameClaim?: string; provider?: LocalIdp } = {}) {
  const provider = options.provider ?? idp;
  const store = await t.make.store();
  const configuration = await sso.createConfiguration({
    accountId: store.accountId,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    ...(options.usernameClaim && { usernameClaim: options.usernameClaim }),
  });
  return { store, configuration };
}

async function staff(
  store: Store,
  username: string,
  email: string | null = null,
  role: 'ServiceAdvisor' | 'customer' = 'ServiceAdvisor',
) {
  const user = await t.make.user(role, store);
  const [row] = await t.platform.database.db
    .update(users)
    .set({ username, email })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

const strategy = (username: string) =>
  t.app.inject({ method: 'POST', url: '/v2/api/user/login/strategy', payload: { username } });

function setCookies(res: LightMyRequestResponse): Map<string, string> {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

const cookieValue = (line: string | undefined) =>
  line ? decodeURIComponent(line.slice(line.indexOf('=') + 1, line.indexOf(';'))) : undefined;

/** Starts a sign-on as the login page would: the strategy's loginUrl, in a browser with no cookies yet. */
async function start(loginUrl: string) {
  const res = await t.app.inject({ method: 'GET', url: loginUrl });
  const browser = cookieValue(setCookies(res).get('sb_sso'));
  return { res, location: String(res.headers.location), browserCookie: browser ? `sb_sso=${browser}` : '' };
}

const callback = (url: URL, cookie: string) =>
  t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });

/** Strategy, start, provider login as `idpLogin`, back at the callback: everything up to the callback. */
async function signOnUpTo(username: string, idpLogin: string, password?: string) {
  const { loginUrl } = (await strategy(username)).json() as { loginUrl: string };
  const started = await start(loginUrl);
  expect(started.res.statusCode).toBe(302);
  const returned = await loginAt(started.location, idpLogin, CALLBACK, password);
  return { returned, browserCookie: started.browserCookie };
}

function expectFailedWithoutTokens(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(FAILED);
  const cookies = setCookies(res);
  expect(cookies.has('token')).toBe(false);
  expect(cookies.has('refreshToken')).toBe(false);
}

beforeAll(async () => {
  [idp, idpWithoutLogout] = await Promise.all([
    startLocalIdp({ redirectUri: CALLBACK, postLogoutRedirectUri: `${PUBLIC_URL}/app/login` }),
    startLocalIdp({
      redirectUri: CALLBACK,
      postLogoutRedirectUri: `${PUBLIC_URL}/app/login`,
      endSession: false,
    }),
  ]);
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    session: {
      maxFailedLogins: 5,
      lockMinutes: 15,
      refreshTokenTtlDays: 30,
      attemptsPerAddressPerMinute: 1000,
      attemptsPerUsernamePerMinute: 1000,
    },
  });
  sso = createSsoRepository(t.platform.database.db);
  idp.people.set('ava', { email: 'ava@shop.test' });
  idp.people.set('mallory', { email: 'mallory@shop.test' });
  idp.people.set('zoe', { email: 'zoe@elsewhere.test' });
  idp.people.set('una', { email: 'una@shop.test', emailVerified: false });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([idp?.close(), idpWithoutLogout?.close()]);
});

describe('login strategy', () => {
  it('answers sso with the start address for staff of an account with an enabled configuration', async () => {
    const { store, configuration } = await ssoAccount();
    const user = await staff(store, 'Ava.Strategy', 'ava.strategy@shop.test');
    const res = await strategy(' ava.strategy ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      strategy: 'sso',
      loginUrl: `/v2/api/user/login/${user.id}/${configuration.id}?login_hint=ava.strategy`,
    });
  });

  it('answers default without a configuration, with a disabled one, and for portal users', async () => {
    const plain = await t.make.store();
    await staff(plain, 'no-sso-here');
    expect((await strategy('no-sso-here')).json()).toEqual({ strategy: 'default' });

    const { store, configuration } = await ssoAccount();
    await staff(store, 'disabled-sso');
    await staff(store, 'car-owner', null, 'customer');
    expect((await strategy('car-owner')).json()).toEqual({ strategy: 'default' });
    await sso.setConfigurationEnabled(configuration.id, false);
    expect((await strategy('disabled-sso')).json()).toEqual({ strategy: 'default' });
    expect((await strategy('nobody-at-all')).json()).toMatchObject({ status: 400, code: 'USER_NOT_FOUND' });
  });
});

describe('starting single sign-on', () => {
  it("redirects to the provider's authorization endpoint with PKCE, state, nonce and login_hint", async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.start', 'ava@shop.test');
    const { loginUrl } = (await strategy('Ava.Start')).json() as { loginUrl: string };
    const { res, location } = await start(loginUrl);

    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      login_hint: 'Ava.Start',
    });
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.nonce).not.toBe(q.state);

    // The browser binding: httpOnly, only sent to the callback, Secure since the product is on https.
    const binding = setCookies(res).get('sb_sso')!;
    expect(binding).toMatch(
      /^sb_sso=[A-Za-z0-9_-]{43}; Path=\/v2\/api\/user\/login\/sso\/callback; Max-Age=600; SameSite=Lax; HttpOnly; Secure$/,
    );
    // The provider itself accepts the request (PKCE is required there) and asks the person to sign in.
    const atIdp = await fetch(url, { redirect: 'manual' });
    expect(atIdp.status).toBe(303);
    expect(atIdp.headers.get('location')).toMatch(/^\/interaction\//);
  });

  it('discovers each provider once and reuses it', async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.cache', 'ava@shop.test');
    const { loginUrl } = (await strategy('ava.cache')).json() as { loginUrl: string };
    await start(loginUrl);
    await start(loginUrl);
    expect(idp.requests.filter((r) => r === 'GET /.well-known/openid-configuration')).toHaveLength(1);
  });

  it('fails to the login page for a user of another account, an unknown configuration or an unreachable provider', async () => {
    const { store, configuration } = await ssoAccount();
    const other = await ssoAccount();
    const stranger = await staff(other.store, 'stranger');
    const insider = await staff(store, 'insider');
    for (const url of [
      `/v2/api/user/login/${stranger.id}/${configuration.id}`,
      `/v2/api/user/login/${insider.id}/${crypto.randomUUID()}`,
      `/v2/api/user/login/${crypto.randomUUID()}/${configuration.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers.location).toBe(FAILED);
      expect(setCookies(res).size).toBe(0);
    }

    // A port that was just free: nothing answers there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await t.make.store();
    const unreachable = await sso.createConfiguration({
      accountId: down.accountId,
      issuer: `http://127.0.0.1:${port}`,
      clientId: 'x',
      clientSecret: 'y',
    });
    const worker = await staff(down, 'idp-is-down');
    const before = await t.platform.database.db.select().from(ssoLoginAttempts);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/api/user/login/${worker.id}/${unreachable.id}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(FAILED);
    expect(await t.platform.database.db.select().from(ssoLoginAttempts)).toHaveLength(before.length);
  });

  it('refuses ids that are not ids in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/api/user/login/42/not-an-id' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
  });

  it('refuses to store a configuration whose issuer is plain http on another machine', async () => {
    const store = await t.make.store();
    await expect(
      sso.createConfiguration({
        accountId: store.accountId,
        issuer: 'http://idp.example.com',
        clientId: 'x',
        clientSecret: 'y',
      }),
    ).rejects.toThrow(/https/);
  });
});

describe('the callback', () => {
  it('signs the user in: token cookies for the staff app, then /app/sso/return', async () => {
    const { store } = await ssoAccount();
    const user = await staff(store, 'ava.full', 'Ava@Shop.test');
    const { returned, browserCookie } = await signOnUpTo('ava.full', 'ava');
    const res = await callback(returned, browserCookie);

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/sso/return');
    const cookies = setCookies(res);
    for (const name of ['token', 'refreshToken']) {
      expect(cookies.get(name)).toMatch(
        new RegExp(`^${name}=[^;]+; Path=/app; Max-Age=60; SameSite=Lax; Secure$`),
      );
    }
    expect(cookies.get('sb_sso')).toMatch(/^sb_sso=; Path=\/v2\/api\/user\/login\/sso\/callback; Max-Age=0;/);

    const token = cookieValue(cookies.get('token'))!;
    expect(decodeJwt(token)).toMatchObject({
      id: user.id,
      username: 'ava.full',
      type: 'ServiceAdvisor',
      storeId: store.id,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: `/v2/api/user/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: 'ava.full' });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v2/api/user/refresh-token',
      payload: { refreshToken: cookieValue(cookies.get('refreshToken')) },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('takes the username from the ID token when the configured claim is there', async () => {
    const { store } = await ssoAccount({ usernameClaim: 'sub' });
    const user = await staff(store, 'zoe');
    const { returned, browserCookie } = await signOnUpTo('zoe', 'zoe');
    const res = await callback(returned, browserCookie);
    expect(res.headers.location).toBe('/app/sso/return');
    expect(decodeJwt(cookieValue(setCookies(res).get('token'))!)).toMatchObject({ id: user.id });
  });

  it('refuses a replayed callback', async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.replay', 'ava@shop.test');
    const { returned, browserCookie } = await signOnUpTo('ava.replay', 'ava');
    expect((await callback(returned, browserCookie)).headers.location).toBe('/app/sso/return');
    expectFailedWithoutTokens(await callback(returned, browserCookie));
  });

  it('refuses a wrong state, and a callback in another browser than the one that started', async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.state', 'ava@shop.test');
    const first = await signOnUpTo('ava.state', 'ava');
    const forged = new URL(first.returned);
    forged.searchParams.set('state', 'x'.repeat(43));
    expectFailedWithoutTokens(await callback(forged, first.browserCookie));

    const second = await signOnUpTo('ava.state', 'ava');
    expectFailedWithoutTokens(await callback(second.returned, ''));
    // The attempt is spent either way: the right browser cannot use it afterwards.
    expectFailedWithoutTokens(await callback(second.returned, second.browserCookie));
  });

  it('refuses an ID token whose content was changed after the provider signed it', async () => {
    const { store } = await ssoAccount({ usernameClaim: 'sub' });
    await staff(store, 'ava');
    // Mallory signs in at the provider as herself and rewrites the token to say she is Ava.
    idp.tamper = async (idToken) => {
      const [header, payload, signature] = idToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      return [
        header,
        Buffer.from(JSON.stringify({ ...claims, sub: 'ava' })).toString('base64url'),
        signature,
      ].join('.');
    };
    try {
      const { returned, browserCookie } = await signOnUpTo('ava', 'mallory');
      expectFailedWithoutTokens(await callback(returned, browserCookie));
    } finally {
      idp.tamper = null;
    }
  });

  it('refuses a correctly signed ID token meant for another client', async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.audience', 'ava@shop.test');
    idp.tamper = async (idToken, sign) => sign({ ...decodeJwt(idToken), aud: 'another-client' });
    try {
      const { returned, browserCookie } = await signOnUpTo('ava.audience', 'ava');
      expectFailedWithoutTokens(await callback(returned, browserCookie));
    } finally {
      idp.tamper = null;
    }
  });

  it('refuses a provider identity that names someone else than the user who started', async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.mismatch', 'ava@shop.test');
    const { returned, browserCookie } = await signOnUpTo('ava.mismatch', 'mallory');
    expectFailedWithoutTokens(await callback(returned, browserCookie));
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    const { store } = await ssoAccount();
    await staff(store, 'una', 'una@shop.test');
    const { returned, browserCookie } = await signOnUpTo('una', 'una');
    expectFailedWithoutTokens(await callback(returned, browserCookie));
  });

  it('refuses a sign-on whose configuration was disabled meanwhile', async () => {
    const { store, configuration } = await ssoAccount();
    const user = await staff(store, 'ava.disabled', 'ava@shop.test');
    const { returned, browserCookie } = await signOnUpTo('ava.disabled', 'ava');
    await sso.setConfigurationEnabled(configuration.id, false);
    expectFailedWithoutTokens(await callback(returned, browserCookie));
    // And a new one cannot start.
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/api/user/login/${user.id}/${configuration.id}`,
    });
    expect(res.headers.location).toBe(FAILED);
  });

  it('ends at the login page when the provider refuses the person', async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.denied', 'ava@shop.test');
    const { returned, browserCookie } = await signOnUpTo('ava.denied', 'ava', 'wrong password');
    expect(returned.searchParams.get('error')).toBe('access_denied');
    expectFailedWithoutTokens(await callback(returned, browserCookie));
  });

  it('ends at the login page for a callback with nothing in it, or garbage', async () => {
    expectFailedWithoutTokens(await t.app.inject({ method: 'GET', url: '/v2/api/user/login/sso/callback' }));
    expectFailedWithoutTokens(
      await t.app.inject({
        method: 'GET',
        url: '/v2/api/user/login/sso/callback?code=abc&state=%E0%A4%A',
        headers: { cookie: 'sb_sso=%zz' },
      }),
    );
  });
});

describe('single sign-on logout', () => {
  const logout = (query: string) => t.app.inject({ method: 'GET', url: `/v2/api/user/logout/saml${query}` });

  it("sends a single sign-on user to the provider's end-session endpoint, which accepts the return address", async () => {
    const { store } = await ssoAccount();
    await staff(store, 'ava.logout', 'ava@shop.test');
    const res = await logout('?username=ava.logout');
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: idp.clientId,
      post_logout_redirect_uri: `${PUBLIC_URL}/app/login`,
    });
    // The provider shows its sign-out confirmation rather than refusing the request.
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(200);
  });

  it('sends everyone else, and a provider without end-session, to the login page', async () => {
    const plain = await t.make.store();
    await staff(plain, 'password-person');
    const { store } = await ssoAccount({ provider: idpWithoutLogout });
    await staff(store, 'ava.no-end-session', 'ava@shop.test');
    for (const query of [
      '?username=password-person',
      '?username=nobody-here',
      '',
      '?username=ava.no-end-session',
    ]) {
      const res = await logout(query);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/app/login');
    }
  });
});
