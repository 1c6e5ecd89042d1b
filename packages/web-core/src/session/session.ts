import {
  logoutRoute,
  refreshTokenRoute,
  usesIdempotencyKey,
  ZTokenPair,
  type AnyRoute,
  type TokenPair,
} from '@servicebay/domain';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../http/idempotency-key.js';
import { createStore, type ReadableStore, type WritableStore } from '../load-state.js';
import { decodeAccessToken, type SessionClaims } from './claims.js';

/** Where the signed-in pair lives; every tab of the app shares it. */
export const SESSION_STORAGE_KEY = 'servicebay.session';
/** The shared Store account's pair, kept while a worker it let in is signed in (worker selection). */
export const PARKED_SESSION_STORAGE_KEY = 'servicebay.session.store';
/** Access tokens are renewed this long before they run out, so a request never leaves with a dying one. */
export const RENEW_BEFORE_MS = 60_000;

export const SESSION_PATHS = {
  refresh: refreshTokenRoute.path,
  logout: logoutRoute.path,
} as const;

export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The part of the Web Locks API used to renew in one tab at a time. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export type SessionEndReason = 'signedOut' | 'expired' | 'inactivity' | 'inactiveStore' | 'elsewhere';

/** How the user signed in: with a password here, or at the account's identity provider. */
export type SignInStrategy = 'default' | 'sso';

export interface SessionState {
  token: string;
  refreshToken: string;
  claims: SessionClaims;
  /** When the access token runs out, by this device's clock (a tablet's clock may be wrong). */
  expiresAt: number;
  /** A single sign-on user's logout also ends the session at the identity provider. */
  strategy: SignInStrategy;
}

export type RenewOutcome = 'renewed' | 'rejected' | 'unavailable';

export interface SessionOptions {
  /** Origin (and prefix) of the API; '' for the page's own. */
  baseUrl: string;
  /** localStorage by default; null keeps the session in memory only. */
  storage?: SessionStorageLike | null;
  fetch?: typeof fetch;
  now?: () => number;
  renewBeforeMs?: number;
  /** navigator.locks by default, where the browser has it. */
  locks?: LockManagerLike | null;
  /** Where `storage` events arrive (window), to follow sign-in and sign-out in other tabs. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** Time-out of the session's own calls (refresh, logout). */
  timeoutMs?: number;
}

export interface Session {
  /** The signed-in pair and its claims, or null when signed out. */
  readonly state: ReadableStore<SessionState | null>;
  /** For the API client's getToken: the access token, renewed first when it is about to run out. */
  getToken(): Promise<string | null>;
  /**
   * For the API client's fetch: a request refused with 401 UNAUTHENTICATED is retried once after
   * renewing the token. When renewal is refused the 401 goes through (the app then logs out); when
   * the server cannot be reached for it, the answer becomes a retryable 503.
   */
  readonly fetch: typeof fetch;
  /** Keeps the pair a login answered. Throws when the token is not one of ours. */
  signIn(pair: TokenPair, options?: { strategy?: SignInStrategy }): SessionState;
  /** Renews the pair now with the refresh token; one renewal at a time, across tabs where possible. */
  renew(): Promise<RenewOutcome>;
  /**
   * Forgets the pair (and a parked Store account), then revokes them on the server. Resolves with
   * the session that ended (null if none), so the app can end a single sign-on at the provider.
   */
  logout(reason?: SessionEndReason): Promise<SessionState | null>;
  /** Worker selection: the Store account's pair is parked and the worker's pair takes over. */
  switchToWorker(pair: TokenPair): SessionState;
  /** Switch user: ends the worker's session and brings the parked Store account back. */
  returnToStore(): Promise<boolean>;
  hasParkedSession(): boolean;
  /** Why the last session ended, once (the login page says it); null when it has been told. */
  takeEndReason(): SessionEndReason | null;
  dispose(): void;
}

/** True for the 401 that means the token itself is refused (not a wrong password or PIN). */
export function isSessionRefusal(error: { status: number; code: string }): boolean {
  return error.status === 401 && error.code === 'UNAUTHENTICATED';
}

