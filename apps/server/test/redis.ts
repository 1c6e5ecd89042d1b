import { Redis } from 'ioredis';

/** The Redis the tests use (database 15, so a developer's own data is never touched). */
export const redisTestUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379/15';

/** Whether that Redis answers, so tests needing it can skip with a reason instead of hanging. */
export async function redisAnswers(url = redisTestUrl): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
