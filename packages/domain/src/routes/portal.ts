import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId, ZPage, ZSize } from '../http/common.js';
import { PORTAL_ROLES } from '../roles.js';
import { LIMITS } from '../limits.js';
import {
  ZDeferredItems,
  ZOftenRequiredWork,
  ZPortalDashboard,
  ZPortalOrdersPage,
  ZPortalStore,
  ZPortalVehicles,
  ZTodoItem,
  ZTodoItemRequest,
  ZTodoItems,
  ZVehicleOverview,
} from '../portal/portal.js';
import { logEventRoute } from './portal-events.js';

/**
 * The customer portal's calls (docs/portal.md), for the signed-in portal user: its customer's
 * store and household's vehicles, each vehicle's closed orders, deferred work and to-dos, the
 * often-required work, and the analytics events. Another customer's ids answer 404.
 */

const customerParams = z.strictObject({ customerId: ZId });
const vehicleParams = z.strictObject({ vehicleId: ZId });

export const portalStoreRoute = defineRoute({
  id: 'portal.store',
  method: 'GET',
  path: '/v2/api/customer/:customerId/store',
  summary: "The customer's store as the portal shows it: name, franchise name, phone, address, opening hours and time zone.",
  tag: 'portal',
  access: access.customer([]),
  params: customerParams,
  response: ZPortalStore,
});

export const portalVehiclesRoute = defineRoute({
  id: 'portal.vehicles',
  method: 'GET',
  path: '/v2/api/customer/:customerId/vehicles',
  summary:
    "The vehicles of the customer's household, oldest first, with their picture and latest inspection picture; and the customer's own fleet logo (fleetPicture, or null).",
  tag: 'portal',
  access: access.customer([]),
  params: customerParams,
  response: ZPortalVehicles,
});

export const portalDashboardRoute = defineRoute({
  id: 'portal.dashboard',
  method: 'GET',
  path: '/v2/api/customer/:customerId/dashboard',
  summary:
    "What the portal's dashboard reads first, in one request: the customer's store (as /store), the customer (names, business, fleet logo) and the household's vehicles (as /vehicles).",
  tag: 'portal',
  access: access.customer([]),
  params: customerParams,
  response: ZPortalDashboard,
});

export const portalVehicleOverviewRoute = defineRoute({
  id: 'portal.vehicleOverview',
  method: 'GET',
  path: '/v2/api/vehicle/:vehicleId/overview',
  summary:
    "What the dashboard reads for one vehicle, in one request: the first page of closed orders with their counts, the deferred work, the to-dos and the next maintenance mileage.",
  tag: 'portal',
  access: access.household([]),
  params: vehicleParams,
  response: ZVehicleOverview,
});

export const portalVehicleOrdersRoute = defineRoute({
  id: 'portal.vehicleOrders',
  method: 'GET',
  path: '/v2/api/vehicle/:vehicleId/closedOrders',
  summary: "The vehicle's closed orders, newest first, each with its mileage in and its ok, warning and critical counts; paged (10 by default).",
  tag: 'portal',
  access: access.household([]),
  params: vehicleParams,
  query: z.strictObject({ page: ZPage, size: ZSize(50, LIMITS.pageSize.orders) }),
  response: ZPortalOrdersPage,
});

export const portalDeferredItemsRoute = defineRoute({
  id: 'portal.deferredItems',
  method: 'GET',
  path: '/v2/api/vehicle/:vehicleId/deferredItems',
  summary:
    "The vehicle's deferred work: items the customer declined on any of its orders and has not dismissed, newest order first. Dismissal is PUT /v2/api/report/{id}/result/{resultId}/deferred.",
  tag: 'portal',
  access: access.household([]),
  params: vehicleParams,
  response: ZDeferredItems,
});

export const portalTodoItemsRoute = defineRoute({
  id: 'portal.todoItems',
  method: 'GET',
  path: '/v2/api/vehicle/:vehicleId/todo-item',
  summary: "The vehicle's to-do list, oldest first.",
  tag: 'portal',
  access: access.household([]),
  params: vehicleParams,
  response: ZTodoItems,
});

export const portalAddTodoItemRoute = defineRoute({
  id: 'portal.addTodoItem',
  method: 'POST',
  path: '/v2/api/vehicle/:vehicleId/todo-item',
  summary:
    'Adds a to-do to the vehicle: value trimmed, 1 to 500 characters; itemId names the often-required work it came from. A vehicle holds at most 100 (409 TODO_LIMIT_REACHED).',
  tag: 'portal',
  access: access.household([]),
  params: vehicleParams,
  body: ZTodoItemRequest,
  response: ZTodoItem,
  status: 201,
});

export const portalRemoveTodoItemRoute = defineRoute({
  id: 'portal.removeTodoItem',
  method: 'DELETE',
  path: '/v2/api/todo-item/:itemId',
  summary: "Removes a to-do of one of the household's vehicles.",
  tag: 'portal',
  access: access.household([], 'itemId'),
  params: z.strictObject({ itemId: ZId }),
});

export const oftenRequiredWorkRoute = defineRoute({
  id: 'portal.oftenRequiredWork',
  method: 'GET',
  path: '/v2/api/often-required-work',
  summary: "The often-required work the portal offers as to-dos (en and fr texts, each for a season or any time), with today's season from the astronomical dates.",
  tag: 'portal',
  access: access.signedIn(PORTAL_ROLES),
  response: ZOftenRequiredWork,
});

export const portalRoutes = [
  portalStoreRoute,
  portalVehiclesRoute,
  portalDashboardRoute,
  portalVehicleOverviewRoute,
  portalVehicleOrdersRoute,
  portalDeferredItemsRoute,
  portalTodoItemsRoute,
  portalAddTodoItemRoute,
  portalRemoveTodoItemRoute,
  oftenRequiredWorkRoute,
  logEventRoute,
];
