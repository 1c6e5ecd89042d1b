/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import {
  access,
  defineRoute,
  fillPath,
  LIMITS,
  pathParamNames,
  routeTable,
  usesIdempotencyKey,
} from '@servicebay/domain';
import { ApiError } from './api-error.js';
import { createApiClient, type ApiClientOptions } from './client.js';
import { createRequestProgress } from './progress.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry.js';

/** What the test server saw: one entry per HTTP request it received. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen, count: number) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
const handlers = new Map<string, Handler>();

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Requests the server received for one path (query string ignored). */
const hits = (path: string) => seen.filter((s) => s.url.split('?')[0] === path);

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const entry: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      const path = entry.url.split('?')[0]!;
      const handler = handlers.get(path);
      if (!handler) return json(res, 404, { status: 404, code: 'NOT_FOUND', message: `no ${path}` });
      handler(req, res, entry, hits(path).length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  handlers.clear();
});

// Retries wait 1 ms here; the real back-off is checked on its own below.
const client = (extra: Partial<ApiClientOptions> = {}) =>
  createApiClient({ baseUrl, getToken: () => 'token-1', retry: { baseDelayMs: 1 }, ...extra });

const ZOrder = z.object({
  id: z.string(),
  number: z.number(),
  closedAt: z.iso.datetime().transform((s) => new Date(s)),
});

const getOrder = defineRoute({
  id: 'test.getOrder',
  method: 'GET',
  path: '/v2/api/stores/:storeId/orders/:orderId',
  summary: 'test route',
  tag: 'test',
  access: access.public('test'),
  params: z.object({ storeId: z.string(), orderId: z.string() }),
  query: z.object({
    closed: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    page: z.coerce.number().default(0),
    tags: z.array(z.string()).optional(),
  }),
  response: ZOrder,
});

const createNote = defineRoute({
  id: 'test.createNote',
  method: 'POST',
  path: '/v2/api/notes',
  summary: 'test route',
  tag: 'test',
  access: access.public('test'),
  body: z.object({ text: z.string() }),
  response: z.object({ id: z.string() }),
  status: 201,
});

const ping = defineRoute({
  id: 'test.ping',
  method: 'DELETE',
  path: '/v2/api/ping',
  summary: 'test route',
  tag: 'test',
  access: access.public('test'),
});

