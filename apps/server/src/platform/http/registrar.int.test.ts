import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, AppError, defineRoute, STAFF_ROLES, ZId } from '@servicebay/domain';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { partners } from '../db/schema/tenancy.js';
import { implement } from './registrar.js';

// Fixture routes exercising the registrar's pipeline: validation, answers, idempotency.
const createThing = defineRoute({
  id: 'fixture.createThing',
  method: 'POST',
  path: '/v2/api/store/:storeId/fixtureThing',
  summary: 'Fixture: writes a row',
  tag: 'fixture',
  access: access.store(STAFF_ROLES),
  params: z.strictObject({ storeId: ZId }),
  body: z.strictObject({ name: z.string().min(1).max(50), count: z.number().int().optional() }),
  response: z.object({ id: z.string(), name: z.string() }),
  status: 201,
});
const slowThing = defineRoute({
  ...createThing,
  id: 'fixture.slowThing',
  path: '/v2/api/store/:storeId/fixtureSlowThing',
});
const crashThing = defineRoute({
  ...createThing,
  id: 'fixture.crashThing',
  path: '/v2/api/store/:storeId/fixtureCrashThing',
});

const providerThing = defineRoute({
  ...createThing,
  id: 'fixture.providerThing',
  path: '/v2/api/store/:storeId/fixtureProviderThing',
});

let providerCalls = 0;
let release: () => void = () => {};
// Called when the slow handler starts: its idempotency key is claimed by then.
let entered: () => void = () => {};
let crashes = 0;
let t: TestApp;
let headers: Record<string, string>;
let base: string;

beforeAll(async () => {
  t = await createTestApp(
    { bodyLimitBytes: 2048 },
    {
      extra: {
        table: [createThing, slowThing, crashThing, providerThing],
        implementations: [
          implement(createThing, async ({ body }) => {
            const [row] = await t.platform.database.db.insert(partners).values({ name: body.name }).returning();
            // The extra field must never reach the caller: responses are parsed by their schema.
            return { id: row!.id, name: row!.name, secret: 'hidden' } as { id: string; name: string };
          }),
          implement(slowThing, async ({ body }) => {
            entered();
            await new Promise<void>((resolve) => (release = resolve));
            return { id: 'slow', name: body.name };
          }),
          implement(providerThing, async () => {
            providerCalls++;
            if (providerCalls === 1) throw new AppError(502, 'SERVICE_UNAVAILABLE', 'The mail server did not answer');
            return { id: 'delivered', name: 'ok' };
          }),
          implement(crashThing, async () => {
            crashes++;
            if (crashes === 1) throw new Error('database fell over');
            return { id: 'second-try', name: 'ok' };
          }),
        ],
      },
    },
  );
  const store = await t.make.store();
  headers = { ...(await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store))), 'content-type': 'application/json' };
  base = `/v2/api/store/${store.id}`;
});
afterAll(() => t?.close());

async function partnerCount(name: string) {
  const [row] = await t.platform.database.db.select({ n: count() }).from(partners).where(eq(partners.name, name));
  return row!.n;
}

describe('input validation', () => {
  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/fixtureThing`, headers, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/fixtureThing`, headers, payload: {} });
    expect(res.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'name is mandatory' });
  });

  it('names the field of the wrong type', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/fixtureThing`, headers, payload: { name: 'a', count: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^count: /);
  });

  it('refuses unknown fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/fixtureThing`, headers, payload: { name: 'a', admin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('admin');
  });

  it('refuses a bad id before any lookup', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/api/store/not-an-id/fixtureThing', headers, payload: { name: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^storeId: /);
  });

  it('refuses an oversize body with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/fixtureThing`, headers, payload: { name: 'x'.repeat(5000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/fixtureThing`,
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<name>a</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('writes nothing when the input is bad', async () => {
    await t.app.inject({ method: 'POST', url: `${base}/fixtureThing`, headers, payload: { name: '' } });
    expect(await partnerCount('')).toBe(0);
  });

  it('answers with the route status and only the fields of the response schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/fixtureThing`, headers, payload: { name: 'plain' } });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'name']);
  });

  it('answers a forged token with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/fixtureThing`,
      headers: { ...headers, authorization: 'Bearer abc.def.ghi' },
      payload: { name: 'a' },
    });
    expect(res.json()).toEqual({ status: 401, code: 'UNAUTHENTICATED', message: 'jwt malformed or expired' });
  });
});

