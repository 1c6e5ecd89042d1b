import { z } from 'zod';
import { ZId } from '../http/common.js';
import { withAliases } from '../http/aliases.js';
import { ZFileLink } from '../files/file.js';
import { ZLicensePlate } from '../customers/vehicle.js';
import { LANGUAGES } from '../limits.js';
import { ZFinishBlockers } from '../inspections/finish-blockers.js';

/**
 * The inspection order, or repair ticket: the unit of work of the whole product. The
 * response shape here is the contract the dashboard, the ticket page and the realtime events
 * share; docs/repair-orders.md explains each field.
 */

/** The six steps of an order, in the order the dashboard shows them. */
export const ORDER_STEPS = ['inspection', 'estimate', 'approval', 'report', 'parts', 'work'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** Step states. */
export const STEP_STATES = ['notStarted', 'pending', 'inProgress', 'done'] as const;
export type StepState = (typeof STEP_STATES)[number];

/** Parts has two more, both shown as inProgress. */
export const PARTS_STATES = [...STEP_STATES, 'inProgressHaveOrdered', 'inProgressSomeParts'] as const;
export type PartsState = (typeof PARTS_STATES)[number];

export const ZStepState = z.enum(STEP_STATES);
export const ZPartsState = z.enum(PARTS_STATES);

export const ZOrderStates = z.object({
  inspection: ZStepState,
  estimate: ZStepState,
  approval: ZStepState,
  report: ZStepState,
  parts: ZPartsState,
  work: ZStepState,
});
export type OrderStates = z.infer<typeof ZOrderStates>;

/** Fields an integration may lock (blockedFields). */
export const ORDER_BLOCKABLE_FIELDS = ['mileageIn', 'mileageOut', 'note'] as const;
export type OrderBlockableField = (typeof ORDER_BLOCKABLE_FIELDS)[number];

/** Estimate status and delivery. */
export const ESTIMATE_STATUSES = ['AUTHORIZED', 'IN_PROGRESS'] as const;
export const ESTIMATE_DELIVERIES = ['NOT_SENT', 'IN_PROGRESS', 'DELIVERED'] as const;
/** The meeting status as stored; shown as a step state by `meetingStepState`. */
export const MEETING_STATUSES = ['initiated', 'finished'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** What happened to an order, oldest first. `inspectionFinished` marks the inspection finished. */
export const ORDER_ACTIVITY_TYPES = [
  'created',
  'inspectionFinished',
  'reopened',
  'closed',
  'assigned',
  'timeTrackerStarted',
  'timeTrackerPaused',
  'signedOff',
  'reportSent',
  'repairCompleteNotified',
  /** An advisor confirmed the customer's appointment the ticket holds (docs/portal.md). */
  'appointmentConfirmed',
] as const;
export type OrderActivityType = (typeof ORDER_ACTIVITY_TYPES)[number];

export const ZOrderActivity = z.object({
  type: z.string(),
  date: z.string(),
  userId: z.string().nullable(),
});
export type OrderActivity = z.infer<typeof ZOrderActivity>;

export const ZServicePackage = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  lines: z.array(z.object({ id: z.string(), done: z.boolean() })),
});

/** The latest sign-off of the order's inspection: who signed, when, and the signature. */
export const ZOrderSignOff = z.object({
  signerName: z.string(),
  signedAt: z.string(),
  language: z.enum(LANGUAGES),
  /** The worker who handed the tablet over (the page's workerId), when given. */
  workerId: z.string().nullable(),
  signature: ZFileLink.nullable(),
});
export type OrderSignOff = z.infer<typeof ZOrderSignOff>;

export const ZOrderPicture = z.object({ url: z.string(), name: z.string(), source: z.string().nullable() });

/** What a list row shows of the customer, vehicle and workers, so lists need no extra calls. */
export const ZOrderCustomerSummary = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  business: z.string().nullable(),
  honorific: z.string().nullable(),
});
export const ZOrderVehicleSummary = z.object({
  _id: z.string(),
  year: z.number().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  engine: z.string().nullable(),
  vin: z.string().nullable(),
  licensePlate: z.string().nullable(),
  fleetNumber: z.string().nullable(),
  color: z.string().nullable(),
});
export const ZOrderWorkerSummary = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

