import type { Logger } from 'pino';
import { LIMITS } from '@servicebay/domain';
import type { IdempotencyRepository } from './idempotency.repository.js';

export interface IdempotencyPurge {
  /** One purge now; answers how many records went. */
  purge(): Promise<number>;
  stop(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes idempotency records older than their time to live: once when started, then every
 * `everyMs` (an hour). Runs in every server process: each batch is one DELETE over the created_at
 * index, so two processes purging at once only share the work. Started with the app and stopped
 * when it closes (app.ts).
 */
export function startIdempotencyPurge(deps: {
  repo: Pick<IdempotencyRepository, 'purgeOlderThan'>;
  logger: Logger;
  everyMs?: number;
  ttlMs?: number;
  batch?: number;
}): IdempotencyPurge {
  const ttlMs = deps.ttlMs ?? LIMITS.idempotencyKeyTtlMs;
  const batch = deps.batch ?? 5000;
  let running: Promise<number> | null = null;
  let stopped = false;

  const run = async (): Promise<number> => {
    const before = new Date(Date.now() - ttlMs);
    let total = 0;
    for (;;) {
      const gone = await deps.repo.purgeOlderThan(before, batch);
      total += gone;
      if (gone < batch || stopped) return total;
    }
  };

  const purge = (): Promise<number> => {
    if (running) return running;
    running = run()
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'idempotency purge failed; will retry');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  void purge();
  const timer = setInterval(() => void purge(), deps.everyMs ?? HOUR_MS);
  timer.unref();
  return {
    purge,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