describe('shutdown', () => {
  it('waits for running handlers before app.close() resolves', async () => {
    let finish: () => void = () => {};
    const waiting = defineRoute({ ...createThing, id: 'fixture.waiting', path: '/v2/api/store/:storeId/fixtureWaiting' });
    const own = await createTestApp({}, {
      extra: {
        table: [waiting],
        implementations: [
          implement(waiting, async ({ body }) => {
            await new Promise<void>((resolve) => (finish = resolve));
            return { id: 'late', name: body.name };
          }),
        ],
      },
    });
    const store = await own.make.store();
    const auth = { ...(await bearer(own.platform.tokens, await own.make.user('ServiceAdvisor', store))), 'content-type': 'application/json' };
    const request = own.app.inject({ method: 'POST', url: `/v2/api/store/${store.id}/fixtureWaiting`, headers: auth, payload: { name: 'w' } });
    await new Promise((r) => setTimeout(r, 50));
    let closed = false;
    const closing = own.app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    finish();
    await closing;
    expect((await request).statusCode).toBe(201);
    await own.close();
  });
});

describe('Idempotency-Key', () => {
  const post = (url: string, key: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': key }, payload });

  it('replays the first answer and writes nothing more', async () => {
    const first = await post(`${base}/fixtureThing`, 'key-replay-0001', { name: 'once' });
    const second = await post(`${base}/fixtureThing`, 'key-replay-0001', { name: 'once' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await partnerCount('once')).toBe(1);
  });

  it('refuses the same key with another body (422)', async () => {
    await post(`${base}/fixtureThing`, 'key-reuse-00001', { name: 'first' });
    const res = await post(`${base}/fixtureThing`, 'key-reuse-00001', { name: 'second' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await partnerCount('second')).toBe(0);
  });

  it('refuses a replay while the first is in flight (409)', async () => {
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const first = post(`${base}/fixtureSlowThing`, 'key-inflight-01', { name: 'slow' });
    // Not a fixed wait: on a busy machine the first may not have claimed the key 50 ms later.
    await inHandler;
    const second = await post(`${base}/fixtureSlowThing`, 'key-inflight-01', { name: 'slow' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    release();
    expect((await first).statusCode).toBe(201);
  });

  it('keeps refusals: a replay of a bad request gets the same 400', async () => {
    const first = await post(`${base}/fixtureThing`, 'key-refusal-001', { name: '' });
    const second = await post(`${base}/fixtureThing`, 'key-refusal-001', { name: '' });
    expect(first.statusCode).toBe(400);
    expect(second.statusCode).toBe(400);
  });

  it('lets the caller try again after a crash', async () => {
    const first = await post(`${base}/fixtureCrashThing`, 'key-crash-00001', { name: 'c' });
    expect(first.statusCode).toBe(500);
    expect(first.json()).toEqual({ status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
    const second = await post(`${base}/fixtureCrashThing`, 'key-crash-00001', { name: 'c' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ id: 'second-try', name: 'ok' });
  });

  it('lets the caller try again after a provider failure (5xx)', async () => {
    const first = await post(`${base}/fixtureProviderThing`, 'key-provider-01', { name: 'p' });
    expect(first.statusCode).toBe(502);
    const second = await post(`${base}/fixtureProviderThing`, 'key-provider-01', { name: 'p' });
    expect(second.statusCode).toBe(201);
  });

  it('keeps keys per caller', async () => {
    const store = await t.make.store();
    const otherHeaders = { ...(await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store))), 'content-type': 'application/json' };
    await post(`${base}/fixtureThing`, 'key-percaller-1', { name: 'mine' });
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${store.id}/fixtureThing`,
      headers: { ...otherHeaders, 'idempotency-key': 'key-percaller-1' },
      payload: { name: 'mine' },
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key', async () => {
    const res = await post(`${base}/fixtureThing`, 'bad key!', { name: 'k' });
    expect(res.statusCode).toBe(400);
    expect(await partnerCount('k')).toBe(0);
  });
});
