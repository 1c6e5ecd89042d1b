import type { Logger } from 'pino';
import type { Topic } from '@servicebay/domain';
import type { Database, Db } from '../db/client.js';
import type { EventBus } from '../realtime/bus.js';
import { createOutboxRepository, recordEvent, type OutboxRow } from './outbox.repository.js';

export interface OutboxOptions {
  /** Safety-net poll: catches rows committed by other processes or by code that did not wake us. */
  pollMs: number;
  batchSize: number;
  /** How long published rows are kept (to look at in an incident) before they are pruned. */
  retentionMs: number;
  pruneEveryMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  pollMs: 500,
  batchSize: 200,
  retentionMs: 60 * 60 * 1000,
  pruneEveryMs: 5 * 60 * 1000,
};

/** When another process holds the drain lock, look again soon rather than at the next poll. */
const BUSY_RETRY_MS = 50;
const PRUNE_BATCH = 5000;

/**
 * Work another module does when an event is committed (a notification made from an approval):
 * `handle` runs in the relay's transaction, before the event is published and marked, so what it
 * writes (its own events included) commits exactly when the event is marked published: once per
 * event across processes. Each runs in a savepoint: one that throws is logged and skipped, and
 * never holds the outbox back. Keep them short: the relay waits for them.
 */
export interface OutboxReaction {
  name: string;
  /** Which topics it wants (cheap: every committed event is asked). */
  wants(topic: string): boolean;
  handle(tx: Db, event: { topic: string; payload: unknown }): Promise<void>;
}

/**
 * The transactional outbox (architecture decision 5): changes record their events with
 * `recordEvent(tx, topic, payload)` in their own transaction; the relay publishes committed
 * events to the bus in id order and marks them published.
 */
export interface Outbox {
  /**
   * Runs `work` in a transaction and wakes the relay once it has committed, so its events go out
   * at once instead of at the next poll. Code that commits some other way calls `wake()`.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Records one event on its own, for events that accompany no other change. */
  emit(topic: Topic, payload: object): Promise<void>;
  wake(): void;
  /** Adds a reaction to committed events (see OutboxReaction), for the batches claimed from then on. */
  react(reaction: OutboxReaction): void;
  start(): void;
  /** Stops polling, waits for the batch in flight, and publishes what is left if it can. */
  stop(): Promise<void>;
  /** Publishes everything committed so far; resolves when done (or when it failed and logged). */
  drain(): Promise<void>;
}

export function createOutbox(deps: {
  database: Database;
  bus: EventBus;
  logger: Logger;
  options?: Partial<OutboxOptions>;
}): Outbox {
  const options = { ...DEFAULT_OUTBOX_OPTIONS, ...deps.options };
  const { database, bus, logger } = deps;
  const repository = createOutboxRepository(database.db);

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let failing = false;
  let poll: NodeJS.Timeout | undefined;
  let prune: NodeJS.Timeout | undefined;
  let busyRetry: NodeJS.Timeout | undefined;

  const reactions: OutboxReaction[] = [];

  async function react(rows: OutboxRow[], tx: Db) {
    for (const row of rows) {
      for (const reaction of reactions) {
        if (!reaction.wants(row.topic)) continue;
        try {
          await tx.transaction((savepoint) => reaction.handle(savepoint, { topic: row.topic, payload: row.payload }));
          // Its writes may include events: look again once this batch is done.
          again = true;
        } catch (error) {
          logger.warn({ err: error, reaction: reaction.name, outboxId: row.id }, 'outbox reaction failed; event published without it');
        }
      }
    }
  }

  async function publish(rows: OutboxRow[], tx: Db) {
    if (reactions.length) await react(rows, tx);
    // Issued in order on one connection (ioredis pipelines them), so order survives the batch.
    await Promise.all(rows.map((row) => bus.publish({ topic: row.topic, payload: row.payload })));
  }

  async function drainOnce(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const claim = await repository.publishBatch(options.batchSize, publish);
        if (claim.kind === 'busy') {
          if (!stopped && !busyRetry) {
            busyRetry = setTimeout(() => {
              busyRetry = undefined;
              void drain();
            }, BUSY_RETRY_MS);
            busyRetry.unref();
          }
          return;
        }
        if (claim.count < options.batchSize) break;
      }
    } while (again);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drainOnce()
      .then(() => {
        if (failing) logger.info('outbox relay publishing again');
        failing = false;
      })
      .catch((error: unknown) => {
        // One line per outage, not one per poll; the rows wait in the table meanwhile.
        if (!failing) logger.warn({ err: error }, 'outbox relay could not publish; will retry');
        failing = true;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  async function pruneOld() {
    try {
      const cutoff = new Date(Date.now() - options.retentionMs);
      // Bounded, so a long backlog of old rows is cleared over several rounds, not one long lock.
      for (let round = 0; round < 10; round++) {
        if ((await repository.prunePublished(cutoff, PRUNE_BATCH)) < PRUNE_BATCH) break;
      }
    } catch (error) {
      logger.warn({ err: error }, 'outbox prune failed');
    }
  }

  const wake = () => {
    if (!stopped) void drain();
  };

  return {
    async transaction(work) {
      const result = await database.db.transaction((tx) => work(tx));
      wake();
      return result;
    },
    async emit(topic, payload) {
      await recordEvent(database.db, topic, payload);
      wake();
    },
    wake,
    react(reaction) {
      // One per name: building the services again (tests do) does not double a reaction.
      const same = reactions.findIndex((r) => r.name === reaction.name);
      if (same >= 0) reactions[same] = reaction;
      else reactions.push(reaction);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      poll = setInterval(() => void drain(), options.pollMs);
      poll.unref();
      prune = setInterval(() => void pruneOld(), options.pruneEveryMs);
      prune.unref();
      void drain();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(poll);
      clearInterval(prune);
      clearTimeout(busyRetry);
      busyRetry = undefined;
      await running;
      await drain();
    },
    drain,
  };
}
