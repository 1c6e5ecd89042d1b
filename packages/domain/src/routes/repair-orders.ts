import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId, ZPage, ZSize } from '../http/common.js';
import { LIMITS } from '../limits.js';
import { ZHousehold, ZPageInfo } from '../customers/vehicle.js';
import {
  ORDER_STEPS,
  PARTS_STATES,
  ZCanBeFinished,
  ZCreateRepairOrderRequest,
  ZRepairOrder,
  ZMatchRepairOrderRequest,
  ZOrderStateRequest,
  ZUpdateRepairOrderRequest,
  type OrderStep,
  type PartsState,
} from '../repair-orders/repair-order.js';
import { ORDER_READ_ROLES, ORDER_WRITE_ROLES, TIME_TRACKER_ROLES } from '../repair-orders/order-roles.js';


const storeParams = z.strictObject({ storeId: ZId });
const orderParams = z.strictObject({ storeId: ZId, inspectionOrderId: ZId });

/* ------------------------------------------------------------ list query */

export const ORDER_LIST_SORTINGS = ['orderNumber,desc', 'orderNumber,asc', 'scheduled,asc'] as const;
export type OrderListSorting = (typeof ORDER_LIST_SORTINGS)[number];
export const DEFAULT_ORDER_LIST_SORTING: OrderListSorting = 'orderNumber,desc';

/** Unknown sort values are ignored (the default applies), never an error. */
const ZListSorting = z
  .unknown()
  .optional()
  .transform((v): OrderListSorting =>
    typeof v === 'string' && (ORDER_LIST_SORTINGS as readonly string[]).includes(v) ? (v as OrderListSorting) : DEFAULT_ORDER_LIST_SORTING,
  );

/** A filter switch: 'true' or 'false'; anything else is ignored (no filter). */
const ZLenientBoolean = z
  .unknown()
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** A step-state filter: a comma list of states; unknown states are dropped, none left means no filter. */
const ZStateList = z
  .unknown()
  .optional()
  .transform((v): PartsState[] | undefined => {
    if (typeof v !== 'string' && !Array.isArray(v)) return undefined;
    const parts = (Array.isArray(v) ? v.join(',') : v).split(',').map((s) => String(s).trim());
    const known = [...new Set(parts.filter((s): s is PartsState => (PARTS_STATES as readonly string[]).includes(s)))];
    return known.length ? known : undefined;
  });

const ZSearch = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

const ZIsoQuery = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional();

const stepFilters = Object.fromEntries(ORDER_STEPS.map((s) => [s, ZStateList])) as Record<OrderStep, typeof ZStateList>;

/**
 * The list's query (the dashboard's table in orders/dashboard.ts builds it). Page and
 * size are validated (400); sorting, waitingFirst, the switches and step states ignore values
 * they do not know; ids and dates must be well formed (400).
 */
export const ZRepairOrderListQuery = z.object({
  page: ZPage,
  size: ZSize(100, LIMITS.pageSize.orders),
  sorting: ZListSorting,
  /** 'true' puts waiting customers first; any other value is ignored. Not applied to scheduled order. */
  waitingFirst: ZLenientBoolean.transform((v) => v === true),
  vehicleInShop: ZLenientBoolean,
  waiting: ZLenientBoolean,
  closed: ZLenientBoolean,
  /** The order's other names for `closed` (decision 0002): read as `closed` when that is not sent. */
  isClosed: ZLenientBoolean,
  inspectionOrderClosed: ZLenientBoolean,
  search: ZSearch,
  ...stepFilters,
  serviceAdvisorId: ZId.optional(),
  technicianId: ZId.optional(),
  /** Orders NOT held by this technician (unassigned ones included). */
  not: ZId.optional(),
  /** Appointments from this instant on (orders without a scheduled time are left out). */
  scheduledFrom: ZIsoQuery,
}).transform(({ isClosed, inspectionOrderClosed, ...query }) => ({
  ...query,
  closed: query.closed ?? isClosed ?? inspectionOrderClosed,
}));
export type RepairOrderListQuery = z.infer<typeof ZRepairOrderListQuery>;

export const ZRepairOrderList = z.object({
  _embedded: z.object({ inspectionOrder: z.array(ZRepairOrder) }),
  page: ZPageInfo,
});
export type RepairOrderList = z.infer<typeof ZRepairOrderList>;

