import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, topics, type Topic } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/db.js';
import { principalOf } from '../../../test/factories.js';
import type { Database } from '../db/client.js';
import { createMemoryBus, type BusEvent, type EventBus } from '../realtime/bus.js';
import { connect, type TestSocket } from '../realtime/ws-test-client.js';
import { createOutbox } from './outbox.js';
import { createOutboxRepository, recordEvent } from './outbox.repository.js';

const silent = pino({ level: 'silent' });

describe('outbox to websocket', () => {
  let t: TestApp;
  let socket: TestSocket;
  let orders: ReturnType<typeof topics.store>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const store = await t.make.store();
    orders = topics.store(store.id);
    const token = await t.platform.tokens.signAccess(principalOf(await t.make.user('Technician', store)));
    const { port } = t.app.server.address() as AddressInfo;
    socket = await connect(`ws://127.0.0.1:${port}${REALTIME_PATH}?token=${token}`);
    await socket.subscribe(orders.inspectionOrdersUpdated);
    await socket.subscribe(orders.inspectionOrdersRemoved);
  });
  afterAll(async () => {
    await socket.close();
    await t.close();
  });

  it('delivers an event recorded in a committed transaction, and nothing from a rolled-back one', async () => {
    const rolledBack = t.platform.outbox.transaction(async (tx) => {
      await recordEvent(tx, orders.inspectionOrdersRemoved, { id: 'never' });
      throw new Error('change refused');
    });
    await expect(rolledBack).rejects.toThrow('change refused');
    await t.platform.outbox.transaction(async (tx) => {
      await recordEvent(tx, orders.inspectionOrdersUpdated, { id: 'order-1' });
    });
    // The relay publishes in id order, so the committed event arriving proves the earlier,
    // rolled-back one is not coming.
    expect(await socket.next((f) => f.type === 'event')).toEqual({
      type: 'event',
      topic: orders.inspectionOrdersUpdated,
      payload: { id: 'order-1' },
    });
    await t.platform.outbox.drain();
    expect(socket.events(orders.inspectionOrdersRemoved)).toEqual([]);
  });

  it('delivers the events of one transaction in the order they were recorded', async () => {
    await t.platform.outbox.transaction(async (tx) => {
      await recordEvent(tx, orders.inspectionOrdersUpdated, { step: 1 });
      await recordEvent(tx, orders.inspectionOrdersRemoved, { step: 2 });
      await recordEvent(tx, orders.inspectionOrdersUpdated, { step: 3 });
    });
    const steps = [];
    for (let i = 0; i < 3; i++)
      steps.push(
        ((await socket.next((f) => f.type === 'event')) as { payload: { step: number } }).payload.step,
      );
    expect(steps).toEqual([1, 2, 3]);
  });

  it('refuses to record an unknown topic', async () => {
    await expect(t.platform.outbox.emit('store/nowhere/paymentMade' as Topic, {})).rejects.toThrow(TypeError);
  });
});

