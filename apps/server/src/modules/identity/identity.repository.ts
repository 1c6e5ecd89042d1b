import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { passwordResetTokens, refreshTokens, stores, users } from '../../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createIdentityRepository(db: Db) {
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
    /** An id is an id; anything else is a username (spec §7 GET /user/{username} and /user/{id}). */
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
    /** Counts a failed password; locks the user once the count reaches maxFailures. */
    async recordFailedLogin(userId: string, maxFailures: number, lockUntil: Date) {
      await db
        .update(users)
        .set({
          failedLogins: sql`${users.failedLogins} + 1`,
          lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
        })
        .where(eq(users.id, userId));
    },
    async clearFailedLogins(userId: string) {
      await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
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
    async insertRefreshToken(values: {
      userId: string;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
      actingType: string | null;
      actingStoreId: string | null;
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
    /** Uses a reset token once; of two concurrent uses only one gets the user id. */
    async consumeResetToken(tokenHash: string): Promise<string | null> {
      const rows = await db
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
      return rows[0]?.userId ?? null;
    },
    /** A new password also lifts a lockout and ends every sign-in made with the old one. */
    async setPassword(userId: string, passwordHash: string) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
        await tx
          .update(refreshTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      });
    },
    async revokeAllOfUser(userId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