export const ZCount = z.object({ count: z.number().int() });

/* ---------------------------------------------------------------- routes */

export const createRepairOrderRoute = defineRoute({
  id: 'inspectionOrders.create',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder',
  summary:
    "Writes a ticket for a vehicle of the store and a customer of its household. Advisor and technician must be the store's workers; a technician may only assign it to itself.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: storeParams,
  body: ZCreateRepairOrderRequest,
  response: ZRepairOrder,
  status: 201,
});

export const matchRepairOrderRoute = defineRoute({
  id: 'inspectionOrders.match',
  method: 'POST',
  path: '/v2/api/inspectionOrder',
  summary:
    'A shop system\'s ticket: storeId in the body; the customer found by business name and the vehicle by fleet number, each created when missing, in one transaction.',
  tag: 'inspectionOrders',
  access: access.storeInBody(ORDER_WRITE_ROLES),
  query: z.object({
    'match-customer-by': z.enum(['business']).default('business'),
    'match-vehicle-by': z.enum(['fleetNumber']).default('fleetNumber'),
  }),
  body: ZMatchRepairOrderRequest,
  response: ZRepairOrder,
  status: 201,
});

export const listRepairOrdersRoute = defineRoute({
  id: 'inspectionOrders.list',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder',
  summary:
    "The store's orders, a page at a time: by order number (numbers as numbers, none last) or by scheduled time, waiting first on demand, filtered by vehicleInShop, search, step states, serviceAdvisorId, technicianId and not.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: storeParams,
  query: ZRepairOrderListQuery,
  response: ZRepairOrderList,
});

export const countRepairOrdersRoute = defineRoute({
  id: 'inspectionOrders.count',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/count',
  summary: 'How many open orders match (vehicleInShop, waiting, search); the dashboard asks vehicleInShop=true.',
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: storeParams,
  query: z.object({ vehicleInShop: ZLenientBoolean, waiting: ZLenientBoolean, search: ZSearch }),
  response: ZCount,
});

export const vehicleCountRepairOrdersRoute = defineRoute({
  id: 'inspectionOrders.vehicleCount',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/vehicleCount',
  summary: 'How many vehicles are in the shop: distinct vehicles of open orders with vehicleInShop.',
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: storeParams,
  response: ZCount,
});

export const getRepairOrderRoute = defineRoute({
  id: 'inspectionOrders.get',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId',
  summary: 'One order of the store.',
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZRepairOrder,
});

export const updateRepairOrderRoute = defineRoute({
  id: 'inspectionOrders.update',
  method: 'PUT',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId',
  summary:
    'Changes the fields sent. Refused on a closed order (ORDER_CLOSED), for another vehicle (CANNOT_CHANGE_VEHICLE), for a blocked field with a new value (FIELD_BLOCKED), and by the assignment rules (only an advisor reassigns another technician\'s order; techCanWorkOnlyOwnInspection).',
  tag: 'inspectionOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  body: ZUpdateRepairOrderRequest,
  response: ZRepairOrder,
});

export const setRepairOrderStateRoute = defineRoute({
  id: 'inspectionOrders.setState',
  method: 'PUT',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/state',
  summary: "Sets one step's state: {state: step, value}. Parts also takes inProgressHaveOrdered and inProgressSomeParts.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  body: ZOrderStateRequest,
  response: ZRepairOrder,
});

export const canBeFinishedRoute = defineRoute({
  id: 'inspectionOrders.canBeFinished',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/can-be-finished',
  summary: 'Why the order cannot be finished yet (measurements or items required), or null; with a reason, blockers names every blocking item (missingResults, missingMeasurements, as in the finish refusal).',
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZCanBeFinished,
});

const action = (name: 'close' | 'finish' | 'reopen', summary: string) =>
  defineRoute({
    id: `inspectionOrders.${name}`,
    method: 'POST',
    path: `/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/${name}`,
    summary,
    tag: 'inspectionOrders',
    access: access.store(ORDER_WRITE_ROLES),
    params: orderParams,
    response: ZRepairOrder,
  });

