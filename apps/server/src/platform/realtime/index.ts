import type { Logger } from 'pino';
import { createMemoryBus, type EventBus } from './bus.js';
import { createRedisBus } from './redis-bus.js';

/** The bus the configuration names: Redis pub/sub when REDIS_URL is set, else in-process. */
export async function createBus(
  redis: { url: string | undefined; prefix: string },
  logger: Logger,
): Promise<EventBus> {
  if (redis.url) return createRedisBus({ url: redis.url, prefix: redis.prefix, logger });
  return createMemoryBus((error) => logger.error({ err: error }, 'realtime listener failed'));
}
