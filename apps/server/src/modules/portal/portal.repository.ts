import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { customers, vehicles } from '../customers/customers.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { inspectionResults, inspectionTypes } from '../inspections/inspections.schema.js';
import { portalEvents, todoItems } from './portal.schema.js';

export type TodoRow = typeof todoItems.$inferSelect;

/** The portal's reads and writes: orders and results of a vehicle, its to-dos, the events. */
export function createPortalRepository(db: Db) {
  return {
    /** Where a vehicle lives: its store and household (null when there is no such vehicle). */
    async vehicleHome(vehicleId: string) {
      const [row] = await db
        .select({ storeId: vehicles.storeId, householdId: vehicles.householdId })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId))
        .limit(1);
      return row ?? null;
    },

    /** Where a to-do lives: its vehicle's store and household. */
    async todoHome(itemId: string) {
      const [row] = await db
        .select({ storeId: todoItems.storeId, householdId: vehicles.householdId })
        .from(todoItems)
        .innerJoin(vehicles, eq(vehicles.id, todoItems.vehicleId))
        .where(eq(todoItems.id, itemId))
        .limit(1);
      return row ?? null;
    },

    async customerHousehold(customerId: string): Promise<string | null> {
      const [row] = await db.select({ householdId: customers.householdId }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return row?.householdId ?? null;
    },

    /** A vehicle's closed orders, newest first, with their answered results counted by severity. */
    async closedOrders(storeId: string, vehicleId: string, page: number, size: number) {
      const where = and(eq(inspectionOrders.storeId, storeId), eq(inspectionOrders.vehicleId, vehicleId), eq(inspectionOrders.closed, true));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: inspectionOrders.id,
            orderNumber: inspectionOrders.orderNumber,
            createdAt: inspectionOrders.createdAt,
            closedAt: inspectionOrders.closedAt,
            mileageIn: inspectionOrders.mileageIn,
          })
          .from(inspectionOrders)
          .where(where)
          .orderBy(desc(inspectionOrders.createdAt), desc(inspectionOrders.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(inspectionOrders).where(where),
      ]);
      const counts = rows.length
        ? await db
            .select({ orderId: inspectionResults.inspectionOrderId, result: inspectionResults.result, n: count() })
            .from(inspectionResults)
            .where(
              and(
                eq(inspectionResults.storeId, storeId),
                inArray(inspectionResults.inspectionOrderId, rows.map((r) => r.id)),
                inArray(inspectionResults.result, ['okay', 'warning', 'critical']),
              ),
            )
            .groupBy(inspectionResults.inspectionOrderId, inspectionResults.result)
        : [];
      return { rows, counts, total: total?.n ?? 0 };
    },

    /** Declined items of a vehicle's orders not dismissed, newest order first, with the order's template. */
    async deferredItems(storeId: string, vehicleId: string) {
      return db
        .select({
          resultId: inspectionResults.id,
          inspectionOrderId: inspectionOrders.id,
          orderNumber: inspectionOrders.orderNumber,
          orderCreatedAt: inspectionOrders.createdAt,
          itemKey: inspectionResults.itemKey,
          result: inspectionResults.result,
          finding: inspectionResults.finding,
          recommendation: inspectionResults.recommendation,
          findingText: inspectionResults.findingText,
          recommendationText: inspectionResults.recommendationText,
          definition: inspectionTypes.definition,
        })
        .from(inspectionResults)
        .innerJoin(inspectionOrders, eq(inspectionOrders.id, inspectionResults.inspectionOrderId))
        .leftJoin(inspectionTypes, eq(inspectionTypes.id, inspectionOrders.inspectionType))
        .where(
          and(
            eq(inspectionOrders.storeId, storeId),
            eq(inspectionOrders.vehicleId, vehicleId),
            eq(inspectionResults.storeId, storeId),
            eq(inspectionResults.customerDecision, 'declined'),
            eq(inspectionResults.deferredIgnoredByCustomer, false),
          ),
        )
        .orderBy(desc(inspectionOrders.createdAt), asc(inspectionResults.rank), asc(inspectionResults.createdAt));
    },

    async todos(storeId: string, vehicleId: string): Promise<TodoRow[]> {
      return db
        .select()
        .from(todoItems)
        .where(and(eq(todoItems.storeId, storeId), eq(todoItems.vehicleId, vehicleId)))
        .orderBy(asc(todoItems.createdAt), asc(todoItems.id));
    },

    /**
     * Adds a to-do unless the vehicle already holds `limit`: the vehicle's row is locked while
     * counting, so two adds at once cannot pass the limit together. Null when it is full.
     */
    async insertTodo(values: { storeId: string; vehicleId: string; value: string; itemId: string | null; createdBy: string }, limit: number) {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(and(eq(vehicles.id, values.vehicleId), eq(vehicles.storeId, values.storeId)))
          .for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(todoItems)
          .where(and(eq(todoItems.storeId, values.storeId), eq(todoItems.vehicleId, values.vehicleId)));
        if ((held?.n ?? 0) >= limit) return null;
        const [row] = await tx.insert(todoItems).values(values).returning();
        return row!;
      });
    },

    async deleteTodo(storeId: string, itemId: string): Promise<boolean> {
      const rows = await db
        .delete(todoItems)
        .where(and(eq(todoItems.storeId, storeId), eq(todoItems.id, itemId)))
        .returning({ id: todoItems.id });
      return rows.length > 0;
    },

    async insertEvent(values: { storeId: string; customerId: string | null; userId: string; eventName: string; data: Record<string, unknown> }) {
      await db.insert(portalEvents).values(values);
    },

    /** How many events of a store were logged (a test and the owner's figures read it). */
    async eventCount(storeId: string, eventName?: string) {
      const [row] = await db
        .select({ n: count() })
        .from(portalEvents)
        .where(and(eq(portalEvents.storeId, storeId), eventName ? eq(portalEvents.eventName, eventName) : sql`true`));
      return row?.n ?? 0;
    },
  };
}

export type PortalRepository = ReturnType<typeof createPortalRepository>;