describe('outbox relay', () => {
  let database: Database;
  const store = '5f0e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  function recorder(): { bus: EventBus; seen: BusEvent[] } {
    const bus = createMemoryBus();
    const seen: BusEvent[] = [];
    bus.onEvent((e) => seen.push(e));
    return { bus, seen };
  }

  it('publishes right after a commit when woken, without waiting for the poll', async () => {
    const { bus, seen } = recorder();
    const outbox = createOutbox({ database, bus, logger: silent, options: { pollMs: 60_000 } });
    outbox.start();
    await outbox.drain();
    const started = Date.now();
    await outbox.transaction((tx) => recordEvent(tx, topics.store(store).paymentMade, { amount: 10 }));
    await expect.poll(() => seen.length, { interval: 5 }).toBe(1);
    // Far below the minute-long poll, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    await outbox.stop();
  });

  it('runs reactions with the batch: their events go out next, a failing one is skipped and holds nothing back', async () => {
    const { bus, seen } = recorder();
    const outbox = createOutbox({ database, bus, logger: silent, options: { pollMs: 60_000 } });
    const t = topics.store(store);
    outbox.react({ name: 'broken', wants: () => true, handle: () => Promise.reject(new Error('bug')) });
    outbox.react({
      name: 'echo',
      wants: (topic) => topic === t.reportApproved,
      handle: (tx, event) => recordEvent(tx, t.estimatesUpdated, { after: event.payload }),
    });
    // Registering again under the same name replaces, never doubles.
    outbox.react({
      name: 'echo',
      wants: (topic) => topic === t.reportApproved,
      handle: (tx, event) => recordEvent(tx, t.estimatesUpdated, { after: event.payload }),
    });
    outbox.start();
    await outbox.drain();
    seen.length = 0;
    await outbox.transaction((tx) => recordEvent(tx, t.reportApproved, { n: 1 }));
    await outbox.drain();
    expect(seen.map((e) => [e.topic, e.payload])).toEqual([
      [t.reportApproved, { n: 1 }],
      [t.estimatesUpdated, { after: { n: 1 } }],
    ]);
    await outbox.stop();
  });

  it('picks up rows committed elsewhere by polling', async () => {
    const { bus, seen } = recorder();
    const outbox = createOutbox({ database, bus, logger: silent, options: { pollMs: 50 } });
    outbox.start();
    await outbox.drain();
    await recordEvent(database.db, topics.store(store).consumerReadingReport, { report: 1 });
    await expect.poll(() => seen.map((e) => e.payload)).toEqual([{ report: 1 }]);
    await outbox.stop();
  });

  it('keeps the rows when the bus fails, and publishes them once it is back', async () => {
    let down = true;
    const { bus: healthy, seen } = recorder();
    const flaky: EventBus = {
      ...healthy,
      publish: (e) => (down ? Promise.reject(new Error('bus down')) : healthy.publish(e)),
    };
    const outbox = createOutbox({ database, bus: flaky, logger: silent, options: { pollMs: 60_000 } });
    const repository = createOutboxRepository(database.db);
    await outbox.drain();
    await recordEvent(database.db, topics.store(store).messagesCount, { unread: 3 });
    await outbox.drain();
    expect(await repository.unpublishedCount()).toBe(1);
    down = false;
    await outbox.drain();
    expect(seen.map((e) => e.payload)).toEqual([{ unread: 3 }]);
    expect(await repository.unpublishedCount()).toBe(0);
  });

  it('never publishes a row twice when two relays drain at once, and keeps id order', async () => {
    const topic = topics.store(store).messagesCreated;
    const count = 450;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await recordEvent(tx, topic, { i });
    });
    const one = recorder();
    const two = recorder();
    const relays = [one, two].map(({ bus }) =>
      createOutbox({ database, bus, logger: silent, options: { pollMs: 10, batchSize: 50 } }),
    );
    for (const relay of relays) relay.start();
    await expect.poll(() => one.seen.length + two.seen.length, { timeout: 10_000 }).toBe(count);
    await Promise.all(relays.map((r) => r.stop()));
    const published = [...one.seen, ...two.seen].map((e) => (e.payload as { i: number }).i);
    expect(new Set(published).size).toBe(count);
    for (const { seen } of [one, two]) {
      const order = seen.map((e) => (e.payload as { i: number }).i);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('prunes published rows past the retention, never unpublished ones', async () => {
    const repository = createOutboxRepository(database.db);
    const { bus } = recorder();
    const outbox = createOutbox({ database, bus, logger: silent });
    await outbox.drain();
    await recordEvent(database.db, topics.system.notificationsCreated, { id: 'pending' });
    const deleted = await repository.prunePublished(new Date(Date.now() + 60_000), 10_000);
    expect(deleted).toBeGreaterThan(0);
    expect(await repository.unpublishedCount()).toBe(1);
    expect(await repository.prunePublished(new Date(Date.now() + 60_000), 10_000)).toBe(0);
    await outbox.drain();
    expect(await repository.unpublishedCount()).toBe(0);
  });
});
