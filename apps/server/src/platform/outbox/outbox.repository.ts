import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { isTopic, type Topic } from '@servicebay/domain';
import type { Db } from '../db/client.js';
import { outboxEvents } from '../db/schema/outbox.js';

export interface OutboxRow {
  id: number;
  topic: string;
  payload: unknown;
}

/**
 * Records an event to publish once the surrounding transaction commits. Pass the transaction
 * the change is written in (`db.transaction(async (tx) => { ...; await recordEvent(tx, ...) })`):
 * a rollback then takes the event with it, and a commit makes it durable even if the process
 * dies before the relay runs.
 */
export async function recordEvent(tx: Db, topic: Topic, payload: object): Promise<void> {
  // A typo'd topic would be published to nobody, silently; refuse it where it is written.
  if (!isTopic(topic)) throw new TypeError(`Not a realtime topic: ${topic}`);
  await tx.insert(outboxEvents).values({ topic, payload });
}

/**
 * Key of the transaction-level advisory lock that makes one relay at a time drain the outbox,
 * so events leave in id order across processes (a client must see "updated" before "removed").
 * FOR UPDATE SKIP LOCKED on the rows is the second guarantee that no row goes out twice.
 */
const RELAY_LOCK = 7_413_590_201;

export type Claim = { kind: 'busy' } | { kind: 'done'; count: number };

export function createOutboxRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` unpublished rows in id order, hands them to `publish`, and marks them
     * published in the same transaction. If `publish` throws, nothing is marked and the rows are
     * claimed again later (at-least-once). 'busy' when another relay holds the drain lock.
     * `publish` gets the claiming transaction too, for the reactions that write with the batch.
     */
    async publishBatch(limit: number, publish: (rows: OutboxRow[], tx: Db) => Promise<void>): Promise<Claim> {
      return db.transaction(async (tx) => {
        const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${RELAY_LOCK}::bigint) as locked`);
        if (!(lock as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked)
          return { kind: 'busy' };
        const rows = await tx
          .select({ id: outboxEvents.id, topic: outboxEvents.topic, payload: outboxEvents.payload })
          .from(outboxEvents)
          .where(isNull(outboxEvents.publishedAt))
          .orderBy(asc(outboxEvents.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (rows.length === 0) return { kind: 'done', count: 0 };
        await publish(rows, tx);
        await tx
          .update(outboxEvents)
          .set({ publishedAt: sql`now()` })
          .where(
            inArray(
              outboxEvents.id,
              rows.map((r) => r.id),
            ),
          );
        return { kind: 'done', count: rows.length };
      });
    },

    /** Deletes up to `limit` rows published before `cutoff`, oldest first; returns how many. */
    async prunePublished(cutoff: Date, limit: number): Promise<number> {
      // Walks the primary key from the oldest row, where published rows gather; never touches
      // unpublished rows, however old.
      const oldest = db
        .select({ id: outboxEvents.id })
        .from(outboxEvents)
        .where(and(isNotNull(outboxEvents.publishedAt), lt(outboxEvents.publishedAt, cutoff)))
        .orderBy(asc(outboxEvents.id))
        .limit(limit);
      const deleted = await db
        .delete(outboxEvents)
        .where(inArray(outboxEvents.id, oldest))
        .returning({ id: outboxEvents.id });
      return deleted.length;
    },

    async unpublishedCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(outboxEvents)
        .where(isNull(outboxEvents.publishedAt));
      return row?.count ?? 0;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
