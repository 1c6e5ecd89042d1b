import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { vinScans } from './vin-scanner.schema.js';

export type VinScanRow = typeof vinScans.$inferSelect;

/**
 * The scans of the VIN scanner flow. Every change is one statement, so two server processes (or
 * two polls of one page) can never hand out the same token or the same VIN twice.
 */
export function createVinScannerRepository(db: Db) {
  return {
    async insert(values: { userId: string; origin: string; language: string; tokenHash: string; expiresAt: Date }) {
      const [row] = await db.insert(vinScans).values(values).returning();
      return row!;
    },

    /** Scans of the user still waiting for their VIN. */
    async pendingCount(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(vinScans)
        .where(and(eq(vinScans.userId, userId), isNull(vinScans.vin), gt(vinScans.expiresAt, now)));
      return row?.n ?? 0;
    },

    /**
     * Fills the VIN of the scan holding this token, if it is still waiting and not expired; the
     * same statement spends the token. Null when there is no such scan (unknown, used or expired).
     */
    async recordVin(tokenHash: string, vin: string, now: Date, resultExpiresAt: Date): Promise<VinScanRow | null> {
      const [row] = await db
        .update(vinScans)
        .set({ vin, scannedAt: now, expiresAt: resultExpiresAt })
        .where(and(eq(vinScans.tokenHash, tokenHash), isNull(vinScans.vin), gt(vinScans.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    /**
     * Takes the user's scanned, unread, unexpired VINs from that origin: all are marked read (an
     * older one must not surface at the next scan) and the newest is returned. Null when none.
     */
    async consumeScanned(userId: string, origin: string, now: Date): Promise<string | null> {
      const rows = await db
        .update(vinScans)
        .set({ consumedAt: now })
        .where(
          and(
            eq(vinScans.userId, userId),
            eq(vinScans.origin, origin),
            isNotNull(vinScans.vin),
            isNull(vinScans.consumedAt),
            gt(vinScans.expiresAt, now),
          ),
        )
        .returning({ vin: vinScans.vin, scannedAt: vinScans.scannedAt });
      const newest = rows.sort((a, b) => (b.scannedAt?.getTime() ?? 0) - (a.scannedAt?.getTime() ?? 0))[0];
      return newest?.vin ?? null;
    },

    /** Forgets scans that expired before `before` (at most `limit` per call). */
    async pruneExpired(before: Date, limit = 500): Promise<number> {
      const doomed = db
        .select({ id: vinScans.id })
        .from(vinScans)
        .where(lt(vinScans.expiresAt, before))
        .orderBy(desc(vinScans.expiresAt))
        .limit(limit);
      const removed = await db.delete(vinScans).where(sql`${vinScans.id} in (${doomed})`).returning({ id: vinScans.id });
      return removed.length;
    },
  };
}

export type VinScannerRepository = ReturnType<typeof createVinScannerRepository>;
