import { ACCOUNT_LEVEL_ROLES } from '@servicebay/domain';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { cutOffTokens } from '../../platform/auth/token-cutoffs.repository.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/users.js';
import { isStaff } from '../../platform/db/staff.js';

export type NewStaffUser = Pick<
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

export type StaffUserChange = Partial<
  Pick<
    typeof users.$inferInsert,
    'username' | 'type' | 'title' | 'firstName' | 'lastName' | 'email' | 'language' | 'authorizedToRefund' | 'isLegacy' | 'dashboardVersion' | 'active'
  >
>;

/**
 * The users a page manages: a store's workers (its staff, never a portal user of its customers),
 * or an account's account-level users (in the account, of no store, with an account-level role).
 */
export type UserScope = { storeId: string } | { accountId: string };

function inScope(scope: UserScope) {
  return 'storeId' in scope
    ? and(eq(users.storeId, scope.storeId), isStaff())
    : and(eq(users.accountId, scope.accountId), isNull(users.storeId), inArray(users.type, [...ACCOUNT_LEVEL_ROLES]));
}

/** A unique index refused the write (PostgreSQL and PGlite both say 23505, sometimes on the cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** The users of the store users and account users pages; every lookup stays inside its scope. */
export function createStaffUsersRepository(db: Db) {
  return {
    /** Every user of the scope, active first, then by last and first name. */
    async list(scope: UserScope) {
      return db
        .select()
        .from(users)
        .where(inScope(scope))
        .orderBy(desc(users.active), asc(users.lastName), asc(users.firstName), asc(users.id));
    },
    /** One user of the scope, active or not; null for anyone else. */
    async member(scope: UserScope, userId: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), inScope(scope)))
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
    /** The new user, or null when its username is taken (the unique index decides under races). */
    async insert(values: NewStaffUser) {
      const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },
    /**
     * Changes a user of the scope. A new role or a deactivation ends every sign-in of the user in
     * the same transaction (cutOffTokens): its tokens carry the old role or outlive its access.
     * 'taken' when the new username is.
     */
    async update(scope: UserScope, userId: string, change: StaffUserChange) {
      try {
        return await db.transaction(async (tx) => {
          const before = await tx
            .select({ type: users.type, active: users.active })
            .from(users)
            .where(and(eq(users.id, userId), inScope(scope)))
            .for('update');
          if (!before[0]) return null;
          const rows = await tx
            .update(users)
            .set(change)
            .where(and(eq(users.id, userId), inScope(scope)))
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
    async setPin(scope: UserScope, userId: string, pinHash: string | null) {
      const rows = await db
        .update(users)
        .set({ pinHash })
        .where(and(eq(users.id, userId), inScope(scope)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}

export type StaffUsersRepository = ReturnType<typeof createStaffUsersRepository>;
