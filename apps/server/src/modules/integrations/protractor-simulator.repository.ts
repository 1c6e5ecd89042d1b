import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { ClockEvent, ShopPart, WorkOrderServicePackage, WorkOrderTextField } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { protractorSimClockEvents, protractorSimParts, protractorSimWorkOrders } from './integrations.schema.js';
import type { RemoteWorkOrder } from './shop-system.js';

/**
 * The local Protractor simulator's storage (protractor_sim_*): work orders as Protractor holds
 * them, their parts, and the technicians' clock events. Only the simulator reads these tables.
 */
export type SimWorkOrderRow = typeof protractorSimWorkOrders.$inferSelect;
type ClockRow = typeof protractorSimClockEvents.$inferSelect;
type PartRow = typeof protractorSimParts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Protractor's ids are GUIDs: anything else names nothing (and must not reach a uuid column). */
export const isSimId = (v: string) => UUID.test(v);

const TEXT_COLUMNS: Record<WorkOrderTextField, 'headerDescription' | 'footerTitle' | 'footerDescription'> = {
  headerDescription: 'headerDescription',
  footerTitle: 'footerTitle',
  footerDescription: 'footerDescription',
};

export function presentSimWorkOrder(row: SimWorkOrderRow): RemoteWorkOrder {
  return {
    ID: row.id,
    inspectionOrderId: row.inspectionOrderId,
    Header: { Description: row.headerDescription, DeletionTime: row.deletionTime?.toISOString() ?? null },
    Footer: { Title: row.footerTitle, Description: row.footerDescription },
    InvoiceTime: row.invoiceTime?.toISOString() ?? null,
    ServicePackages: row.servicePackages as WorkOrderServicePackage[],
  };
}

export const presentSimEvent = (row: ClockRow): ClockEvent => ({
  ID: row.id,
  Type: row.type as ClockEvent['Type'],
  ClockedIn: row.clockedIn.toISOString(),
  ClockedOut: row.clockedOut?.toISOString() ?? null,
  ServicePackageLineID: row.servicePackageLineId,
  EmployeeID: row.employeeId,
  WorkOrderID: row.workOrderId,
});

export const presentSimPart = (row: PartRow): ShopPart => ({
  ID: row.id,
  PartNumber: row.partNumber,
  Description: row.description,
  Quantity: row.quantity,
  Declined: row.declined,
  Status: row.status as ShopPart['Status'],
});

