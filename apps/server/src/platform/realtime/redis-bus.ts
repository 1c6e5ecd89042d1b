import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { dispatch, type BusEvent, type EventBus } from './bus.js';

export interface RedisBusOptions {
  url: string;
  /**
   * Prepended to the channel name. Pub/sub channels ignore the database number in the URL, so
   * deployments (or test runs) sharing one Redis are kept apart by the prefix alone.
   */
  prefix?: string;
  logger: Logger;
  /** How long start-up waits for Redis before giving up. */
  connectTimeoutMs?: number;
}

export const DEFAULT_REDIS_PREFIX = 'servicebay:';

/**
 * Redis pub/sub bus: one publisher and one subscriber connection per process, one channel
 * (`{prefix}events`) carrying `{ topic, payload }` as JSON. Each process filters by topic in its
 * hub, which is a map lookup per event; a channel per topic would move that filter into Redis
 * at the price of SUBSCRIBE traffic on every websocket subscription.
 *
 * Pub/sub is at-most-once: a process that is disconnected from Redis misses what was published
 * meanwhile. Clients refetch on reconnect, and the outbox keeps events until they reached Redis.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<EventBus> {
  const { logger } = options;
  const channel = `${options.prefix ?? DEFAULT_REDIS_PREFIX}events`;
  const listeners = new Set<(event: BusEvent) => void>();
  const common: RedisOptions = {
    lazyConnect: true,
    // Fail a publish at once while Redis is away: the outbox keeps the rows and retries, which
    // beats an unbounded in-memory queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 5000),
  };
  const publisher = new Redis(options.url, { ...common, connectionName: 'servicebay-bus-pub' });
  const subscriber = new Redis(options.url, { ...common, connectionName: 'servicebay-bus-sub' });

  // One log line per outage rather than one per reconnection attempt.
  const down = new Set<Redis>();
  for (const [connection, role] of [
    [publisher, 'publisher'],
    [subscriber, 'subscriber'],
  ] as const) {
    connection.on('error', (error: Error) => {
      if (down.has(connection)) return;
      down.add(connection);
      logger.warn({ err: error, role }, 'redis bus connection lost; reconnecting');
    });
    connection.on('ready', () => {
      if (down.delete(connection)) logger.info({ role }, 'redis bus connection back');
    });
  }

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let event: BusEvent;
    try {
      const parsed = JSON.parse(message) as unknown;
      if (typeof parsed !== 'object' || parsed === null || typeof (parsed as BusEvent).topic !== 'string') {
        throw new Error('not a bus event');
      }
      event = { topic: (parsed as BusEvent).topic, payload: (parsed as BusEvent).payload };
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed message on the redis bus');
      return;
    }
    dispatch([...listeners], event, (error) => logger.error({ err: error }, 'realtime listener failed'));
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    // Subscribed before anything is published from here, so this process hears its own events.
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at REDIS_URL is not reachable: ${(error as Error).message}`, { cause: error });
  }

  let closed = false;
  return {
    kind: 'redis',
    async publish(event) {
      if (closed) throw new Error('event bus is closed');
      await publisher.publish(channel, JSON.stringify({ topic: event.topic, payload: event.payload }));
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async ping() {
      if (closed || publisher.status !== 'ready' || subscriber.status !== 'ready') return false;
      try {
        return (await publisher.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.all([quit(subscriber), quit(publisher)]);
    },
  };
}

/** QUIT when connected (clean), else drop the socket and stop reconnecting. */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    try {
      await connection.quit();
      return;
    } catch {
      // fall through: the connection went away while quitting
    }
  }
  connection.disconnect();
}
