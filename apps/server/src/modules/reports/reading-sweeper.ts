import type { Logger } from 'pino';
import { REPORT_READING_TIMEOUT_MS } from '@servicebay/domain';
import type { Outbox } from '../../platform/outbox/outbox.js';
import { createReportViewRepository } from './report-view.repository.js';
import { announceReading } from './report-view/reading.js';

export interface ReadingSweeper {
  /** One sweep now; answers how many reports turned read. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Turns reports no longer viewed for the reading time-out (5000 ms) from 'reading' to
 * 'read', every `everyMs`, and tells the store's dashboards (consumerReadingReport) in the same
 * transaction. Runs in every server process: the UPDATE is one statement, so two processes never
 * turn the same report twice. Started with the app, stopped when it closes (app.ts).
 */
export function startReadingSweeper(deps: {
  outbox: Pick<Outbox, 'transaction'>;
  logger: Logger;
  everyMs?: number;
  timeoutMs?: number;
}): ReadingSweeper {
  const timeoutMs = deps.timeoutMs ?? REPORT_READING_TIMEOUT_MS;
  let running: Promise<number> | null = null;
  let failing = false;

  const sweep = (): Promise<number> => {
    if (running) return running;
    running = deps.outbox
      .transaction(async (tx) => {
        const changes = await createReportViewRepository(tx).sweepReading(timeoutMs);
        for (const change of changes) await announceReading(tx, change);
        return changes.length;
      })
      .then((n) => {
        failing = false;
        return n;
      })
      .catch((error: unknown) => {
        // One line per outage, not one per second.
        if (!failing) deps.logger.warn({ err: error }, 'report reading sweep failed; will retry');
        failing = true;
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void sweep(), deps.everyMs ?? 1000);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
