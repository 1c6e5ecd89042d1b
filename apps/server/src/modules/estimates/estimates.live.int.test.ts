import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { topics, ZEstimateUpdatedEvent, type Estimate } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { testSockets } from '../../../test/sockets.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { MULTI_POINT_INSPECTION_ID } from '../inspections/templates.js';

/**
 * `store/{storeId}/estimates/updated` (docs/realtime.md): every change of an estimate is told to
 * the store's staff, in the change's transaction, with the version and the step, status and
 * delivery it left; a first read, a refused change and another store's staff hear nothing.
 */

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Store;
let other: Store;
let advisor: User;
let headers: Record<string, string>;
const { listen, socketFor, closeAll } = testSockets();

const est = (orderId: string, rest = '') => `/v2/api/store/${store.id}/inspectionOrder/${orderId}/estimate${rest}`;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** The estimates/updated events written for an order, oldest first. */
const written = async (orderId: string) =>
  (
    await t.platform.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.topic, topics.store(store.id).estimatesUpdated))
  )
    .map((e) => ZEstimateUpdatedEvent.parse(e.payload))
    .filter((e) => e.inspectionOrderId === orderId);

async function orderWithALine() {
  const order = await t.make.inspectionOrder(store, { inspectionType: MULTI_POINT_INSPECTION_ID });
  await t.make.result(store, { inspectionOrderId: order.id, itemKey: 'frontBrakePads', result: 'critical' });
  const first = await send('GET', est(order.id, '?language=en'));
  expect(first.statusCode, first.body).toBe(200);
  return { orderId: order.id, estimate: first.json() as Estimate };
}

beforeAll(async () => {
  t = await createTestApp();
  await listen(t);
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  advisor = await t.make.user('ServiceAdvisor', store);
  headers = await bearer(t.platform.tokens, advisor);
});

afterAll(async () => {
  await closeAll();
  await t?.close();
});

describe('estimates/updated', () => {
  it("tells the store's staff of each change, with its version; another store's staff may not listen", async () => {
    const { orderId, estimate } = await orderWithALine();
    // Made on first read: nothing told, nothing changed.
    expect(await written(orderId)).toEqual([]);
    const topic = topics.store(store.id).estimatesUpdated;
    const colleague = await socketFor(await t.make.user('ServiceWriter', store));
    expect(await colleague.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    const stranger = await socketFor(await t.make.user('ServiceAdvisor', other));
    expect(await stranger.subscribe(topic)).toMatchObject({ type: 'error', status: 404, code: 'NOT_FOUND' });

    const line = estimate.lines[0]!;
    const saved = await send('PUT', est(orderId, `/line/${line._id}`), { labourHours: 1.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as Estimate;
    const frame = await colleague.next((f) => f.type === 'event' && f.topic === topic, 20_000);
    expect(ZEstimateUpdatedEvent.parse((frame as { payload: unknown }).payload)).toEqual({
      inspectionOrderId: orderId,
      version: after.version,
      state: 'inProgress',
      status: 'IN_PROGRESS',
      delivery: 'NOT_SENT',
    });
    expect(after.version).toBeGreaterThan(estimate.version);

    // Marked ready: the same version, the step done.
    const ready = await send('POST', est(orderId, '/ready'), { version: after.version });
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await written(orderId)).at(-1)).toMatchObject({ version: after.version, state: 'done' });
  });

  it('tells nothing of a refused change', async () => {
    const { orderId, estimate } = await orderWithALine();
    const line = estimate.lines[0]!;
    expect((await send('PUT', est(orderId, `/line/${line._id}`), { labourHours: -1 })).statusCode).toBe(400);
    expect((await send('POST', est(orderId, '/ready'), { version: estimate.version + 5 })).statusCode).toBe(409);
    expect(await written(orderId)).toEqual([]);
    // Then one change, one event.
    expect((await send('PUT', est(orderId, `/line/${line._id}`), { description: 'Front pads' })).statusCode).toBe(200);
    expect(await written(orderId)).toHaveLength(1);
  });
});
