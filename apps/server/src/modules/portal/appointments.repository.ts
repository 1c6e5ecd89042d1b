import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { appointments } from './appointments.schema.js';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = Omit<typeof appointments.$inferInsert, 'id' | 'createdAt' | 'status' | 'confirmedAt' | 'confirmedBy'>;

/** The appointment requests kept beside their tickets. */
export function createAppointmentsRepository(db: Db) {
  return {
    async insert(values: NewAppointment): Promise<AppointmentRow> {
      const [row] = await db.insert(appointments).values(values).returning();
      return row!;
    },

    async byOrder(storeId: string, inspectionOrderId: string): Promise<AppointmentRow | null> {
      const [row] = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.storeId, storeId), eq(appointments.inspectionOrderId, inspectionOrderId)))
        .limit(1);
      return row ?? null;
    },

    /** Marks a requested appointment confirmed; null when it was confirmed already. */
    async confirm(storeId: string, id: string, userId: string, at: Date): Promise<AppointmentRow | null> {
      const [row] = await db
        .update(appointments)
        .set({ status: 'confirmed', confirmedAt: at, confirmedBy: userId })
        .where(and(eq(appointments.storeId, storeId), eq(appointments.id, id), eq(appointments.status, 'requested')))
        .returning();
      return row ?? null;
    },

    /**
     * The vehicle's next appointment from `from` on, while its ticket is open and the vehicle not
     * in the shop (index appointments_vehicle_idx).
     */
    async nextOfVehicle(storeId: string, vehicleId: string, from: Date): Promise<AppointmentRow | null> {
      const [row] = await db
        .select({ appointment: appointments })
        .from(appointments)
        .innerJoin(inspectionOrders, eq(inspectionOrders.id, appointments.inspectionOrderId))
        .where(
          and(
            eq(appointments.storeId, storeId),
            eq(appointments.vehicleId, vehicleId),
            gte(appointments.scheduled, from),
            eq(inspectionOrders.closed, false),
            eq(inspectionOrders.vehicleInShop, false),
          ),
        )
        .orderBy(asc(appointments.scheduled))
        .limit(1);
      return row?.appointment ?? null;
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
