import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';

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
    async purgeOlderThan(date: Date) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, date));
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
