import type { ClockEvent, ShopPart, WorkOrder, WorkOrderTextField } from '@servicebay/domain';

/**
 * What ServiceBay asks of a shop-management system (docs/integrations.md). One implementation per
 * kind of system: the Protractor HTTP client (protractor.client.ts) and the local Protractor
 * simulator (protractor.simulator.ts) answer the same calls, checked by one contract suite.
 * Failures come back as AppErrors in the error shape: NOT_FOUND, WORK_ORDER_CLOSED,
 * CLOCK_ALREADY_RUNNING, CLOCK_NOT_RUNNING, SHOP_SYSTEM_UNAVAILABLE (the system did not answer).
 */

/** The work order as the system keeps it; ServiceBay adds closed, allDone and expandedByDefault. */
export type RemoteWorkOrder = Omit<WorkOrder, 'closed' | 'allDone' | 'expandedByDefault'>;

/** One approved estimate line, as it goes to the work order: a service package of labour and parts. */
export interface ApprovedJob {
  /** The estimate line's id: a job sent before is not added again. */
  reference: string;
  description: string;
  labourHours: number;
  parts: Array<{ number: string | null; description: string; quantity: number }>;
  /** The parts of a declined job are kept, flagged declined. */
  declined: boolean;
}

export interface ApprovedWork {
  inspectionOrderId: string;
  headerDescription: string;
  technician: { ID: string; Name: string } | null;
  jobs: ApprovedJob[];
}

/** Which labour lines a done or clear applies to. */
export type LineSelector = { kind: 'all' } | { kind: 'line'; lineId: string } | { kind: 'technician'; technicianId: string };

export interface ShopSystemAdapter {
  readonly kind: 'protractor' | 'protractor-simulator';
  /** The work order holding the ticket's work, null when none was made yet. */
  workOrderOf(storeId: string, inspectionOrderId: string): Promise<RemoteWorkOrder | null>;
  workOrder(storeId: string, workOrderId: string): Promise<RemoteWorkOrder | null>;
  /** Creates the work order on first use; adds the jobs it does not hold yet, all in one call. */
  pushApprovedWork(storeId: string, work: ApprovedWork): Promise<RemoteWorkOrder>;
  setText(storeId: string, workOrderId: string, field: WorkOrderTextField, value: string): Promise<RemoteWorkOrder>;
  setCompleted(storeId: string, workOrderId: string, selector: LineSelector, completed: boolean): Promise<RemoteWorkOrder>;
  parts(storeId: string, workOrderId: string): Promise<ShopPart[]>;
  clockEvents(storeId: string, filter: { employeeId?: string; workOrderId?: string; since?: Date }): Promise<ClockEvent[]>;
  clockIn(storeId: string, employeeId: string): Promise<ClockEvent>;
  clockOut(storeId: string, employeeId: string): Promise<ClockEvent>;
  startLine(storeId: string, employeeId: string, workOrderId: string, lineId: string, technicianName: string): Promise<ClockEvent>;
  stopLine(storeId: string, employeeId: string, workOrderId: string, lineId: string): Promise<ClockEvent>;
}
