import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { isStaff } from '../../platform/db/staff.js';

export function createStoreRepository(db: Db) {
  return {
    async byId(id: string) {
      const rows = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Active workers (staff only) of a store, and the account's owners when asked; by last then first name. */
    async workers(store: { id: string; accountId: string }, withOwners: boolean) {
      const ofStore = eq(users.storeId, store.id);
      const owners = and(eq(users.accountId, store.accountId), eq(users.type, 'owner'));
      return db
        .select()
        .from(users)
        .where(and(eq(users.active, true), isStaff(), withOwners ? or(ofStore, owners) : ofStore))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    },
    /** Saves a store's settings, details, hours and PIN hash; undefined values stay as they are. */
    async updateSettings(
      storeId: string,
      values: Partial<Pick<typeof stores.$inferInsert, 'settings' | 'openTime' | 'adminPinHash' | 'name' | 'franchiseName' | 'email' | 'phoneNo' | 'address' | 'country' | 'state'>>,
    ) {
      const rows = await db.update(stores).set(values).where(eq(stores.id, storeId)).returning();
      return rows[0] ?? null;
    },
    /** One worker of the store: a staff user, never a portal user of the store's customers. */
    async worker(storeId: string, userId: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.storeId, storeId), isStaff()))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
