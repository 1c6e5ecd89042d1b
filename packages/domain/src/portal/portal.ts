import { z } from 'zod';
import { ZOpenDay } from '../identity/store.js';
import { ZPageInfo } from '../customers/vehicle.js';
import { SEASONS } from './seasons.js';
import { ZAppointment } from './appointments.js';

/**
 * The portal's answers for a signed-in customer (docs/portal.md): its store, its household's
 * vehicles, their closed orders, deferred work and to-dos, the often-required work and the
 * analytics events.
 */

export const PORTAL_LIMITS = {
  /** Longest to-do text, after trimming. */
  todoMaxLength: 500,
  /** To-do items one vehicle may hold. */
  todosPerVehicle: 100,
  /** Analytics events one portal user may log per minute; more answer 429 and are not kept. */
  eventsPerMinute: 60,
} as const;

export const ZPortalStore = z.object({
  _id: z.string(),
  name: z.string(),
  franchiseName: z.string().nullable(),
  phoneNo: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  openTime: z.array(ZOpenDay),
  /** IANA zone: the store's setting, else the default of its province or state. */
  timeZone: z.string(),
});
export type PortalStore = z.infer<typeof ZPortalStore>;

export const ZPictureLink = z.object({ url: z.string(), name: z.string() }).nullable();
/** A signed picture URL and its file name, or null. */
export type PictureLink = z.infer<typeof ZPictureLink>;

export const ZPortalVehicle = z.object({
  _id: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  engine: z.string().nullable(),
  color: z.string().nullable(),
  fleetNumber: z.string().nullable(),
  licensePlate: z.string().nullable(),
  /** The vehicle's own picture (signed URL), and the latest inspection picture to fall back on. */
  picture: ZPictureLink,
  latestInspectionPicture: ZPictureLink,
});
export type PortalVehicle = z.infer<typeof ZPortalVehicle>;

export const ZPortalVehicles = z.object({
  vehicles: z.array(ZPortalVehicle),
  /** The signed-in customer's fleet logo (signed URL), or null: the fleet list shows it above the vans. */
  fleetPicture: ZPictureLink,
});
export type PortalVehicles = z.infer<typeof ZPortalVehicles>;

export const ZPortalOrder = z.object({
  _id: z.string(),
  orderNumber: z.string().nullable(),
  /** When the order was opened (ISO); the list is newest first by it. */
  date: z.string(),
  closedAt: z.string().nullable(),
  /** null when not recorded (the portal shows 'not recorded' unless above 0). */
  mileageIn: z.number().int().nullable(),
  counts: z.object({ okay: z.number().int(), warning: z.number().int(), critical: z.number().int() }),
});
export type PortalOrder = z.infer<typeof ZPortalOrder>;

export const ZPortalOrdersPage = z.object({ orders: z.array(ZPortalOrder), page: ZPageInfo });

export const ZDeferredItem = z.object({
  resultId: z.string(),
  inspectionOrderId: z.string(),
  orderNumber: z.string().nullable(),
  /** The order's date (ISO). */
  date: z.string(),
  itemKey: z.string(),
  /** The item's name in both languages (the template's; the item key when unknown). */
  name: z.object({ en: z.string(), fr: z.string() }),
  result: z.enum(['warning', 'critical']),
  /** Typed texts as written; template texts in both languages. */
  finding: z.object({ en: z.string(), fr: z.string() }).nullable(),
  recommendation: z.object({ en: z.string(), fr: z.string() }).nullable(),
});
export type DeferredItem = z.infer<typeof ZDeferredItem>;

export const ZDeferredItems = z.object({ items: z.array(ZDeferredItem) });

export const ZTodoItem = z.object({
  _id: z.string(),
  vehicleId: z.string(),
  value: z.string(),
  /** The often-required-work item it was added from, if any. */
  itemId: z.string().nullable(),
  createdAt: z.string(),
});
export type TodoItem = z.infer<typeof ZTodoItem>;

export const ZTodoItems = z.object({ items: z.array(ZTodoItem) });

export const ZTodoItemRequest = z.strictObject({
  value: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(PORTAL_LIMITS.todoMaxLength, `must be at most ${PORTAL_LIMITS.todoMaxLength} characters`),
  itemId: z.string().max(64).nullable().optional(),
});
export type TodoItemRequest = z.input<typeof ZTodoItemRequest>;

export const ZSeason = z.enum(SEASONS);

export const ZOftenRequiredWork = z.object({
  /** Today's season from the astronomical dates. */
  season: ZSeason,
  items: z.array(
    z.object({ _id: z.string(), text: z.object({ en: z.string(), fr: z.string() }), season: ZSeason.nullable() }),
  ),
});

/** The customer as the dashboard's header names it: a person's name, or the business on the fleet variant. */
export const ZPortalCustomer = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  business: z.string().nullable(),
  /** The fleet logo (signed URL), when one was uploaded. */
  fleetPicture: ZPictureLink,
});
export type PortalCustomer = z.infer<typeof ZPortalCustomer>;

/** What the dashboard reads first, in one request: the store, the customer and the household's vehicles. */
export const ZPortalDashboard = z.object({
  store: ZPortalStore,
  customer: ZPortalCustomer,
  vehicles: z.array(ZPortalVehicle),
});
export type PortalDashboard = z.infer<typeof ZPortalDashboard>;

/**
 * Distance from the latest recorded mileage to the next maintenance, in the odometer's own unit
 * (the product keeps no unit with a mileage): the usual oil-change interval.
 */
export const NEXT_MAINTENANCE_INTERVAL = 5000;

/** The next maintenance mileage: the newest order's recorded mileage in, plus the interval; null when none is recorded. */
export function nextMaintenanceMileage(ordersNewestFirst: ReadonlyArray<{ mileageIn: number | null }>): number | null {
  const latest = ordersNewestFirst.find((o) => o.mileageIn !== null && o.mileageIn > 0);
  return latest ? latest.mileageIn! + NEXT_MAINTENANCE_INTERVAL : null;
}

/** What the dashboard reads for the selected vehicle, in one request. */
export const ZVehicleOverview = z.object({
  /** The first page of closed orders, newest first, with their counts. */
  orders: ZPortalOrdersPage,
  deferredItems: z.array(ZDeferredItem),
  todos: z.array(ZTodoItem),
  /** The vehicle's next appointment, requested or confirmed; null when none. */
  appointment: ZAppointment.nullable(),
  /** From the latest recorded mileage (nextMaintenanceMileage); null when none is recorded. */
  nextMaintenanceMileage: z.number().int().nullable(),
});
export type VehicleOverview = z.infer<typeof ZVehicleOverview>;
