import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { refreshTokens, users } from '../../platform/db/schema/users.js';
import { loginFailures, passwordResetTokens } from './identity.schema.js';
import { cutOffTokens, type CutOff } from '../../platform/auth/token-cutoffs.repository.js';

export type UserRow = typeof users.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function newPassword(tx: Db, userId: string, passwordHash: string): Promise<CutOff | null> {
  const rows = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ username: users.username });
  if (!rows[0]) return null;
  await tx.delete(loginFailures).where(eq(loginFailures.usernameKey, sql`lower(${rows[0].username})`));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  return cutOffTokens(tx, userId);
}

/** Users read by username, id or e-mail and changed; stores and their shared account. */
function userQueries(db: Db) {
  return {
    async userByUsername(username: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return rows[0] ?? null;
    },
    async userById(id: string): Promise<UserRow | null> {
      if (!UUID.test(id)) return null;
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** An id is an id; anything else is a username (GET /v2/api/user/:userRef takes either). */
    async userByRef(ref: string): Promise<UserRow | null> {
      return UUID.test(ref) ? this.userById(ref) : this.userByUsername(ref);
    },
    /** The user a forgot-password form names, by username or by e-mail address. */
    async userByUsernameOrEmail(value: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${value}) or lower(${users.email}) = lower(${value})`)
        .orderBy(sql`lower(${users.username}) = lower(${value}) desc`)
        .limit(1);
      return rows[0] ?? null;
    },
    async storeById(id: string | null): Promise<StoreRow | null> {
      if (!id) return null;
      const rows = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async updateUser(userId: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
      if (Object.keys(values).length === 0) return this.userById(userId);
      const rows = await db.update(users).set(values).where(eq(users.id, userId)).returning();
      return rows[0] ?? null;
    },
    /** The store's shared account (role Store), for admins logging in as the store. */
    async storeAccountOf(storeId: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.storeId, storeId), eq(users.type, 'Store'), eq(users.active, true)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

/** The sign-in failures counted against a typed username, and its lockout. */
function loginFailureQueries(db: Db) {
  return {
    /** The failures counted against a typed username (any case), whether or not the user exists. */
    async loginFailuresOf(username: string): Promise<{ failures: number; lockedUntil: Date | null } | null> {
      const rows = await db
        .select({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil })
        .from(loginFailures)
        .where(eq(loginFailures.usernameKey, sql`lower(${username})`))
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * Counts a failed sign-in against a typed username; the name is locked until `lockUntil` once
     * its count reaches maxFailures. A count whose last failure is older than `forgetAfterMs`
     * starts again. Returns the name's lock, null when it is not locked.
     */
    async recordLoginFailure(username: string, maxFailures: number, lockUntil: Date, forgetAfterMs: number): Promise<Date | null> {
      const forgotten = sql`${loginFailures.lastFailedAt} < now() - make_interval(secs => ${forgetAfterMs / 1000})`;
      const count = sql`case when ${forgotten} then 1 else ${loginFailures.failures} + 1 end`;
      const rows = await db
        .insert(loginFailures)
        .values({
          usernameKey: sql`lower(${username})`,
          failures: 1,
          lockedUntil: maxFailures <= 1 ? lockUntil : null,
        })
        .onConflictDoUpdate({
          target: loginFailures.usernameKey,
          set: {
            failures: count,
            lockedUntil: sql`case when ${count} >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${loginFailures.lockedUntil} end`,
            lastFailedAt: sql`now()`,
          },
        })
        .returning({ lockedUntil: loginFailures.lockedUntil });
      const lockedUntil = rows[0]?.lockedUntil ?? null;
      return lockedUntil && lockedUntil > new Date() ? lockedUntil : null;
    },
    async clearLoginFailures(username: string) {
      await db.delete(loginFailures).where(eq(loginFailures.usernameKey, sql`lower(${username})`));
    },
    /** Forgets the names whose last failure is older than `before` and that are not locked now. */
    async purgeLoginFailures(before: Date, batch = 5000): Promise<number> {
      const rows = await db
        .delete(loginFailures)
        .where(
          sql`${loginFailures.usernameKey} in (select ${loginFailures.usernameKey} from ${loginFailures} where ${loginFailures.lastFailedAt} < ${before.toISOString()}::timestamptz and (${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} < now()) limit ${batch})`,
        )
        .returning({ key: loginFailures.usernameKey });
      return rows.length;
    },
  };
}

/** Refresh tokens: issued, found, used once, revoked by family. */
function refreshTokenQueries(db: Db) {
  return {
    async insertRefreshToken(values: {
      userId: string;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
      actingType: string | null;
      actingStoreId: string | null;
      tokenVersion: number;
    }) {
      await db.insert(refreshTokens).values(values);
    },
    async refreshTokenByHash(tokenHash: string) {
      const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return rows[0] ?? null;
    },
    /** Marks a token used unless it already was; false means someone used it first (reuse). */
    async useRefreshToken(id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
  };
}

/** Password reset links and new passwords. */
function passwordQueries(db: Db) {
  return {
    async insertResetToken(values: { userId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(passwordResetTokens).values(values);
    },
    /** The user of a reset token that is neither used nor expired. */
    async validResetToken(tokenHash: string) {
      const rows = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * A new password, in one transaction: it lifts the lockout of the user's name, ends every
     * sign-in made with the old one (refresh tokens revoked, access tokens cut off) and every reset
     * link still open. Returns the cut-off for the caller to apply in its own process at once.
     */
    async setPassword(userId: string, passwordHash: string): Promise<CutOff | null> {
      return db.transaction((tx) => newPassword(tx, userId, passwordHash));
    },
    /**
     * Uses a reset link and sets the new password in one transaction. Of two concurrent uses only
     * one succeeds; null when the link is used, expired or unknown.
     */
    async resetPassword(tokenHash: string, passwordHash: string): Promise<CutOff | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        const userId = rows[0]?.userId;
        return userId ? newPassword(tx, userId, passwordHash) : null;
      });
    },
  };
}

export function createIdentityRepository(db: Db) {
  return { ...userQueries(db), ...loginFailureQueries(db), ...refreshTokenQueries(db), ...passwordQueries(db) };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