describe('api client: typed calls', () => {
  it('builds the URL from params and query, sends the bearer token and parses the answer with the route schema', async () => {
    handlers.set('/v2/api/stores/s%201/orders/o%2F2', (_req, res) =>
      json(res, 200, { id: 'o/2', number: 7, closedAt: '2024-05-01T10:00:00.000Z' }),
    );
    const order = await client().call(getOrder, {
      params: { storeId: 's 1', orderId: 'o/2' },
      query: { closed: true, page: 2, tags: ['a', 'b'] },
    });

    expectTypeOf(order).toEqualTypeOf<{ id: string; number: number; closedAt: Date }>();
    expect(order).toEqual({ id: 'o/2', number: 7, closedAt: new Date('2024-05-01T10:00:00.000Z') });
    const [request] = seen;
    expect(request!.url).toBe('/v2/api/stores/s%201/orders/o%2F2?closed=true&page=2&tags=a&tags=b');
    expect(request!.headers.authorization).toBe('Bearer token-1');
    expect(request!.headers['idempotency-key']).toBeUndefined();
  });

  it('types params, query and body from the route table', () => {
    const api = client();
    // Never awaited: these lines are here for the type checker.
    const calls = () => {
      // @ts-expect-error params are required by the route
      void api.call(getOrder);
      // @ts-expect-error orderId is missing
      void api.call(getOrder, { params: { storeId: 's' } });
      // @ts-expect-error the body must have text: string
      void api.call(createNote, { body: { text: 1 } });
      // @ts-expect-error this route takes no body
      void api.call(ping, { body: { x: 1 } });
      void api.call(ping);
      expectTypeOf(api.call(createNote, { body: { text: 'hi' } })).resolves.toEqualTypeOf<{ id: string }>();
      expectTypeOf(api.call(ping)).resolves.toBeUndefined();
    };
    expect(calls).toBeTypeOf('function');
  });

  it('sends JSON bodies with an Idempotency-Key, a new one per call', async () => {
    handlers.set('/v2/api/notes', (_req, res, s) =>
      json(res, 201, { id: (JSON.parse(s.body) as { text: string }).text }),
    );
    const api = client();
    expect(await api.call(createNote, { body: { text: 'a' } })).toEqual({ id: 'a' });
    await api.call(createNote, { body: { text: 'b' } });

    const [first, second] = hits('/v2/api/notes');
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.body).toBe('{"text":"a"}');
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('sends no Idempotency-Key on the routes that carry secrets (sign-in, refresh, passwords, PINs)', async () => {
    const sent = new Map<string, string | null>();
    const api = createApiClient({
      baseUrl: 'http://api.test',
      retry: { maxRetries: 0 },
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        sent.set(`${init?.method} ${new URL(String(input)).pathname}`, headers.get('idempotency-key'));
        return new Response(null, { status: 204 });
      },
    });
    const secret = routeTable.filter((r) => r.carriesSecrets && r.method !== 'GET');
    expect(secret.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'session.login',
        'session.refresh',
        'storeUsers.setPassword',
        'storeUsers.setPin',
      ]),
    );
    const writes = routeTable.filter((r) => r.method !== 'GET');
    for (const route of writes) {
      const params = Object.fromEntries(pathParamNames(route.path).map((name) => [name, 'x']));
      await (api.call as (r: typeof route, o: object) => Promise<unknown>)(route, { params, body: {} }).catch(
        () => {},
      );
      const key = sent.get(`${route.method} ${fillPath(route.path, params)}`);
      if (usesIdempotencyKey(route)) expect(key, route.id).toMatch(/^[0-9a-f-]{36}$/);
      else expect(key, route.id).toBeNull();
    }
    expect(writes.filter((r) => !usesIdempotencyKey(r))).toEqual(secret);
  });

  it('uses the Idempotency-Key it is given (the offline queue replaying a stored write)', async () => {
    handlers.set('/v2/api/notes', (_req, res) => json(res, 201, { id: 'n' }));
    await client().call(createNote, { body: { text: 'a' }, idempotencyKey: 'stored-key-123' });
    expect(hits('/v2/api/notes')[0]!.headers['idempotency-key']).toBe('stored-key-123');
  });

  it('resolves undefined for an empty answer (204)', async () => {
    handlers.set('/v2/api/ping', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client().call(ping)).resolves.toBeUndefined();
  });

  it('rejects a missing path param before sending anything', async () => {
    const error = await client()
      .call(getOrder, { params: { storeId: 's' } as never })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS', message: 'orderId is mandatory' });
    expect(seen).toHaveLength(0);
  });
});

