import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { cannedJobs } from './estimates.schema.js';

export type CannedJobRow = typeof cannedJobs.$inferSelect;
export type CannedJobValues = Pick<typeof cannedJobs.$inferInsert, 'name' | 'nameKey' | 'labourHours' | 'parts' | 'fees'>;

function jobQueries(db: Db) {
  return {
    /** The store's jobs by name (the unique index's order). */
    async list(storeId: string): Promise<CannedJobRow[]> {
      return db.select().from(cannedJobs).where(eq(cannedJobs.storeId, storeId)).orderBy(asc(cannedJobs.nameKey), asc(cannedJobs.id));
    },

    async byId(storeId: string, id: string): Promise<CannedJobRow | null> {
      const [row] = await db.select().from(cannedJobs).where(and(eq(cannedJobs.storeId, storeId), eq(cannedJobs.id, id)));
      return row ?? null;
    },

    async count(storeId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cannedJobs).where(eq(cannedJobs.storeId, storeId));
      return row?.n ?? 0;
    },

    /** Whether another job of the store has this name key. */
    async nameTaken(storeId: string, nameKey: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: cannedJobs.id })
        .from(cannedJobs)
        .where(and(eq(cannedJobs.storeId, storeId), eq(cannedJobs.nameKey, nameKey), exceptId ? ne(cannedJobs.id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Holds the store's row until the transaction ends, so writes to one store's list take turns
     * and the limit and the unique names hold under races. `no key update` leaves rows that refer
     * to the store (orders, customers) free to be written meanwhile.
     */
    async lockStore(storeId: string): Promise<void> {
      await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('no key update');
    },

    async insert(storeId: string, values: CannedJobValues): Promise<CannedJobRow> {
      const [row] = await db.insert(cannedJobs).values({ storeId, ...values }).returning();
      return row!;
    },

    /** The changed job; null when the store has no such job. */
    async update(storeId: string, id: string, values: CannedJobValues): Promise<CannedJobRow | null> {
      const [row] = await db
        .update(cannedJobs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(cannedJobs.storeId, storeId), eq(cannedJobs.id, id)))
        .returning();
      return row ?? null;
    },

    /** Whether the store had the job. */
    async delete(storeId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(cannedJobs)
        .where(and(eq(cannedJobs.storeId, storeId), eq(cannedJobs.id, id)))
        .returning({ id: cannedJobs.id });
      return rows.length > 0;
    },

    /** Registrar resolver: the store a job belongs to. */
    async jobStore(id: string): Promise<string | null> {
      const [row] = await db.select({ storeId: cannedJobs.storeId }).from(cannedJobs).where(eq(cannedJobs.id, id));
      return row?.storeId ?? null;
    },
  };
}
type CannedJobQueries = ReturnType<typeof jobQueries>;

/** A store's canned jobs (docs/estimates.md "Canned jobs"); every query scoped by store. */
export function createCannedJobsRepository(db: Db) {
  return {
    ...jobQueries(db),
    /** The queries inside one transaction. */
    transaction<T>(work: (repo: CannedJobQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(jobQueries(tx as unknown as Db)));
    },
  };
}
export type CannedJobsRepository = ReturnType<typeof createCannedJobsRepository>;
