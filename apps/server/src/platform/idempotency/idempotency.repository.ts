import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/idempotency.js';

export interface StoredRequest {
  requestHash: string;
  responseStatus: number | null;
  responseBody: unknown;
  createdAt: Date;
}

export function createIdempotencyRepository(db: Db) {
  return {
    /** Claims the key for a first request; false when the caller already used it. */
    async claim(entry: { caller: string; key: string; method: string; path: string; requestHash: string }) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values(entry)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length === 1;
    },
    async find(caller: string, key: string): Promise<StoredRequest | null> {
      const rows = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          responseStatus: idempotencyKeys.responseStatus,
          responseBody: idempotencyKeys.responseBody,
          createdAt: idempotencyKeys.createdAt,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)))
        .limit(1);
      return rows[0] ?? null;
    },
    async complete(caller: string, key: string, status: number, body: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body === undefined ? null : (body as object) })
        .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
    },
    async release(caller: string, key: string) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
    },
    /** Takes over a claim whose request died mid-way (left in flight past the time-out). */
    async takeOverStale(caller: string, key: string, olderThan: Date, requestHash: string) {
      const rows = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            eq(idempotencyKeys.caller, caller),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.requestHash, requestHash),
            isNull(idempotencyKeys.responseStatus),
            lt(idempotencyKeys.createdAt, olderThan),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },
    /** Starts a new request on a key whose record expired: the old answer is forgotten. */
    async renewExpired(
      entry: { caller: string; key: string; method: string; path: string; requestHash: string },
      expiredBefore: Date,
    ) {
      const rows = await db
        .update(idempotencyKeys)
        .set({
          method: entry.method,
          path: entry.path,
          requestHash: entry.requestHash,
          responseStatus: null,
          responseBody: null,
          createdAt: sql`now()`,
        })
        .where(
          and(
            eq(idempotencyKeys.caller, entry.caller),
            eq(idempotencyKeys.key, entry.key),
            lt(idempotencyKeys.createdAt, expiredBefore),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },
    /**
     * Deletes up to `limit` records made before `date`, found through the created_at index;
     * answers how many went. Safe beside another process doing the same: a row is deleted once.
     */
    async purgeOlderThan(date: Date, limit = 5000): Promise<number> {
      const doomed = db
        .select({ caller: idempotencyKeys.caller, key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, date))
        .limit(limit);
      const rows = await db
        .delete(idempotencyKeys)
        .where(sql`(${idempotencyKeys.caller}, ${idempotencyKeys.key}) in (${doomed})`)
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
