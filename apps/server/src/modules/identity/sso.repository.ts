import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { ZSsoConfigurationInput, type SsoConfigurationInput } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { ssoConfigurations, ssoLoginAttempts } from './identity.schema.js';

export type SsoConfigurationRow = typeof ssoConfigurations.$inferSelect;
export type SsoLoginAttemptRow = typeof ssoLoginAttempts.$inferSelect;

export function createSsoRepository(db: Db) {
  return {
    /**
     * Adds an account's identity provider. The admin issue will call it from a route; until then
     * tests do. Input is checked by the shared schema, so a bad issuer never reaches the table.
     */
    async createConfiguration(input: SsoConfigurationInput): Promise<SsoConfigurationRow> {
      const values = ZSsoConfigurationInput.parse(input);
      const [row] = await db.insert(ssoConfigurations).values(values).returning();
      return row!;
    },
    async setConfigurationEnabled(id: string, enabled: boolean): Promise<void> {
      await db.update(ssoConfigurations).set({ enabled }).where(eq(ssoConfigurations.id, id));
    },
    async configurationById(id: string): Promise<SsoConfigurationRow | null> {
      const rows = await db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** The account's enabled configuration; a partial unique index keeps it to one. */
    async enabledConfigurationOfAccount(accountId: string): Promise<SsoConfigurationRow | null> {
      const rows = await db
        .select()
        .from(ssoConfigurations)
        .where(and(eq(ssoConfigurations.accountId, accountId), eq(ssoConfigurations.enabled, true)))
        .orderBy(asc(ssoConfigurations.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Records a sign-on in progress, clearing the expired ones so abandoned attempts do not pile up. */
    async insertAttempt(values: Omit<SsoLoginAttemptRow, 'createdAt'>): Promise<void> {
      await db.delete(ssoLoginAttempts).where(lte(ssoLoginAttempts.expiresAt, sql`now()`));
      await db.insert(ssoLoginAttempts).values(values);
    },
    /**
     * Takes an unexpired attempt out of the table and returns it. The delete is atomic, so of two
     * callbacks with the same state (a replay, a double submit) only one gets the attempt.
     */
    async consumeAttempt(stateHash: string): Promise<SsoLoginAttemptRow | null> {
      const rows = await db
        .delete(ssoLoginAttempts)
        .where(and(eq(ssoLoginAttempts.stateHash, stateHash), gt(ssoLoginAttempts.expiresAt, sql`now()`)))
        .returning();
      return rows[0] ?? null;
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
