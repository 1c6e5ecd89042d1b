import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts, stores } from '../db/schema/tenancy.js';

export interface StoreOwnership {
  id: string;
  accountId: string;
  partnerId: string | null;
}

export function createTenancyRepository(db: Db) {
  return {
    async storeOwnership(storeId: string): Promise<StoreOwnership | null> {
      const rows = await db
        .select({ id: stores.id, accountId: stores.accountId, partnerId: stores.partnerId })
        .from(stores)
        .where(eq(stores.id, storeId))
        .limit(1);
      return rows[0] ?? null;
    },
    async accountOwnership(accountId: string): Promise<{ id: string; partnerId: string | null } | null> {
      const rows = await db
        .select({ id: accounts.id, partnerId: accounts.partnerId })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type TenancyRepository = ReturnType<typeof createTenancyRepository>;
