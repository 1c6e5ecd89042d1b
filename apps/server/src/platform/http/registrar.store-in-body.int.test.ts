import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, defineRoute, ZId } from '@servicebay/domain';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { implement } from './registrar.js';

// access.storeInBody: the store a route acts for travels in the JSON body (as in
// POST /inspectionOrder, a shop system's ticket).
const bodyStoreRoute = defineRoute({
  id: 'fixture.bodyStore',
  method: 'POST',
  path: '/v2/api/fixtureBodyStore',
  summary: 'Fixture: answers the store it acts for',
  tag: 'fixture',
  access: access.storeInBody(['ServiceAdvisor']),
  body: z.strictObject({ storeId: ZId, name: z.string().min(1) }),
  response: z.object({ storeId: z.string() }),
});

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let other: Awaited<ReturnType<TestApp['make']['store']>>;

beforeAll(async () => {
  t = await createTestApp({}, {
    extra: { table: [bodyStoreRoute], implementations: [implement(bodyStoreRoute, ({ storeId }) => ({ storeId }))] },
  });
  store = await t.make.store();
  other = await t.make.store();
});
afterAll(() => t?.close());

const post = async (payload: object, user?: Awaited<ReturnType<TestApp['make']['user']>>) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/fixtureBodyStore',
    headers: user ? await bearer(t.platform.tokens, user) : {},
    payload,
  });

describe('a store taken from the body', () => {
  it("acts for the body's store when the caller may", async () => {
    const res = await post({ storeId: store.id, name: 'x' }, await t.make.user('ServiceAdvisor', store));
    expect(res.json()).toEqual({ storeId: store.id });
  });

  it('checks like a path store: 401 anonymous, 404 another store (before validation), 403 a role not allowed', async () => {
    expect((await post({ storeId: store.id, name: 'x' })).statusCode).toBe(401);
    expect((await post({ storeId: other.id }, await t.make.user('ServiceAdvisor', store))).statusCode).toBe(404);
    expect((await post({ storeId: store.id, name: 'x' }, await t.make.user('Technician', store))).statusCode).toBe(403);
  });

  it('answers 400 naming the field when the store is missing or not an id', async () => {
    const advisor = await t.make.user('ServiceAdvisor', store);
    expect((await post({ name: 'x' }, advisor)).json()).toMatchObject({ status: 400, message: 'storeId is mandatory' });
    expect((await post({ storeId: 42, name: 'x' }, advisor)).json()).toMatchObject({ status: 400, message: 'storeId: must be an id' });
  });
});
