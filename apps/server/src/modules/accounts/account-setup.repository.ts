import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import type { NewStore } from './accounts.repository.js';

export type SetupWorker = Pick<
  typeof users.$inferInsert,
  'username' | 'type' | 'firstName' | 'lastName' | 'email' | 'language'
>;

/** Why the setup was refused after it started: nothing of it was written. */
export class SetupRefused extends Error {
  constructor(
    readonly reason: 'ownerHasAccount' | 'usernameTaken',
    readonly username?: string,
  ) {
    super(reason);
  }
}

/** A unique index refused the write (PostgreSQL and PGlite both say 23505, sometimes on the cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

export function createAccountSetupRepository(db: Db) {
  return {
    /** Usernames of the list already taken by someone, whatever the case. */
    async takenUsernames(usernames: readonly string[]): Promise<string[]> {
      if (usernames.length === 0) return [];
      const lowered = usernames.map((u) => u.toLowerCase());
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) in (${sql.join(lowered.map((u) => sql`${u}`), sql`, `)})`);
      return rows.map((r) => r.username);
    },

    /**
     * In one transaction: the account (with the owner's partner), its first store, its first
     * workers, then the owner joins the account, only if it still has none. Any refusal rolls
     * everything back.
     */
    async setup(input: { ownerId: string; partnerId: string | null; accountName: string; store: NewStore; workers: SetupWorker[] }) {
      try {
        return await db.transaction(async (tx) => {
          const [account] = await tx.insert(accounts).values({ name: input.accountName, partnerId: input.partnerId }).returning();
          const [store] = await tx
            .insert(stores)
            .values({ ...input.store, accountId: account!.id, partnerId: input.partnerId })
            .returning();
          const workers = [];
          for (const w of input.workers) {
            const [row] = await tx
              .insert(users)
              .values({
                ...w,
                storeId: store!.id,
                accountId: account!.id,
                partnerId: input.partnerId,
                dashboardVersion: 2,
                // New staff take the mandatory training before they touch a car (the route guards send them there).
                mandatoryTrainingComplete: false,
              })
              .onConflictDoNothing()
              .returning();
            if (!row) throw new SetupRefused('usernameTaken', w.username);
            workers.push(row);
          }
          const owner = await tx
            .update(users)
            .set({ accountId: account!.id })
            .where(and(eq(users.id, input.ownerId), isNull(users.accountId)))
            .returning({ id: users.id });
          if (owner.length === 0) throw new SetupRefused('ownerHasAccount');
          return { account: account!, store: store!, workers };
        });
      } catch (error) {
        if (error instanceof SetupRefused) throw error;
        if (isUniqueViolation(error)) throw new SetupRefused('usernameTaken');
        throw error;
      }
    },
  };
}

export type AccountSetupRepository = ReturnType<typeof createAccountSetupRepository>;