export const closeRepairOrderRoute = action('close', 'Closes the order (final; a running time tracker is paused). ORDER_CLOSED when already closed.');
export const finishRepairOrderRoute = action(
  'finish',
  'Finishes the inspection: inspection done, finished true; a running time tracker stops (its time is added). ORDER_CANNOT_BE_FINISHED with the reason as message when a finish check refuses; the error body then carries details: { missingResults: [{ itemKey, name, group, section, sectionName }], missingMeasurements: [{ itemKey, name, group, section, sectionName, unit }] } (names in en and fr), every item that blocks it in page order.',
);
export const reopenRepairOrderRoute = action('reopen', 'Reopens a finished inspection (inspection inProgress, finished false). ORDER_NOT_FINISHED otherwise.');

export const startTimeTrackerRoute = defineRoute({
  id: 'inspectionOrders.timeTrackerStart',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/timeTracker/start',
  summary:
    "Starts the technician's clock on the order (store's inspectionTimeTrackerEnable, else TIME_TRACKER_DISABLED; TIME_TRACKER_RUNNING when running). Work starts: inspection notStarted/pending becomes inProgress.",
  tag: 'inspectionOrders',
  access: access.store(TIME_TRACKER_ROLES),
  params: orderParams,
  response: ZRepairOrder,
});

export const pauseTimeTrackerRoute = defineRoute({
  id: 'inspectionOrders.timeTrackerPause',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/timeTracker/pause',
  summary: 'Pauses the running clock (TIME_TRACKER_NOT_RUNNING otherwise); the time worked is kept.',
  tag: 'inspectionOrders',
  access: access.store(TIME_TRACKER_ROLES),
  params: orderParams,
  response: ZRepairOrder,
});

export const primaryPictureRoute = defineRoute({
  id: 'inspectionOrders.primaryPicture',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/primaryPicture',
  summary:
    "Sets the order's primary picture from a multipart/form-data upload: one PNG or JPEG file (checked by its bytes; 415 otherwise, a video included; 413 when too large), optional fileName and source fields before it. Stored as an upright JPEG; the previous picture is deleted.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  response: ZRepairOrder,
});

export const signOffRepairOrderRoute = defineRoute({
  id: 'inspectionOrders.signOff',
  method: 'POST',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/signoff',
  summary:
    "Signs the inspection off and finishes it, from a multipart/form-data upload: fields signerName (the person who signed), language (en or fr) and optional workerId before the file; the file is the signature as a PNG or JPEG picture (checked by its bytes, 415 otherwise; at most 1 MB). The signature is kept with the order (signOff); refused like finish (ORDER_CANNOT_BE_FINISHED with the reason and the blocking items as details), and then nothing is stored; a running time tracker stops.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_WRITE_ROLES),
  params: orderParams,
  response: ZRepairOrder,
});

export const vehicleRepairOrdersRoute = defineRoute({
  id: 'inspectionOrders.ofVehicle',
  method: 'GET',
  path: '/v2/api/store/:storeId/vehicle/:vehicleId/inspectionOrder',
  summary: "The vehicle's orders, newest first (closed=true: its history). 204 when there is none.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: z.strictObject({ storeId: ZId, vehicleId: ZId }),
  query: z.object({ closed: ZLenientBoolean }),
  response: z.object({ _embedded: z.object({ inspectionOrder: z.array(ZRepairOrder) }) }),
});

export const inspectionOrderHouseholdRoute = defineRoute({
  id: 'inspectionOrders.household',
  method: 'GET',
  path: '/v2/api/store/:storeId/inspectionOrder/:inspectionOrderId/household',
  summary: "The household of the order's customer, with its customers and vehicles.",
  tag: 'inspectionOrders',
  access: access.store(ORDER_READ_ROLES),
  params: orderParams,
  response: ZHousehold,
});

export const inspectionOrderRoutes = [
  createRepairOrderRoute,
  matchRepairOrderRoute,
  listRepairOrdersRoute,
  countRepairOrdersRoute,
  vehicleCountRepairOrdersRoute,
  getRepairOrderRoute,
  updateRepairOrderRoute,
  setRepairOrderStateRoute,
  canBeFinishedRoute,
  closeRepairOrderRoute,
  finishRepairOrderRoute,
  reopenRepairOrderRoute,
  startTimeTrackerRoute,
  pauseTimeTrackerRoute,
  primaryPictureRoute,
  signOffRepairOrderRoute,
  vehicleRepairOrdersRoute,
  inspectionOrderHouseholdRoute,
] as const;
