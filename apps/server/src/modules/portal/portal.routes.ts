import {
  logEventRoute,
  oftenRequiredWorkRoute,
  portalAddTodoItemRoute,
  portalDashboardRoute,
  portalDeferredItemsRoute,
  portalRemoveTodoItemRoute,
  portalStoreRoute,
  portalTodoItemsRoute,
  portalVehicleOrdersRoute,
  portalVehicleOverviewRoute,
  portalVehiclesRoute,
} from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { PortalRepository } from './portal.repository.js';
import type { PortalService } from './portal.service.js';

/** The lookups of household routes: where a vehicle or a to-do lives, and a customer's household. */
export function portalHouseholdResolvers(repo: Pick<PortalRepository, 'vehicleHome' | 'todoHome' | 'customerHousehold'>) {
  return {
    householdResources: { vehicleId: repo.vehicleHome, itemId: repo.todoHome },
    customerHousehold: repo.customerHousehold,
  };
}

export function portalRoutes(portal: PortalService) {
  return [
    implement(portalStoreRoute, ({ storeId }) => portal.store(storeId)),
    implement(portalVehiclesRoute, ({ storeId, params }) => portal.vehicles(storeId, params.customerId)),
    implement(portalDashboardRoute, ({ storeId, params }) => portal.dashboard(storeId, params.customerId)),
    implement(portalVehicleOverviewRoute, ({ storeId, params }) => portal.overview(storeId, params.vehicleId)),
    implement(portalVehicleOrdersRoute, ({ storeId, params, query }) => portal.closedOrders(storeId, params.vehicleId, query.page, query.size)),
    implement(portalDeferredItemsRoute, async ({ storeId, params }) => ({ items: await portal.deferredItems(storeId, params.vehicleId) })),
    implement(portalTodoItemsRoute, async ({ storeId, params }) => ({ items: await portal.todos(storeId, params.vehicleId) })),
    implement(portalAddTodoItemRoute, ({ storeId, params, body, principal }) => portal.addTodo(storeId, params.vehicleId, principal.id, body)),
    implement(portalRemoveTodoItemRoute, ({ storeId, params }) => portal.removeTodo(storeId, params.itemId)),
    implement(oftenRequiredWorkRoute, () => portal.oftenRequiredWork()),
    implement(logEventRoute, ({ principal, body }) =>
      portal.logEvent({ userId: principal.id, customerId: principal.customerId, storeId: principal.storeId }, body.eventName, body.data ?? {}),
    ),
  ];
}
