import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers, vehicles } from '../customers/customers.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { isStaff } from '../../platform/db/staff.js';

export type NewStore = Pick<typeof stores.$inferInsert, 'name' | 'franchiseName' | 'email' | 'phoneNo' | 'address' | 'country' | 'state' | 'openTime' | 'settings'>;

export function createAccountsRepository(db: Db) {
  return {
    async byId(accountId: string) {
      const rows = await db
        .select({
          id: accounts.id,
          name: accounts.name,
          partnerId: accounts.partnerId,
          storeCount: sql<number>`(select count(*)::int from ${stores} s where s.account_id = ${accounts}.id)`,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * The account's stores by name, each with how many workers, customers and vehicles it has, and
     * whether it has an active shared Store account (to log in as).
     */
    async storesWithFigures(accountId: string) {
      const workers = db
        .select({ storeId: users.storeId, n: count().as('workers') })
        .from(users)
        .where(and(eq(users.active, true), isStaff()))
        .groupBy(users.storeId)
        .as('w');
      const customerCounts = db.select({ storeId: customers.storeId, n: count().as('customers') }).from(customers).groupBy(customers.storeId).as('c');
      const vehicleCounts = db.select({ storeId: vehicles.storeId, n: count().as('vehicles') }).from(vehicles).groupBy(vehicles.storeId).as('v');
      return db
        .select({
          store: stores,
          workers: sql<number>`coalesce(${workers.n}, 0)::int`,
          customers: sql<number>`coalesce(${customerCounts.n}, 0)::int`,
          vehicles: sql<number>`coalesce(${vehicleCounts.n}, 0)::int`,
          hasStoreAccount: sql<boolean>`exists (select 1 from ${users} u where u.store_id = ${stores}.id and u.type = 'Store' and u.active)`,
        })
        .from(stores)
        .leftJoin(workers, eq(workers.storeId, stores.id))
        .leftJoin(customerCounts, eq(customerCounts.storeId, stores.id))
        .leftJoin(vehicleCounts, eq(vehicleCounts.storeId, stores.id))
        .where(eq(stores.accountId, accountId))
        .orderBy(asc(stores.name), asc(stores.id));
    },
    /**
     * Per store: open orders of vehicles in the shop, and open appointments (vehicle not in the
     * shop) scheduled in [from, to). One grouped query for all the account's stores.
     */
    async orderFigures(storeIds: string[], from: Date, to: Date) {
      if (storeIds.length === 0) return [];
      return db
        .select({
          storeId: inspectionOrders.storeId,
          openOrders: sql<number>`(count(*) filter (where ${inspectionOrders.vehicleInShop}))::int`,
          todaysAppointments: sql<number>`(count(*) filter (where not ${inspectionOrders.vehicleInShop} and ${inspectionOrders.scheduled} >= ${from.toISOString()}::timestamptz and ${inspectionOrders.scheduled} < ${to.toISOString()}::timestamptz))::int`,
        })
        .from(inspectionOrders)
        .where(and(inArray(inspectionOrders.storeId, storeIds), eq(inspectionOrders.closed, false)))
        .groupBy(inspectionOrders.storeId);
    },
    async insertStore(account: { id: string; partnerId: string | null }, values: NewStore) {
      const [row] = await db
        .insert(stores)
        .values({ ...values, accountId: account.id, partnerId: account.partnerId })
        .returning();
      return row!;
    },
    async storeNameTaken(accountId: string, name: string) {
      const rows = await db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.accountId, accountId), sql`lower(${stores.name}) = lower(${name})`))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