/**
 * The order as every route and event answers it. One name per field (decision 0002): `closed`
 * (input also `isClosed`, `inspectionOrderClosed`), `storeId` (input also `owner`),
 * `inspectionType` (input also `inspectionId`). Dates are ISO instants.
 */
export const ZRepairOrder = z.object({
  _id: z.string(),
  inspectionType: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** When the order was written (created). */
  date: z.string(),
  waiting: z.boolean(),
  note: z.string().nullable(),
  timePromised: z.string().nullable(),
  mileageIn: z.number().int().nullable(),
  mileageOut: z.number().int().nullable(),
  vehicleInShop: z.boolean(),
  /** Appointment time; set to now when the vehicle is taken out of the shop without one. */
  scheduled: z.string().nullable(),
  serviceAdvisorId: z.string().nullable(),
  technicianId: z.string().nullable(),
  customerId: z.string(),
  vehicleId: z.string(),
  storeId: z.string(),
  states: ZOrderStates,
  closed: z.boolean(),
  /** The inspection was finished (and not reopened since). */
  finished: z.boolean(),
  estimate: z.object({
    status: z.enum(ESTIMATE_STATUSES).nullable(),
    delivery: z.enum(ESTIMATE_DELIVERIES),
  }),
  report: z.object({ status: z.string().nullable(), lastViewed: z.string().nullable() }),
  meeting: z.object({ status: z.enum(MEETING_STATUSES).nullable() }),
  repairOrderId: z.string().nullable(),
  blockedFields: z.array(z.enum(ORDER_BLOCKABLE_FIELDS)),
  primaryPicture: ZOrderPicture.nullable(),
  signOff: ZOrderSignOff.nullable(),
  timeTracker: z.object({
    isRunning: z.boolean(),
    /** The running entry's start, null when paused. */
    startedAt: z.string().nullable(),
    /** Whole seconds worked on the order so far, the running entry up to now included. */
    elapsedSeconds: z.number().int(),
  }),
  includeMaintenanceInReport: z.boolean(),
  isCustomerNotifiedAboutRepair: z.boolean(),
  checkedWithHunter: z.boolean(),
  activities: z.array(ZOrderActivity),
  servicePackages: z.array(ZServicePackage),
  _links: z.object({ self: z.object({ href: z.string() }) }),
  _embedded: z.object({
    customer: ZOrderCustomerSummary.nullable(),
    vehicle: ZOrderVehicleSummary.nullable(),
    serviceAdvisor: ZOrderWorkerSummary.nullable().optional(),
    technician: ZOrderWorkerSummary.nullable().optional(),
  }),
});
export type RepairOrder = z.infer<typeof ZRepairOrder>;

/* ---------------------------------------------------------------- input */

const ZIso = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });
const ZMileage = z.number().int().min(0).max(9_999_999);
/** Typed by staff or sent by a shop system; blank means none. */
export const ZOrderNumber = z
  .string()
  .trim()
  .max(30)
  .transform((v) => (v === '' ? null : v));

/** Fields a ticket form edits, every one optional. */
export const ZRepairOrderFields = z.strictObject({
  inspectionType: ZId.nullable(),
  orderNumber: ZOrderNumber.nullable(),
  waiting: z.boolean(),
  note: z.string().max(4000).nullable(),
  timePromised: ZIso.nullable(),
  mileageIn: ZMileage.nullable(),
  mileageOut: ZMileage.nullable(),
  vehicleInShop: z.boolean(),
  scheduled: ZIso.nullable(),
  serviceAdvisorId: ZId.nullable(),
  technicianId: ZId.nullable(),
  customerId: ZId,
  vehicleId: ZId,
  includeMaintenanceInReport: z.boolean(),
  isCustomerNotifiedAboutRepair: z.boolean(),
  checkedWithHunter: z.boolean(),
  repairOrderId: z.string().trim().max(100).nullable(),
});
export type RepairOrderFields = z.infer<typeof ZRepairOrderFields>;

export const ORDER_ALIASES = { inspectionId: 'inspectionType', owner: 'storeId' };

