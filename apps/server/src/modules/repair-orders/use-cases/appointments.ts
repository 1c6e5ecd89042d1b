import { topics } from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import { recordEvent } from '../../../platform/outbox/outbox.repository.js';
import { createRepairOrdersRepository } from '../repair-orders.repository.js';
import { createIn } from './create-order.js';
import type { Actor, OrderContext } from './context.js';

/** A customer's appointment as the shop holds it: a ticket not in the shop, scheduled at the chosen time. */
export function appointmentUseCases(ctx: OrderContext) {
  return {
    /**
     * Books an appointment as an open ticket for the customer and vehicle, not in the shop and
     * scheduled at `scheduled`, in one transaction with `record` (the booking feature's own rows).
     * The vehicle's bookings queue behind one another; an open appointment of the vehicle at the
     * same instant is the one already made (`created: false`, nothing written, no event). A new
     * ticket goes to the store's dashboards as created. The VIN and order-number rules of a ticket
     * written in the shop do not apply: the car is not there yet.
     */
    async bookAppointment<T>(
      storeId: string,
      input: { customerId: string; vehicleId: string; scheduled: Date },
      actor: Actor,
      record: (tx: Db, booked: { id: string; created: boolean }) => Promise<T>,
    ): Promise<T> {
      return ctx.deps.outbox.transaction(async (tx) => {
        const repo = createRepairOrdersRepository(tx);
        await repo.lockVehicleAppointments(input.vehicleId);
        const existing = await repo.openAppointmentAt(storeId, input.vehicleId, input.scheduled);
        if (existing) return record(tx, { id: existing.id, created: false });
        const row = await createIn(
          ctx,
          tx,
          repo,
          storeId,
          { customerId: input.customerId, vehicleId: input.vehicleId, vehicleInShop: false, scheduled: input.scheduled.toISOString() },
          actor,
          { ticketRules: false },
        );
        await recordEvent(tx, topics.store(storeId).inspectionOrdersCreated, await ctx.present(repo, storeId, row.id));
        return record(tx, { id: row.id, created: true });
      });
    },
  };
}
