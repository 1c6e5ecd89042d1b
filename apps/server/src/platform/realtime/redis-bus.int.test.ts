import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent, EventBus } from './bus.js';
import { createRedisBus } from './redis-bus.js';
import { redisAnswers, redisTestUrl } from '../../../test/redis.js';

const url = redisTestUrl;
const silent = pino({ level: 'silent' });


const available = await redisAnswers();

describe.runIf(available)(`redis bus (${url})`, () => {
  // Pub/sub channels are shared by every database of a Redis server: a prefix of its own keeps
  // this run apart from others on the same machine.
  const prefix = `servicebay-test-${randomBytes(4).toString('hex')}:`;
  const buses: EventBus[] = [];
  const seen: BusEvent[][] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const bus = await createRedisBus({ url, prefix, logger: silent });
      const events: BusEvent[] = [];
      bus.onEvent((e) => events.push(e));
      buses.push(bus);
      seen.push(events);
    }
  });
  afterAll(() => Promise.all(buses.map((b) => b.close())));

  it('delivers each event once to every bus, the publisher included', async () => {
    await buses[0]!.publish({ topic: 'system/notifications/created', payload: { from: 0 } });
    await buses[1]!.publish({ topic: 'system/notifications/created', payload: { from: 1 } });
    for (const events of seen) {
      await expect.poll(() => events.map((e) => e.payload)).toEqual([{ from: 0 }, { from: 1 }]);
    }
    // A round trip after the events: anything duplicated would have arrived by now.
    await buses[0]!.publish({ topic: 'system/notifications/created', payload: { from: 'marker' } });
    for (const events of seen) await expect.poll(() => events.length).toBe(3);
  });

  it('keeps deployments with another prefix apart and ignores malformed messages', async () => {
    const other = await createRedisBus({ url, prefix: `${prefix}other:`, logger: silent });
    const raw = new Redis(url);
    try {
      const before = seen[0]!.length;
      await other.publish({ topic: 'system/notifications/created', payload: { stranger: true } });
      await raw.publish(`${prefix}events`, 'not json');
      await raw.publish(`${prefix}events`, JSON.stringify({ payload: 'no topic' }));
      await buses[1]!.publish({ topic: 'system/notifications/created', payload: { after: true } });
      await expect.poll(() => seen[0]!.length).toBe(before + 1);
      expect(seen[0]!.at(-1)!.payload).toEqual({ after: true });
    } finally {
      raw.disconnect();
      await other.close();
    }
  });

  it('reports its health and refuses to publish once closed', async () => {
    const bus = await createRedisBus({ url, prefix, logger: silent });
    expect(bus.kind).toBe('redis');
    expect(await bus.ping()).toBe(true);
    await bus.close();
    expect(await bus.ping()).toBe(false);
    await expect(bus.publish({ topic: 'system/notifications/created', payload: {} })).rejects.toThrow(
      'closed',
    );
  });

  it('fails fast at start-up when Redis does not answer', async () => {
    const started = Date.now();
    await expect(
      createRedisBus({ url: 'redis://127.0.0.1:1/0', logger: silent, connectTimeoutMs: 500 }),
    ).rejects.toThrow('not reachable');
    // Half a second to connect, then no retry; the bound is loose for a loaded machine, and still
    // far from a client that retries forever.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

if (!available) {
  describe('redis bus', () => {
    it.skip(`skipped: no Redis answering at ${url} (set REDIS_TEST_URL)`, () => {});
  });
}