/** POST /store/{storeId}/inspectionOrder: customerId and vehicleId required. */
export const ZCreateRepairOrderRequest = withAliases(
  ZRepairOrderFields.partial().extend({
    customerId: ZId,
    vehicleId: ZId,
    /** Must name the path's store when sent. */
    storeId: ZId.optional(),
    blockedFields: z.array(z.enum(ORDER_BLOCKABLE_FIELDS)).max(ORDER_BLOCKABLE_FIELDS.length).optional(),
  }),
  ORDER_ALIASES,
);
export type CreateRepairOrderRequest = z.infer<typeof ZCreateRepairOrderRequest>;

/**
 * PUT /store/{storeId}/inspectionOrder/{id}: the fields sent change. A changed vehicleId is
 * refused (CANNOT_CHANGE_VEHICLE); a blocked field sent with a different value is refused
 * (FIELD_BLOCKED), the same value passes, so a client may send the whole ticket back.
 */
export const ZUpdateRepairOrderRequest = withAliases(
  ZRepairOrderFields.partial().extend({ storeId: ZId.optional() }),
  ORDER_ALIASES,
).refine((b) => Object.keys(b).length > 0, { message: 'a field to change is mandatory' });
export type UpdateRepairOrderRequest = z.infer<typeof ZUpdateRepairOrderRequest>;

/** PUT .../{id}/state: one step's state. */
export const ZOrderStateRequest = z
  .strictObject({ state: z.enum(ORDER_STEPS), value: ZPartsState })
  .refine((b) => b.state === 'parts' || (STEP_STATES as readonly string[]).includes(b.value), {
    message: 'value: only parts takes inProgressHaveOrdered or inProgressSomeParts',
    path: ['value'],
  });
export type OrderStateRequest = z.infer<typeof ZOrderStateRequest>;

/**
 * GET .../can-be-finished: the first reason (null when it can be finished) and, when the
 * inspection's checks refuse, every item that blocks it.
 */
export const ZCanBeFinished = z.object({
  cannotBeFinishedReason: z.string().nullable(),
  blockers: ZFinishBlockers.optional(),
});

/**
 * POST /inspectionOrder?match-customer-by=business&match-vehicle-by=fleetNumber: a shop
 * system's ticket. The customer is found by business name (else created), the vehicle by fleet
 * number in that customer's household (else created); `_id`s, when sent, win over matching.
 * With inspectionOrderId naming an open order of the store, that order is updated instead.
 */
export const ZMatchRepairOrderRequest = withAliases(
  z.strictObject({
    storeId: ZId,
    serviceAdvisorId: ZId.nullable().optional(),
    technicianId: ZId.nullable().optional(),
    inspectionOrderId: ZId.nullable().optional(),
    inspectionType: ZId.nullable().optional(),
    vehicleInShop: z.boolean().optional(),
    orderNumber: ZOrderNumber.nullable().optional(),
    customer: z.strictObject({
      _id: ZId.nullable().optional(),
      business: z.string().trim().min(1).max(200).nullable().optional(),
    }),
    vehicle: z.strictObject({
      _id: ZId.nullable().optional(),
      licensePlate: ZLicensePlate.nullable().optional(),
      fleetNumber: z.string().trim().min(1).max(30).nullable().optional(),
    }),
  }),
  ORDER_ALIASES,
);
export type MatchRepairOrderRequest = z.infer<typeof ZMatchRepairOrderRequest>;

/* --------------------------------------------------------------- sorting */

/**
 * The key the list sorts "by RO number" on, stored beside the number (`order_number_key`, compared
 * byte-wise): lower case, each run of digits written as its length (two digits) then the digits
 * without leading zeros, so numbers compare as numbers inside any text ('RO-99' < 'RO-100',
 * '950' < '1200'), and all-digit numbers come before text. Null when there is no number.
 */
export function orderNumberSortKey(orderNumber: string | null | undefined): string | null {
  const trimmed = orderNumber?.trim() ?? '';
  if (trimmed === '') return null;
  return trimmed.toLowerCase().replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '');
    return String(digits.length).padStart(2, '0') + digits;
  });
}

/** Two order numbers in the list's order (numbers inside text compared as numbers). */
export function compareOrderNumberKeys(a: string, b: string): number {
  const ka = orderNumberSortKey(a) ?? '';
  const kb = orderNumberSortKey(b) ?? '';
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