function simulatorQueries(db: Db) {
  return {
    /** Serialises the changes of one key (a technician's clock, a ticket's work order) inside a transaction. */
    lock: (key: string) => db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`),

    async workOrder(storeId: string, id: string, forUpdate = false): Promise<SimWorkOrderRow | null> {
      if (!isSimId(id)) return null;
      const q = db
        .select()
        .from(protractorSimWorkOrders)
        .where(and(eq(protractorSimWorkOrders.storeId, storeId), eq(protractorSimWorkOrders.id, id)));
      const [found] = forUpdate ? await q.for('update') : await q;
      return found ?? null;
    },

    async workOrderOfTicket(storeId: string, inspectionOrderId: string): Promise<SimWorkOrderRow | null> {
      if (!isSimId(inspectionOrderId)) return null;
      const [found] = await db
        .select()
        .from(protractorSimWorkOrders)
        .where(and(eq(protractorSimWorkOrders.storeId, storeId), eq(protractorSimWorkOrders.inspectionOrderId, inspectionOrderId)))
        .orderBy(desc(protractorSimWorkOrders.createdAt))
        .limit(1);
      return found ?? null;
    },

    async createWorkOrder(storeId: string, inspectionOrderId: string, headerDescription: string): Promise<SimWorkOrderRow> {
      const [created] = await db.insert(protractorSimWorkOrders).values({ storeId, inspectionOrderId, headerDescription }).returning();
      return created!;
    },

    async writePackages(current: SimWorkOrderRow, packages: WorkOrderServicePackage[]): Promise<SimWorkOrderRow> {
      const [updated] = await db
        .update(protractorSimWorkOrders)
        .set({ servicePackages: packages, version: current.version + 1 })
        .where(eq(protractorSimWorkOrders.id, current.id))
        .returning();
      return updated!;
    },

    async writeText(current: SimWorkOrderRow, field: WorkOrderTextField, value: string): Promise<SimWorkOrderRow> {
      const [updated] = await db
        .update(protractorSimWorkOrders)
        .set({ [TEXT_COLUMNS[field]]: value, version: current.version + 1 })
        .where(eq(protractorSimWorkOrders.id, current.id))
        .returning();
      return updated!;
    },

    async setTimes(storeId: string, id: string, times: { invoiceTime?: Date | null; deletionTime?: Date | null }): Promise<SimWorkOrderRow | null> {
      if (!isSimId(id)) return null;
      const [updated] = await db
        .update(protractorSimWorkOrders)
        .set(times)
        .where(and(eq(protractorSimWorkOrders.storeId, storeId), eq(protractorSimWorkOrders.id, id)))
        .returning();
      return updated ?? null;
    },

    async partReferences(workOrderId: string): Promise<Array<string | null>> {
      const rows = await db.select({ ref: protractorSimParts.externalReference }).from(protractorSimParts).where(eq(protractorSimParts.workOrderId, workOrderId));
      return rows.map((r) => r.ref);
    },

    async insertParts(parts: Array<typeof protractorSimParts.$inferInsert>) {
      if (parts.length) await db.insert(protractorSimParts).values(parts);
    },

    async parts(storeId: string, workOrderId: string) {
      return db
        .select()
        .from(protractorSimParts)
        .where(and(eq(protractorSimParts.storeId, storeId), eq(protractorSimParts.workOrderId, workOrderId)))
        .orderBy(protractorSimParts.createdAt, protractorSimParts.description);
    },

    async setPartStatus(storeId: string, partId: string, status: ShopPart['Status']) {
      if (!isSimId(partId)) return null;
      const [updated] = await db
        .update(protractorSimParts)
        .set({ status })
        .where(and(eq(protractorSimParts.storeId, storeId), eq(protractorSimParts.id, partId)))
        .returning();
      return updated ?? null;
    },

    async openEvent(storeId: string, employeeId: string, type: 'Labor' | 'Shift'): Promise<ClockRow | null> {
      const [open] = await db
        .select()
        .from(protractorSimClockEvents)
        .where(
          and(
            eq(protractorSimClockEvents.storeId, storeId),
            eq(protractorSimClockEvents.employeeId, employeeId),
            eq(protractorSimClockEvents.type, type),
            isNull(protractorSimClockEvents.clockedOut),
          ),
        );
      return open ?? null;
    },

    async insertEvent(values: typeof protractorSimClockEvents.$inferInsert): Promise<ClockRow> {
      const [created] = await db.insert(protractorSimClockEvents).values(values).returning();
      return created!;
    },

    async closeEvent(id: string, at: Date): Promise<ClockRow> {
      const [closed] = await db.update(protractorSimClockEvents).set({ clockedOut: at }).where(eq(protractorSimClockEvents.id, id)).returning();
      return closed!;
    },

    async events(storeId: string, filter: { employeeId?: string; workOrderId?: string; since?: Date }): Promise<ClockRow[]> {
      if (filter.employeeId && !isSimId(filter.employeeId)) return [];
      if (filter.workOrderId && !isSimId(filter.workOrderId)) return [];
      const conditions = [eq(protractorSimClockEvents.storeId, storeId)];
      if (filter.employeeId) conditions.push(eq(protractorSimClockEvents.employeeId, filter.employeeId));
      if (filter.workOrderId) conditions.push(eq(protractorSimClockEvents.workOrderId, filter.workOrderId));
      if (filter.since) conditions.push(gte(protractorSimClockEvents.clockedIn, filter.since));
      return db
        .select()
        .from(protractorSimClockEvents)
        .where(and(...conditions))
        .orderBy(desc(protractorSimClockEvents.clockedIn))
        .limit(200);
    },
  };
}

export type SimulatorQueries = ReturnType<typeof simulatorQueries>;

export function createSimulatorRepository(db: Db) {
  return {
    ...simulatorQueries(db),
    transaction: <T>(work: (tx: SimulatorQueries) => Promise<T>) => db.transaction((tx) => work(simulatorQueries(tx))),
  };
}

export type SimulatorRepository = ReturnType<typeof createSimulatorRepository>;
