import { errors, topics, type MatchRepairOrderRequest } from '@servicebay/domain';
import { recordEvent } from '../../../platform/outbox/outbox.repository.js';
import { createRepairOrdersRepository } from '../repair-orders.repository.js';
import type { Actor, OrderContext } from './context.js';
import { createIn } from './create-order.js';
import { updateIn } from './update-order.js';

export function matchOrderUseCases(ctx: OrderContext) {
  const { deps } = ctx;
  return {
    /**
     * POST /inspectionOrder?match-customer-by=business&match-vehicle-by=fleetNumber: the
     * customer by `_id` or by business name (case-insensitive, else created), the vehicle by `_id`
     * or by fleet number in that customer's household (else created), then the order created, or
     * updated when inspectionOrderId names one of the store: all in one transaction.
     */
    async match(body: MatchRepairOrderRequest, actor: Actor) {
      const storeId = body.storeId;
      return deps.outbox.transaction(async (tx) => {
        const repo = createRepairOrdersRepository(tx);
        const customers = deps.customers(tx);
        let customer = body.customer._id ? await customers.customer(storeId, body.customer._id) : null;
        if (!customer) {
          const business = body.customer.business?.trim();
          if (!business) throw errors.mandatory('customer.business');
          const { rows } = await customers.listCustomers(storeId, { business }, 0, 100);
          customer = rows.find((c) => c.business?.toLowerCase() === business.toLowerCase()) ?? (await customers.createCustomer(storeId, { business }));
        }
        const householdId = customer.householdId;
        if (!householdId) throw errors.invalid('customer: has no household');
        let vehicle = body.vehicle._id ? await customers.vehicle(storeId, body.vehicle._id) : null;
        if (vehicle && vehicle.householdId !== householdId) throw errors.invalid("vehicle._id: not a vehicle of the customer's household");
        if (!vehicle) {
          const fleetNumber = body.vehicle.fleetNumber?.trim();
          if (!fleetNumber) throw errors.mandatory('vehicle.fleetNumber');
          const { rows } = await customers.householdVehicles(storeId, householdId, { searchTerm: fleetNumber, page: 0, size: 100, getAll: true });
          vehicle =
            rows.find((v) => v.fleetNumber?.toLowerCase() === fleetNumber.toLowerCase()) ??
            (await customers.createVehicle(storeId, { householdId, fleetNumber, licensePlate: body.vehicle.licensePlate ?? null }));
        }
        const fields = {
          ...(body.serviceAdvisorId !== undefined && { serviceAdvisorId: body.serviceAdvisorId }),
          ...(body.technicianId !== undefined && { technicianId: body.technicianId }),
          ...(body.inspectionType !== undefined && { inspectionType: body.inspectionType }),
          ...(body.vehicleInShop !== undefined && { vehicleInShop: body.vehicleInShop }),
          ...(body.orderNumber !== undefined && { orderNumber: body.orderNumber }),
        };
        let id: string;
        let event: 'created' | 'updated';
        if (body.inspectionOrderId && (await repo.detailed(storeId, body.inspectionOrderId))) {
          await updateIn(ctx, tx, repo, storeId, body.inspectionOrderId, { ...fields, customerId: customer.id, vehicleId: vehicle.id }, actor);
          id = body.inspectionOrderId;
          event = 'updated';
        } else {
          id = (await createIn(ctx, tx, repo, storeId, { ...fields, customerId: customer.id, vehicleId: vehicle.id }, actor)).id;
          event = 'created';
        }
        const order = await ctx.present(repo, storeId, id);
        const t = topics.store(storeId);
        await recordEvent(tx, event === 'created' ? t.inspectionOrdersCreated : t.inspectionOrdersUpdated, order);
        return { order, created: event === 'created' };
      });
    },
  };
}