interface Stored {
  token: string;
  refreshToken: string;
  expiresAt?: number;
  strategy?: SignInStrategy;
}

function browserStorage(): SessionStorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Reading localStorage itself throws when the browser blocks site data.
    return null;
  }
}

/** Storage that falls back to memory when the browser refuses (private mode, full quota). */
function createKeyValue(storage: SessionStorageLike | null) {
  const memory = new Map<string, string>();
  let usable = storage !== null;
  return {
    get(key: string): string | null {
      if (usable) {
        try {
          return storage!.getItem(key);
        } catch {
          usable = false;
        }
      }
      return memory.get(key) ?? null;
    },
    set(key: string, value: string) {
      memory.set(key, value);
      if (!usable) return;
      try {
        storage!.setItem(key, value);
      } catch {
        usable = false;
      }
    },
    remove(key: string) {
      memory.delete(key);
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing more to do: memory is cleared, and reads stop trusting the storage.
        usable = false;
      }
    },
  };
}

type KeyValue = ReturnType<typeof createKeyValue>;

/** The pairs kept in storage: read (what is no pair is forgotten), written, and made into a session state. */
function storedPairs(storage: KeyValue, now: () => number) {
  const toState = (pair: Stored, strategy?: SignInStrategy): SessionState | null => {
    const claims = decodeAccessToken(pair.token);
    if (!claims || typeof pair.refreshToken !== 'string' || pair.refreshToken === '') return null;
    // The token's lifetime measured on this device's clock, so a wrong clock still renews on time.
    const lifetime = claims.iat !== undefined ? (claims.exp - claims.iat) * 1000 : null;
    return {
      token: pair.token,
      refreshToken: pair.refreshToken,
      claims,
      expiresAt: pair.expiresAt ?? (lifetime !== null ? now() + lifetime : claims.exp * 1000),
      strategy: strategy ?? (pair.strategy === 'sso' ? 'sso' : 'default'),
    };
  };

  const read = (key: string): SessionState | null => {
    const text = storage.get(key);
    if (!text) return null;
    try {
      const state = toState(JSON.parse(text) as Stored);
      if (state) return state;
    } catch {
      // Not JSON: whatever wrote it, it is no session.
    }
    storage.remove(key);
    return null;
  };
  const write = (key: string, state: SessionState) =>
    storage.set(
      key,
      JSON.stringify({
        token: state.token,
        refreshToken: state.refreshToken,
        expiresAt: state.expiresAt,
        strategy: state.strategy,
      } satisfies Stored),
    );

  return { toState, read, write };
}

/** Why the last session ended, kept until the login page has said it. */
function endReasons(state: WritableStore<SessionState | null>) {
  let endReason: SessionEndReason | null = null;
  return {
    /** The session ends here for `reason` (kept only when there was one). */
    end(reason: SessionEndReason) {
      if (state.get()) endReason = reason;
      state.set(null);
    },
    set(reason: SessionEndReason | null) {
      endReason = reason;
    },
    take(): SessionEndReason | null {
      const reason = endReason;
      endReason = null;
      return reason;
    },
  };
}

/** What the parts of one session share: its storage, its pairs, its state and why it ended. */
interface SessionParts {
  storage: KeyValue;
  pairs: ReturnType<typeof storedPairs>;
  state: WritableStore<SessionState | null>;
  ends: ReturnType<typeof endReasons>;
}

