import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { cutOffTokens } from '../../platform/auth/token-cutoffs.repository.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/users.js';
import { isStaff } from '../../platform/db/staff.js';

export type NewWorker = Pick<
  typeof users.$inferInsert,
  | 'username'
  | 'type'
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'language'
  | 'authorizedToRefund'
  | 'isLegacy'
  | 'dashboardVersion'
  | 'passwordHash'
  | 'pinHash'
  | 'storeId'
  | 'accountId'
  | 'partnerId'
  | 'mandatoryTrainingComplete'
>;

export type WorkerChange = Partial<
  Pick<
    typeof users.$inferInsert,
    'username' | 'type' | 'title' | 'firstName' | 'lastName' | 'email' | 'language' | 'authorizedToRefund' | 'isLegacy' | 'dashboardVersion' | 'active'
  >
>;

/** A unique index refused the write (PostgreSQL and PGlite both say 23505, sometimes on the cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

export function createStoreUsersRepository(db: Db) {
  return {
    /** Every worker (staff only) of the store, active first, then by last and first name. */
    async list(storeId: string) {
      return db
        .select()
        .from(users)
        .where(and(eq(users.storeId, storeId), isStaff()))
        .orderBy(desc(users.active), asc(users.lastName), asc(users.firstName), asc(users.id));
    },
    /** One worker of the store, active or not: a staff user, never a portal user of its customers. */
    async worker(storeId: string, userId: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.storeId, storeId), isStaff()))
        .limit(1);
      return rows[0] ?? null;
    },
    async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, exceptUserId ? ne(users.id, exceptUserId) : undefined))
        .limit(1);
      return rows.length > 0;
    },
    /** The new worker, or null when its username is taken (the unique index decides under races). */
    async insert(values: NewWorker) {
      const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },
    /**
     * Changes a worker of the store. A new role or a deactivation ends every sign-in of the worker
     * in the same transaction (cutOffTokens): its tokens carry the old role or outlive its access.
     * 'taken' when the new username is.
     */
    async update(storeId: string, userId: string, change: WorkerChange) {
      try {
        return await db.transaction(async (tx) => {
          const before = await tx
            .select({ type: users.type, active: users.active })
            .from(users)
            .where(and(eq(users.id, userId), eq(users.storeId, storeId)))
            .for('update');
          if (!before[0]) return null;
          const rows = await tx
            .update(users)
            .set(change)
            .where(and(eq(users.id, userId), eq(users.storeId, storeId), isStaff()))
            .returning();
          const user = rows[0]!;
          const ends = (change.type !== undefined && change.type !== before[0].type) || (change.active === false && before[0].active);
          const cutOff = ends ? await cutOffTokens(tx, userId) : null;
          return { user: cutOff ? { ...user, tokenVersion: cutOff.version } : user, cutOff };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken' as const;
        throw error;
      }
    },
    async setPin(storeId: string, userId: string, pinHash: string | null) {
      const rows = await db
        .update(users)
        .set({ pinHash })
        .where(and(eq(users.id, userId), eq(users.storeId, storeId), isStaff()))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}

export type StoreUsersRepository = ReturnType<typeof createStoreUsersRepository>;