describe('api client: time-outs, retries and error codes', () => {
  it('rejects with the server error shape and does not retry a 4xx', async () => {
    handlers.set('/v2/api/notes', (_req, res) =>
      json(res, 400, { status: 400, code: 'INVALID_ARGUMENTS', message: 'text is mandatory' }),
    );
    const error = await client()
      .call(createNote, { body: { text: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toResponse()).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'text is mandatory',
    });
    expect(hits('/v2/api/notes')).toHaveLength(1);
  });

  it("keeps the error body's optional details; an answer without them has none", async () => {
    const details = { missingResults: [{ itemKey: 'wipers' }], missingMeasurements: [] };
    handlers.set('/v2/api/notes', (_req, res) =>
      json(res, 409, { status: 409, code: 'ORDER_CANNOT_BE_FINISHED', message: 'items-required', details }),
    );
    const error = (await client()
      .call(createNote, { body: { text: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code, error.message]).toEqual([409, 'ORDER_CANNOT_BE_FINISHED', 'items-required']);
    expect(error.details).toEqual(details);
    expect(error.toResponse()).toEqual({ status: 409, code: 'ORDER_CANNOT_BE_FINISHED', message: 'items-required', details });
    expect(new ApiError(400, 'INVALID_ARGUMENTS', 'x').details).toBeUndefined();
  });

  it('retries 503 with the same Idempotency-Key until it succeeds', async () => {
    handlers.set('/v2/api/notes', (_req, res, _s, count) =>
      count < 3
        ? json(res, 503, { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'restarting' })
        : json(res, 201, { id: 'n1' }),
    );
    await expect(client().call(createNote, { body: { text: 'a' } })).resolves.toEqual({ id: 'n1' });

    const attempts = hits('/v2/api/notes');
    expect(attempts).toHaveLength(3);
    const keys = new Set(attempts.map((a) => a.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBeTruthy();
  });

  it('retries 408, 502, 503 and 504, then gives up after 3 retries', async () => {
    for (const status of [408, 502, 503, 504]) {
      seen = [];
      handlers.set('/v2/api/ping', (_req, res) => json(res, status, { status, code: 'X', message: 'x' }));
      await expect(client().call(ping)).rejects.toMatchObject({ status });
      expect(hits('/v2/api/ping'), `status ${status}`).toHaveLength(1 + DEFAULT_RETRY_POLICY.maxRetries);
    }
  });

  it('retries a write whose first try is still running on the server (409 IDEMPOTENCY_KEY_IN_FLIGHT)', async () => {
    handlers.set('/v2/api/notes', (_req, res, _s, count) =>
      count === 1
        ? json(res, 409, { status: 409, code: 'IDEMPOTENCY_KEY_IN_FLIGHT', message: 'in progress' })
        : json(res, 201, { id: 'replayed' }),
    );
    await expect(client().call(createNote, { body: { text: 'a' } })).resolves.toEqual({ id: 'replayed' });
    expect(hits('/v2/api/notes')).toHaveLength(2);
  });

  it("gives 502 the message 'server_unable_to_process_request', even from an HTML proxy page", async () => {
    handlers.set('/v2/api/ping', (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    });
    const error = await client({ retry: { maxRetries: 0 } })
      .call(ping)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 502,
      code: 'BAD_GATEWAY',
      message: 'server_unable_to_process_request',
    });
  });

  it('gives status 417 to a successful answer that is not JSON', async () => {
    handlers.set('/v2/api/notes', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Login</title>');
    });
    await expect(client().call(createNote, { body: { text: 'a' } })).rejects.toMatchObject({
      status: 417,
      code: 'INVALID_RESPONSE',
    });
    expect(hits('/v2/api/notes')).toHaveLength(1);
  });

  it('gives status 417 to JSON that does not match the route response schema', async () => {
    handlers.set('/v2/api/notes', (_req, res) => json(res, 201, { id: 42 }));
    const error = await client()
      .call(createNote, { body: { text: 'a' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 417, code: 'INVALID_RESPONSE' });
    expect((error as ApiError).message).toContain('at id');
  });

  it('keeps the status of a non-JSON error page (a proxy 404 stays 404)', async () => {
    handlers.set('/v2/api/ping', (_req, res) => {
      res.writeHead(404, 'Not Found', { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    });
    await expect(client().call(ping)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it("gives status 0 'No internet connection' when nothing listens, after retrying", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    let fetches = 0;
    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      retry: { baseDelayMs: 1 },
      fetch: (input, init) => {
        fetches++;
        return fetch(input, init);
      },
    });
    const error = await api.call(ping).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toResponse()).toEqual({
      status: 0,
      code: 'NO_CONNECTION',
      message: 'No internet connection',
    });
    expect(fetches).toBe(1 + DEFAULT_RETRY_POLICY.maxRetries);
  });

  it('times out a GET after its time-out and retries it', async () => {
    handlers.set('/v2/api/stores/s/orders/o', () => {
      // never answers
    });
    const started = Date.now();
    const error = await client({
      timeouts: { getMs: 40, requestMs: 5000 },
      retry: { baseDelayMs: 1, maxRetries: 2 },
    })
      .call(getOrder, { params: { storeId: 's', orderId: 'o' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT' });
    expect(hits('/v2/api/stores/s/orders/o')).toHaveLength(3);
    // The 5 s non-GET time-out was not the one used.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out a write after the request time-out, and retries it with the same key', async () => {
    handlers.set('/v2/api/notes', (_req, res, _s, count) => {
      if (count > 1) json(res, 201, { id: 'late' });
    });
    // The first attempt never answers; later ones answer at once (on a busy machine "at once" can
    // still outlast a short time-out, so the time-out leaves room and more attempts are allowed).
    const api = client({ timeouts: { getMs: 5000, requestMs: 400 } });
    await expect(api.call(createNote, { body: { text: 'a' } })).resolves.toEqual({ id: 'late' });
    const attempts = hits('/v2/api/notes');
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    const keys = new Set(attempts.map((attempt) => attempt.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBeTruthy();
  });

  it('uses a call’s own time-out over the client’s', async () => {
    handlers.set('/v2/api/ping', () => {});
    await expect(client().call(ping, { timeoutMs: 30, maxRetries: 0 })).rejects.toMatchObject({
      status: 408,
    });
    // On a busy machine the abandoned request can reach the server after the client gave up: wait
    // for it here, or the next test counts it as its own.
    await vi.waitFor(() => expect(hits('/v2/api/ping')).toHaveLength(1));
  });

  it('defaults to 120 s, and 60 s for a GET', () => {
    expect([LIMITS.requestTimeoutMs, LIMITS.getTimeoutMs]).toEqual([120_000, 60_000]);
  });

  it('calls onUnauthorized on a 401 and rejects without retrying', async () => {
    handlers.set('/v2/api/ping', (_req, res) =>
      json(res, 401, { status: 401, code: 'UNAUTHENTICATED', message: 'jwt expired' }),
    );
    const told: unknown[] = [];
    const api = client({
      onUnauthorized: (error, request) => told.push([error.code, request.method, request.path]),
    });
    await expect(api.call(ping)).rejects.toMatchObject({ status: 401, message: 'jwt expired' });
    expect(told).toEqual([['UNAUTHENTICATED', 'DELETE', '/v2/api/ping']]);
    expect(hits('/v2/api/ping')).toHaveLength(1);
  });

  it('asks for the token before each attempt and omits Authorization without one', async () => {
    handlers.set('/v2/api/ping', (_req, res, _s, count) =>
      count === 1 ? json(res, 503, {}) : json(res, 200, {}),
    );
    const tokens = [null, 'fresh'];
    await client({ getToken: () => tokens.shift() }).call(ping);
    const [first, second] = hits('/v2/api/ping');
    expect(first!.headers.authorization).toBeUndefined();
    expect(second!.headers.authorization).toBe('Bearer fresh');
  });

  it('stops when the caller aborts, with the abort reason rather than an ApiError', async () => {
    handlers.set('/v2/api/ping', () => {});
    const controller = new AbortController();
    const progress = createRequestProgress();
    const pending = client({ progress }).call(ping, { signal: controller.signal });
    await expect.poll(() => hits('/v2/api/ping').length).toBe(1);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
    expect(progress.get()).toBe(100);
  });

  it('sends a raw request (the offline queue’s replay) with the same rules', async () => {
    handlers.set('/v2/api/notes', (_req, res, s) =>
      json(res, 201, { echoed: JSON.parse(s.body) as unknown }),
    );
    const value = await client().request({
      method: 'PUT',
      path: '/v2/api/notes',
      query: { draft: false, skip: undefined },
      body: { text: 'queued' },
      idempotencyKey: 'queued-key-1',
    });
    expect(value).toEqual({ echoed: { text: 'queued' } });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/v2/api/notes?draft=false' });
    expect(seen[0]!.headers['idempotency-key']).toBe('queued-key-1');
  });
});

describe('api client: request progress', () => {
  it('is 50 while a request runs, 100 when it finishes and 0 when it fails', async () => {
    let answer: (() => void) | undefined;
    handlers.set('/v2/api/ping', (_req, res, _s, count) => {
      answer = () =>
        count === 1 ? json(res, 200, {}) : json(res, 400, { status: 400, code: 'X', message: 'x' });
    });
    const progress = createRequestProgress();
    const values: number[] = [];
    progress.subscribe((v) => values.push(v));
    const api = client({ progress });
    expect(api.progress).toBe(progress);
    expect(progress.get()).toBe(0);

    const ok = api.call(ping);
    expect(progress.get()).toBe(50);
    await expect.poll(() => answer).toBeDefined();
    answer!();
    await ok;
    expect(progress.get()).toBe(100);

    answer = undefined;
    const failing = api.call(ping).catch(() => undefined);
    expect(progress.get()).toBe(50);
    await expect.poll(() => answer).toBeDefined();
    answer!();
    await failing;
    expect(progress.get()).toBe(0);
    expect(values).toEqual([50, 100, 50, 0]);
  });
});

describe('retry back-off', () => {
  it('waits 100 ms × 2^(retry-1), capped at 10 s', () => {
    const delays = [1, 2, 3, 4, 8, 20].map((n) => retryDelayMs(n, DEFAULT_RETRY_POLICY));
    expect(delays).toEqual([100, 200, 400, 800, 10_000, 10_000]);
  });
});