/** The session's own calls (refresh, logout): POSTs with a time-out. */
function sessionCalls(baseFetch: typeof fetch, url: (path: string) => string, timeoutMs: number) {
  async function post(route: AnyRoute, body: unknown): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    // Refresh and logout carry a refresh token: they send no Idempotency-Key (nothing of them is kept).
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (usesIdempotencyKey(route)) headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
    try {
      return await baseFetch(url(route.path), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async function revoke(refreshToken: string): Promise<void> {
    try {
      const response = await post(logoutRoute, { refreshToken });
      await response.body?.cancel();
    } catch {
      // Offline: the pair is already forgotten here; it runs out on the server by itself.
    }
  }

  return { post, revoke };
}

/** Renewing the pair with its refresh token: one renewal at a time, across tabs where possible. */
function renewals(
  { storage, pairs, state, ends }: SessionParts,
  post: ReturnType<typeof sessionCalls>['post'],
  expiresSoon: (s: SessionState) => boolean,
  locks: LockManagerLike | null,
) {
  async function renewNow(stale: string | undefined): Promise<RenewOutcome> {
    // Storage holds the freshest pair: another tab may have renewed while we waited for the lock.
    const latest = pairs.read(SESSION_STORAGE_KEY);
    if (!latest) {
      // Another tab signed out meanwhile.
      ends.end('elsewhere');
      return 'rejected';
    }
    if (latest.token !== stale && !expiresSoon(latest)) {
      state.set(latest);
      return 'renewed';
    }
    let response: Response;
    try {
      response = await post(refreshTokenRoute, { refreshToken: latest.refreshToken });
    } catch {
      return 'unavailable';
    }
    if (response.ok) {
      const pair = ZTokenPair.safeParse(await response.json().catch(() => null));
      // A renewed pair is the same sign-in: it keeps its strategy.
      const next = pair.success ? pairs.toState(pair.data, latest.strategy) : null;
      if (!next) return 'unavailable';
      pairs.write(SESSION_STORAGE_KEY, next);
      state.set(next);
      return 'renewed';
    }
    await response.body?.cancel();
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
      // Without Web Locks two tabs can race; the loser's token was already rotated by the winner.
      const again = pairs.read(SESSION_STORAGE_KEY);
      if (again && again.refreshToken !== latest.refreshToken) {
        state.set(again);
        return 'renewed';
      }
      storage.remove(SESSION_STORAGE_KEY);
      storage.remove(PARKED_SESSION_STORAGE_KEY);
      ends.end('expired');
      return 'rejected';
    }
    return 'unavailable';
  }

  let renewing: Promise<RenewOutcome> | null = null;
  function renew(stale = state.get()?.token): Promise<RenewOutcome> {
    if (!renewing) {
      const run = () => renewNow(stale);
      renewing = (locks ? locks.request('servicebay.session.renew', run) : run()).finally(() => {
        renewing = null;
      });
    }
    return renewing;
  }

  async function getToken(): Promise<string | null> {
    const current = state.get();
    if (!current) return null;
    if (expiresSoon(current)) await renew(current.token);
    // When renewal could not reach the server the old token is still the best there is.
    return state.get()?.token ?? null;
  }

  return { renew, getToken };
}

const unavailable = () =>
  new Response(
    JSON.stringify({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The session could not be renewed; try again' }),
    { status: 503, headers: { 'Content-Type': 'application/json' } },
  );

async function refusedCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
}

/** The fetch that retries a request once after renewing a refused token (see Session.fetch). */
function renewingFetch(
  baseFetch: typeof fetch,
  state: ReadableStore<SessionState | null>,
  renew: (stale?: string) => Promise<RenewOutcome>,
): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.status !== 401) return response;
    const headers = new Headers(init?.headers);
    const sent = headers.get('Authorization')?.replace(/^Bearer\s+/i, '');
    // Only a refused token is worth renewing; a wrong password or PIN is an answer.
    if (!sent || !state.get() || (await refusedCode(response)) !== 'UNAUTHENTICATED') return response;
    if (state.get()?.token === sent) {
      const outcome = await renew(sent);
      if (outcome === 'rejected') return response;
      if (outcome === 'unavailable') {
        await response.body?.cancel();
        return unavailable();
      }
    }
    const fresh = state.get();
    if (!fresh || fresh.token === sent) return response;
    await response.body?.cancel();
    headers.set('Authorization', `Bearer ${fresh.token}`);
    return baseFetch(input, { ...init, headers });
  };
}

