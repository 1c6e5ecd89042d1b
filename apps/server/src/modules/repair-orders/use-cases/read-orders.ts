import { errors, type RepairOrderListQuery } from '@servicebay/domain';
import type { OrderFilter } from '../repair-orders.repository.js';
import { presentOrder } from '../repair-orders.presenter.js';
import type { OrderContext } from './context.js';

/** The reads: one order, the dashboard's lists and counters, a vehicle's orders, the household. */
export function readOrdersUseCases(ctx: OrderContext) {
  const { deps, readRepo, now } = ctx;
  // An order never moves to another store and is never deleted: the store of an order id, once
  // read, is kept (the registrar asks it on every order-scoped request). Bounded.
  const storeOfOrder = new Map<string, string>();
  return {
    async get(storeId: string, id: string) {
      return ctx.present(readRepo, storeId, id);
    },

    async list(storeId: string, query: RepairOrderListQuery) {
      const filter: OrderFilter = {
        vehicleInShop: query.vehicleInShop,
        waiting: query.waiting,
        closed: query.closed,
        search: query.search,
        states: Object.fromEntries(
          (['inspection', 'estimate', 'approval', 'report', 'parts', 'work'] as const)
            .filter((s) => query[s])
            .map((s) => [s, query[s]!]),
        ),
        serviceAdvisorId: query.serviceAdvisorId,
        technicianId: query.technicianId,
        not: query.not,
        scheduledFrom: query.scheduledFrom ? new Date(query.scheduledFrom) : undefined,
      };
      const waitingFirst = query.waitingFirst && query.sorting !== 'scheduled,asc';
      const { rows, total } = await readRepo.list(storeId, filter, { sorting: query.sorting, waitingFirst }, query.page, query.size);
      const at = now();
      return { orders: rows.map((r) => presentOrder(r, deps.link, at)), total };
    },

    /** Open orders only: the dashboard's header counter. */
    async count(storeId: string, q: { vehicleInShop?: boolean; waiting?: boolean; search?: string }) {
      return readRepo.count(storeId, { closed: false, vehicleInShop: q.vehicleInShop, waiting: q.waiting, search: q.search });
    },

    async vehicleCount(storeId: string) {
      return readRepo.vehiclesInShop(storeId);
    },

    /** A vehicle's orders, newest first; null when it has none (the route answers 204). */
    async ofVehicle(storeId: string, vehicleId: string, closed: boolean | undefined) {
      await deps.customers(deps.db).vehicle(storeId, vehicleId);
      const rows = await readRepo.ofVehicle(storeId, vehicleId, closed);
      const at = now();
      return rows.length ? rows.map((r) => presentOrder(r, deps.link, at)) : null;
    },

    async household(storeId: string, id: string) {
      const order = await readRepo.detailed(storeId, id);
      if (!order) throw errors.notFound();
      return deps.customers(deps.db).customerHousehold(storeId, order.order.customerId);
    },

    /** Registrar resolver: the store an order id belongs to. */
    async storeOf(id: string) {
      const known = storeOfOrder.get(id);
      if (known) return known;
      const storeId = await readRepo.storeOf(id);
      if (storeId) {
        if (storeOfOrder.size >= 20_000) storeOfOrder.clear();
        storeOfOrder.set(id, storeId);
      }
      return storeId;
    },
  };
}
