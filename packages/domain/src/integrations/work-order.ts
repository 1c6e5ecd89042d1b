import { z } from 'zod';
import type { StoreSettings } from '../identity/store.js';
import type { PartsState, StepState } from '../repair-orders/repair-order.js';

/**
 * The shop-management system's work order, parts and technicians' clocks (docs/integrations.md).
 * Shapes follow the system's own names (ServicePackages, ServicePackageLines, Completed,
 * InvoiceTime, Header.DeletionTime...), so the adapter passes them through unchanged; the few
 * fields ServiceBay adds are camelCase.
 */

type Integration = StoreSettings['integration'];

export const SERVICE_PACKAGE_LINE_TYPES = ['Labor', 'Part', 'Sublet', 'Fee', 'Note'] as const;

export const ZWorkOrderTechnician = z.object({ ID: z.string(), Name: z.string() });

export const ZServicePackageLine = z.object({
  ID: z.string(),
  Type: z.enum(SERVICE_PACKAGE_LINE_TYPES),
  Description: z.string(),
  /** Labour hours of a labour line, quantity of a part line. */
  Quantity: z.number(),
  Completed: z.boolean(),
  Technician: ZWorkOrderTechnician.nullable(),
  /** A technician's clock runs on this line now. */
  ClockRunning: z.boolean(),
  /** The estimate line it came from (ServiceBay's id), so pushing the same work twice adds nothing. */
  ExternalReference: z.string().nullable(),
});
export type ServicePackageLine = z.infer<typeof ZServicePackageLine>;

export const ZWorkOrderServicePackage = z.object({
  ID: z.string(),
  Chapter: z.string(),
  Description: z.string(),
  ServicePackageLines: z.array(ZServicePackageLine),
});
export type WorkOrderServicePackage = z.infer<typeof ZWorkOrderServicePackage>;

export const ZWorkOrder = z.object({
  ID: z.string(),
  /** The ticket it belongs to. */
  inspectionOrderId: z.string(),
  Header: z.object({ Description: z.string(), DeletionTime: z.string().nullable() }),
  Footer: z.object({ Title: z.string(), Description: z.string() }),
  InvoiceTime: z.string().nullable(),
  ServicePackages: z.array(ZWorkOrderServicePackage),
  /** Closed or invoiced: nothing more is sent to it. */
  closed: z.boolean(),
  /** Every labour line is completed (and there is at least one). */
  allDone: z.boolean(),
  /** The store's displayAllExpandedByDefault: the page opens every service package. */
  expandedByDefault: z.boolean(),
});
export type WorkOrder = z.infer<typeof ZWorkOrder>;

export const CLOCK_EVENT_TYPES = ['Labor', 'Shift'] as const;

export const ZClockEvent = z.object({
  ID: z.string(),
  /** Labor: work on a line; Shift: the technician's day (clock in to clock out). */
  Type: z.enum(CLOCK_EVENT_TYPES),
  ClockedIn: z.string(),
  ClockedOut: z.string().nullable(),
  ServicePackageLineID: z.string().nullable(),
  EmployeeID: z.string(),
  WorkOrderID: z.string().nullable(),
});
export type ClockEvent = z.infer<typeof ZClockEvent>;
export const ZClockEventList = z.object({ items: z.array(ZClockEvent) });

/** The technician's clock now: the open shift and the open line, each null when none. */
export const ZRunningClock = z.object({
  userId: z.string(),
  shift: ZClockEvent.nullable(),
  line: ZClockEvent.nullable(),
  /** The ticket of the open line, for a link to its work order. */
  inspectionOrderId: z.string().nullable(),
});
export type RunningClock = z.infer<typeof ZRunningClock>;

export const PART_STATUSES = ['quoted', 'ordered', 'received'] as const;

export const ZShopPart = z.object({
  ID: z.string(),
  PartNumber: z.string().nullable(),
  Description: z.string(),
  Quantity: z.number(),
  /** The customer declined the work it belongs to. */
  Declined: z.boolean(),
  Status: z.enum(PART_STATUSES),
});
export type ShopPart = z.infer<typeof ZShopPart>;
export const ZShopPartList = z.object({
  items: z.array(ZShopPart),
  /** The order's parts state, as the parts give it. */
  state: z.string(),
});

/** Clock start and stop: the line and the ticket; timeClockEventId names the event to stop. */
export const ZClockRequest = z.strictObject({
  inspectionOrderId: z.string().min(1).max(100),
  servicePackageLineId: z.string().min(1).max(100),
  timeClockEventId: z.string().max(100).nullable().optional(),
  ptrTechnicianId: z.string().max(100).nullable().optional(),
  laborLineId: z.string().max(100).nullable().optional(),
  workerId: z.string().max(100).nullable().optional(),
});
export type ClockRequest = z.infer<typeof ZClockRequest>;