/** Who is signed in: a login, a logout, a worker taking over from the Store account and back. */
function accounts({ storage, pairs, state, ends }: SessionParts, revoke: (refreshToken: string) => Promise<void>) {
  return {
    signIn(pair: TokenPair, signInOptions?: { strategy?: SignInStrategy }): SessionState {
      const next = pairs.toState(pair, signInOptions?.strategy ?? 'default');
      if (!next) throw new Error('The login answer holds no usable token');
      pairs.write(SESSION_STORAGE_KEY, next);
      ends.set(null);
      state.set(next);
      return next;
    },
    async logout(reason: SessionEndReason = 'signedOut'): Promise<SessionState | null> {
      const current = state.get() ?? pairs.read(SESSION_STORAGE_KEY);
      const parked = pairs.read(PARKED_SESSION_STORAGE_KEY);
      storage.remove(SESSION_STORAGE_KEY);
      storage.remove(PARKED_SESSION_STORAGE_KEY);
      if (current || parked) ends.set(reason);
      state.set(null);
      // Forgotten first, revoked after: the screen never waits on the network to sign out.
      await Promise.all([current, parked].flatMap((s) => (s ? [revoke(s.refreshToken)] : [])));
      return current;
    },
    switchToWorker(pair: TokenPair): SessionState {
      const current = state.get();
      if (!current) throw new Error('Worker selection needs the Store account signed in');
      const next = pairs.toState(pair, 'default');
      if (!next) throw new Error('The login answer holds no usable token');
      const parked = pairs.read(PARKED_SESSION_STORAGE_KEY);
      if (parked) void revoke(current.refreshToken);
      else pairs.write(PARKED_SESSION_STORAGE_KEY, current);
      pairs.write(SESSION_STORAGE_KEY, next);
      state.set(next);
      return next;
    },
    async returnToStore(): Promise<boolean> {
      const parked = pairs.read(PARKED_SESSION_STORAGE_KEY);
      if (!parked) return false;
      const worker = state.get();
      pairs.write(SESSION_STORAGE_KEY, parked);
      storage.remove(PARKED_SESSION_STORAGE_KEY);
      state.set(parked);
      if (worker && worker.refreshToken !== parked.refreshToken) await revoke(worker.refreshToken);
      return true;
    },
    hasParkedSession: () => pairs.read(PARKED_SESSION_STORAGE_KEY) !== null,
  };
}

export function createSession(options: SessionOptions): Session {
  const storage = createKeyValue(options.storage === undefined ? browserStorage() : options.storage);
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const renewBeforeMs = options.renewBeforeMs ?? RENEW_BEFORE_MS;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const locks =
    options.locks === undefined
      ? ((globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null)
      : options.locks;
  const events = options.events === undefined ? ((globalThis as { window?: EventTarget }).window ?? null) : options.events;
  const url = (path: string) => options.baseUrl.replace(/\/+$/, '') + path;

  const pairs = storedPairs(storage, now);
  const state = createStore<SessionState | null>(pairs.read(SESSION_STORAGE_KEY));
  const parts: SessionParts = { storage, pairs, state, ends: endReasons(state) };
  const expiresSoon = (s: SessionState) => s.expiresAt - now() <= renewBeforeMs;
  const { post, revoke } = sessionCalls(baseFetch, url, timeoutMs);
  const { renew, getToken } = renewals(parts, post, expiresSoon, locks);

  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    // key is null when another tab cleared the whole storage.
    if (key !== null && key !== SESSION_STORAGE_KEY) return;
    const next = pairs.read(SESSION_STORAGE_KEY);
    if (!next) parts.ends.end('elsewhere');
    else if (next.token !== state.get()?.token) state.set(next);
  };
  events?.addEventListener('storage', onStorage);

  return {
    state,
    getToken,
    fetch: renewingFetch(baseFetch, state, renew),
    renew: () => renew(),
    ...accounts(parts, revoke),
    takeEndReason: () => parts.ends.take(),
    dispose() {
      events?.removeEventListener('storage', onStorage);
    },
  };
}
