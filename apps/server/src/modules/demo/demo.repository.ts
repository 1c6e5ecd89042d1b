import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, partners, stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { customers, vehicles } from '../customers/customers.schema.js';
import { todoItems } from '../portal/portal.schema.js';
import { createCannedJobsRepository } from '../estimates/canned-jobs.repository.js';

export function createDemoRepository(db: Db) {
  return {
    /** True when no tenant exists yet: the first start of a new database. */
    async isEmpty(): Promise<boolean> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
      return (rows[0]?.n ?? 0) === 0;
    },
    /** The demo inspections' orders (demo.inspections.ts): a store's orders by number, and a user. */
    async storeByName(name: string) {
      const [row] = await db.select().from(stores).where(eq(stores.name, name));
      return row ?? null;
    },
    async ordersByNumbers(storeId: string, numbers: string[]) {
      return db
        .select()
        .from(inspectionOrders)
        .where(and(eq(inspectionOrders.storeId, storeId), inArray(inspectionOrders.orderNumber, numbers)));
    },
    async userByUsername(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username));
      return row ?? null;
    },
    async customerByEmail(storeId: string, email: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.storeId, storeId), eq(customers.email, email)))
        .limit(1);
      return row ?? null;
    },
    async setOrderType(orderId: string, inspectionType: string) {
      await db.update(inspectionOrders).set({ inspectionType }).where(eq(inspectionOrders.id, orderId));
    },
    /** The vehicles of the household of a store's customer found by e-mail, oldest first. */
    async householdVehiclesOf(storeId: string, email: string) {
      const [customer] = await db
        .select({ householdId: customers.householdId })
        .from(customers)
        .where(and(eq(customers.storeId, storeId), eq(customers.email, email)))
        .limit(1);
      if (!customer?.householdId) return [];
      return db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.storeId, storeId), eq(vehicles.householdId, customer.householdId)))
        .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
    },
    async insertTodos(rows: Array<typeof todoItems.$inferInsert>) {
      if (rows.length) await db.insert(todoItems).values(rows);
    },
    transaction<T>(work: (repo: DemoWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(writer(tx as unknown as Db)));
    },
  };
}

function writer(db: Db) {
  return {
    async partner(name: string) {
      const [row] = await db.insert(partners).values({ name }).returning();
      return row!;
    },
    async account(name: string, partnerId: string | null) {
      const [row] = await db.insert(accounts).values({ name, partnerId }).returning();
      return row!;
    },
    async store(values: typeof stores.$inferInsert) {
      const [row] = await db.insert(stores).values(values).returning();
      return row!;
    },
    async users(values: Array<typeof users.$inferInsert>) {
      return db
        .insert(users)
        .values(values)
        .returning({ id: users.id, mandatoryTrainingComplete: users.mandatoryTrainingComplete });
    },
    /** Customers and vehicles go through their feature's repository, which keeps search_text. */
    customers: createCustomersRepository(db),
    /** Canned jobs go through the estimates feature's repository. */
    cannedJobs: createCannedJobsRepository(db),
  };
}

export type DemoWriter = ReturnType<typeof writer>;