/** Done or clear: for everything, for a line, or for one technician's lines (workerId). */
export const ZLabourRequest = z.strictObject({ workerId: z.string().max(100).nullable().optional() });

/** A shop system's webhook document: the work order, its store, and the changed field's value. */
export const ZWorkOrderWebhook = z.strictObject({
  document: z.strictObject({
    _id: z.string().min(1).max(100),
    storeId: z.uuid(),
    fields: z.record(z.string().max(60), z.string().max(4000)),
  }),
});
export type WorkOrderWebhook = z.infer<typeof ZWorkOrderWebhook>;

export const WORK_ORDER_TEXT_FIELDS = ['footerTitle', 'footerDescription', 'headerDescription'] as const;
export type WorkOrderTextField = (typeof WORK_ORDER_TEXT_FIELDS)[number];

/* ------------------------------------------------------------------ rules */

/** Closed or invoiced: a positive invoice time or a deletion time. */
export function isWorkOrderClosed(wo: { InvoiceTime: string | null; Header: { DeletionTime: string | null } }): boolean {
  const invoiced = wo.InvoiceTime !== null && Date.parse(wo.InvoiceTime) > 0;
  return invoiced || wo.Header.DeletionTime !== null;
}

const labourLines = (packages: readonly WorkOrderServicePackage[]) =>
  packages.flatMap((p) => p.ServicePackageLines.filter((l) => l.Type === 'Labor'));

/** All done only when every labour line is completed (a work order without labour is not done). */
export function allLabourDone(packages: readonly WorkOrderServicePackage[]): boolean {
  const lines = labourLines(packages);
  return lines.length > 0 && lines.every((l) => l.Completed);
}

/** The ticket's work state from its work order's labour lines. */
export function workStateOf(packages: readonly WorkOrderServicePackage[]): StepState {
  const lines = labourLines(packages);
  if (lines.length === 0) return 'notStarted';
  if (lines.every((l) => l.Completed)) return 'done';
  if (lines.some((l) => l.Completed || l.ClockRunning)) return 'inProgress';
  return 'pending';
}

/** The ticket's parts state from its parts: the declined ones do not count. */
export function partsStateOf(parts: readonly Pick<ShopPart, 'Declined' | 'Status'>[]): PartsState {
  const wanted = parts.filter((p) => !p.Declined);
  if (wanted.length === 0) return 'notStarted';
  if (wanted.every((p) => p.Status === 'received')) return 'done';
  if (wanted.some((p) => p.Status === 'received')) return 'inProgressSomeParts';
  if (wanted.every((p) => p.Status === 'ordered')) return 'inProgressHaveOrdered';
  return 'pending';
}

/** inProgressHaveOrdered and inProgressSomeParts are shown as inProgress. */
export function shownPartsState(state: PartsState): StepState {
  return state === 'inProgressHaveOrdered' || state === 'inProgressSomeParts' ? 'inProgress' : state;
}

/** The shop systems that have parts and a work order: protractor, and vastenterprise. */
export function hasWorkOrderSupport(integration: Integration): boolean {
  return integration.enabled && (integration.managementSystem === 'protractor' || integration.managementSystem === 'vastenterprise');
}

/**
 * Parts open in the app for protractor, or for vastenterprise when two-way with an endpoint;
 * otherwise the older page.
 */
export function partsPageTarget(integration: Integration): 'inApp' | 'legacy' {
  if (!integration.enabled) return 'legacy';
  if (integration.managementSystem === 'protractor') return 'inApp';
  if (integration.managementSystem === 'vastenterprise' && integration.twoWay && integration.endpoint) return 'inApp';
  return 'legacy';
}

/** Work status opens the work order page for protractor with clock-in, otherwise the older page. */
export function workStatusTarget(integration: Integration): 'workOrder' | 'legacy' {
  return integration.enabled && integration.managementSystem === 'protractor' && integration.enableClockIn ? 'workOrder' : 'legacy';
}

/** The value an endpoint takes to use the local Protractor simulator; null (no endpoint) does too. */
export const LOCAL_SIMULATOR_ENDPOINT = 'local';

export function usesLocalSimulator(integration: Pick<Integration, 'endpoint'>): boolean {
  const endpoint = integration.endpoint?.trim() ?? '';
  return endpoint === '' || endpoint === LOCAL_SIMULATOR_ENDPOINT;
}
