/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { createApiClient } from '../http/client.js';
import { decodeAccessToken } from './claims.js';
import {
  createSession,
  isSessionRefusal,
  PARKED_SESSION_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  type Session,
  type SessionOptions,
  type SessionStorageLike,
} from './session.js';

/**
 * The session against a real HTTP server playing the identity endpoints: it issues unsigned
 * JWT-shaped tokens (the client never checks signatures), rotates refresh tokens and refuses
 * unknown access tokens with 401 UNAUTHENTICATED, as the real server does.
 */

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
let serial = 0;
function accessToken(lifetimeSeconds = 900, extra: Record<string, unknown> = {}) {
  const iat = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'HS256' })}.${b64({
    id: 'u1',
    type: 'Technician',
    storeId: 's1',
    username: 'tech',
    customerId: null,
    isUserOfInactiveStore: false,
    accountId: 'a1',
    partnerId: null,
    iat,
    exp: iat + lifetimeSeconds,
    n: ++serial,
    ...extra,
  })}.sig`;
}

let server: Server;
let baseUrl: string;
const validAccess = new Set<string>();
const validRefresh = new Set<string>();
let refreshCalls = 0;
let refreshMode: 'ok' | 'down' | 'slow' = 'ok';
let revoked: string[] = [];
let thingsCalls: string[] = [];
/** The Idempotency-Key headers the refresh and logout calls came with. */
let identityKeys: Array<string | string[] | undefined> = [];

function pair(lifetimeSeconds = 900) {
  const token = accessToken(lifetimeSeconds);
  const refreshToken = `r-${++serial}`;
  validAccess.add(token);
  validRefresh.add(refreshToken);
  return { token, refreshToken };
}

function json(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = (req.url ?? '').split('?')[0];
  const bearer = req.headers.authorization?.replace('Bearer ', '') ?? '';
  if (path === '/v2/api/user/refresh-token' || path === '/v2/api/user/logout') identityKeys.push(req.headers['idempotency-key']);
  if (path === '/v2/api/user/refresh-token') {
    refreshCalls++;
    if (refreshMode === 'down') return json(res, 503, { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' });
    const { refreshToken } = JSON.parse(body) as { refreshToken: string };
    const answer = () => {
      if (!validRefresh.delete(refreshToken)) {
        return json(res, 401, { status: 401, code: 'INVALID_REFRESH_TOKEN', message: 'used' });
      }
      json(res, 200, pair());
    };
    if (refreshMode === 'slow') setTimeout(answer, 50);
    else answer();
    return;
  }
  if (path === '/v2/api/user/logout') {
    revoked.push((JSON.parse(body) as { refreshToken: string }).refreshToken);
    return json(res, 204);
  }
  if (path === '/v2/api/things') {
    thingsCalls.push(bearer);
    if (!validAccess.has(bearer)) return json(res, 401, { status: 401, code: 'UNAUTHENTICATED', message: 'jwt malformed or expired' });
    return json(res, 200, { ok: true });
  }
  if (path === '/v2/api/confirm-password') {
    return json(res, 401, { status: 401, code: 'INVALID_CREDENTIALS', message: 'Could not login with that user name and password' });
  }
  json(res, 404, { status: 404, code: 'NOT_FOUND', message: 'no' });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function memoryStorage(): SessionStorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

let sessions: Session[] = [];
let storage: ReturnType<typeof memoryStorage>;
const open = (extra: Partial<SessionOptions> = {}) => {
  const session = createSession({ baseUrl, storage, locks: null, events: null, ...extra });
  sessions.push(session);
  return session;
};
const clientOf = (session: Session, onUnauthorized: (error: ApiError) => void = () => {}) =>
  createApiClient({
    baseUrl,
    getToken: session.getToken,
    fetch: session.fetch,
    onUnauthorized,
    retry: { baseDelayMs: 1, maxRetries: 0 },
  });
const getThings = (session: Session, onUnauthorized?: (error: ApiError) => void) =>
  clientOf(session, onUnauthorized).request({ method: 'GET', path: '/v2/api/things' });

beforeEach(() => {
  storage = memoryStorage();
  validAccess.clear();
  validRefresh.clear();
  refreshCalls = 0;
  refreshMode = 'ok';
  revoked = [];
  thingsCalls = [];
  identityKeys = [];
});

afterEach(() => {
  for (const session of sessions) session.dispose();
  sessions = [];
});

describe('decodeAccessToken', () => {
  it('reads the login token claims with the account and partner', () => {
    const claims = decodeAccessToken(accessToken());
    expect(claims).toMatchObject({ id: 'u1', type: 'Technician', storeId: 's1', accountId: 'a1', partnerId: null });
  });

  it('refuses what is not one of our tokens', () => {
    expect(decodeAccessToken('nope')).toBeNull();
    expect(decodeAccessToken('a.b.c')).toBeNull();
    expect(decodeAccessToken(`x.${b64({ id: 'u1' })}.y`)).toBeNull();
  });
});

describe('session storage', () => {
  it('keeps the pair in storage, so a reload is still signed in', () => {
    const first = open();
    const p = pair();
    first.signIn(p);
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY)!)).toMatchObject(p);
    const reloaded = open();
    expect(reloaded.state.get()).toMatchObject({ token: p.token, refreshToken: p.refreshToken, claims: { username: 'tech' } });
  });

  it('remembers a single sign-on through reloads and renewals, and hands it back on logout', async () => {
    let clock = Date.now();
    const session = open({ now: () => clock });
    session.signIn(pair(), { strategy: 'sso' });
    expect(open().state.get()?.strategy).toBe('sso');
    clock += 850_000;
    await session.getToken();
    expect(refreshCalls).toBe(1);
    expect(session.state.get()?.strategy).toBe('sso');
    await expect(session.logout()).resolves.toMatchObject({ strategy: 'sso', claims: { username: 'tech' } });
    await expect(session.logout()).resolves.toBeNull();
    const plain = open();
    plain.signIn(pair());
    expect(plain.state.get()?.strategy).toBe('default');
  });

  it('drops a stored value that is not a session', () => {
    storage.data.set(SESSION_STORAGE_KEY, '{"token":"garbage","refreshToken":"r"}');
    expect(open().state.get()).toBeNull();
    expect(storage.data.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('refuses to sign in with a token that cannot be read', () => {
    expect(() => open().signIn({ token: 'x', refreshToken: 'r' })).toThrow();
  });

  it('works in memory when the browser refuses storage', () => {
    const broken: SessionStorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    const session = open({ storage: broken });
    const p = pair();
    session.signIn(p);
    expect(session.state.get()?.token).toBe(p.token);
  });
});

describe('renewal', () => {
  it('renews shortly before expiry, once for concurrent callers, and stores the new pair', async () => {
    let clock = Date.now();
    const session = open({ now: () => clock });
    const first = pair();
    session.signIn(first);
    await expect(session.getToken()).resolves.toBe(first.token);
    expect(refreshCalls).toBe(0);

    clock += 850_000; // 50 s left: inside the renewal margin
    const tokens = await Promise.all([session.getToken(), session.getToken(), session.getToken()]);
    expect(refreshCalls).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first.token);
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY)!).token).toBe(tokens[0]);
  });

  it('renews on a 401 and retries the request once with the new token', async () => {
    const session = open();
    const p = pair();
    session.signIn(p);
    validAccess.delete(p.token); // the server no longer takes it
    let told = 0;
    await expect(getThings(session, () => told++)).resolves.toEqual({ ok: true });
    expect(refreshCalls).toBe(1);
    expect(thingsCalls).toHaveLength(2);
    expect(thingsCalls[1]).toBe(session.state.get()?.token);
    expect(told).toBe(0);
  });

  it('renews once when several requests are refused together', async () => {
    refreshMode = 'slow';
    const session = open();
    const p = pair();
    session.signIn(p);
    validAccess.delete(p.token);
    await Promise.all([getThings(session), getThings(session), getThings(session)]);
    expect(refreshCalls).toBe(1);
    expect(thingsCalls).toHaveLength(6);
  });

  it('lets the 401 through and signs out when the refresh token is refused', async () => {
    const session = open();
    const p = pair();
    session.signIn(p);
    validAccess.delete(p.token);
    validRefresh.delete(p.refreshToken); // revoked: used elsewhere, or signed out
    const told: ApiError[] = [];
    const error = await getThings(session, (e) => told.push(e)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isSessionRefusal(error as ApiError)).toBe(true);
    expect(told).toHaveLength(1);
    expect(session.state.get()).toBeNull();
    expect(storage.data.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(session.takeEndReason()).toBe('expired');
    expect(session.takeEndReason()).toBeNull();
  });

  it('does not renew for a wrong password or PIN, which is an answer', async () => {
    const session = open();
    session.signIn(pair());
    const error = await clientOf(session)
      .request({ method: 'POST', path: '/v2/api/confirm-password', body: {} })
      .catch((e: unknown) => e as ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(isSessionRefusal(error as ApiError)).toBe(false);
    expect(refreshCalls).toBe(0);
    expect(session.state.get()).not.toBeNull();
  });

  it('keeps the session and answers a retryable 503 when renewal cannot reach the server', async () => {
    refreshMode = 'down';
    const session = open();
    const p = pair();
    session.signIn(p);
    validAccess.delete(p.token);
    const error = await getThings(session).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(session.state.get()?.token).toBe(p.token);
  });

  it('takes the pair another tab already renewed instead of presenting a used refresh token', async () => {
    let clock = Date.now();
    const tabA = open({ now: () => clock });
    const tabB = open({ now: () => clock });
    tabA.signIn(pair());
    const reloadedB = open({ now: () => clock });
    expect(tabB.state.get()).toBeNull();
    clock += 850_000;
    const fromA = await tabA.getToken();
    // B still holds the old pair in memory: it finds A's newer one in storage.
    const fromB = await reloadedB.getToken();
    expect(fromB).toBe(fromA);
    expect(refreshCalls).toBe(1);
  });

  it('follows sign-in and sign-out in other tabs through storage events', () => {
    const events = new EventTarget();
    const tab = open({ events });
    const other = open();
    other.signIn(pair());
    events.dispatchEvent(Object.assign(new Event('storage'), { key: SESSION_STORAGE_KEY }));
    expect(tab.state.get()?.claims.username).toBe('tech');
    void other.logout();
    events.dispatchEvent(Object.assign(new Event('storage'), { key: SESSION_STORAGE_KEY }));
    expect(tab.state.get()).toBeNull();
    expect(tab.takeEndReason()).toBe('elsewhere');
  });

  it('renews in one tab at a time through the lock manager', async () => {
    const names: string[] = [];
    const locks = {
      request: <T>(name: string, callback: () => Promise<T>) => {
        names.push(name);
        return callback();
      },
    };
    const session = open({ locks });
    session.signIn(pair());
    await expect(session.renew()).resolves.toBe('renewed');
    expect(names).toEqual(['servicebay.session.renew']);
  });
});

describe('logout and worker selection', () => {
  it('forgets the pair at once, then revokes it on the server', async () => {
    const session = open();
    const p = pair();
    session.signIn(p);
    await session.logout('inactivity');
    expect(session.state.get()).toBeNull();
    expect(storage.data.size).toBe(0);
    expect(revoked).toEqual([p.refreshToken]);
    expect(session.takeEndReason()).toBe('inactivity');
    expect(await session.getToken()).toBeNull();
  });

  it('sends no Idempotency-Key with a renewal or a sign-out: they carry the refresh token', async () => {
    let clock = Date.now();
    const session = open({ now: () => clock });
    session.signIn(pair());
    clock += 850_000;
    await session.getToken();
    await session.logout('signedOut');
    expect(identityKeys).toHaveLength(2);
    expect(identityKeys).toEqual([undefined, undefined]);
  });

  it('still signs out when the server cannot be reached', async () => {
    const session = createSession({ baseUrl: 'http://127.0.0.1:1', storage, locks: null, events: null });
    session.signIn(pair());
    await session.logout();
    expect(session.state.get()).toBeNull();
  });

  it('parks the Store account while a worker is signed in, and brings it back on switch user', async () => {
    const session = open();
    const store = pair();
    session.signIn(store);
    const worker = pair();
    session.switchToWorker(worker);
    expect(session.state.get()?.token).toBe(worker.token);
    expect(session.hasParkedSession()).toBe(true);
    expect(JSON.parse(storage.data.get(PARKED_SESSION_STORAGE_KEY)!).refreshToken).toBe(store.refreshToken);

    await expect(session.returnToStore()).resolves.toBe(true);
    expect(session.state.get()?.token).toBe(store.token);
    expect(session.hasParkedSession()).toBe(false);
    expect(revoked).toEqual([worker.refreshToken]);
    await expect(session.returnToStore()).resolves.toBe(false);
  });

  it('revokes both the worker and the parked Store account on sign out', async () => {
    const session = open();
    const store = pair();
    session.signIn(store);
    const worker = pair();
    session.switchToWorker(worker);
    await session.logout();
    expect(revoked.sort()).toEqual([store.refreshToken, worker.refreshToken].sort());
    expect(storage.data.size).toBe(0);
  });
});
