import type { ErrorCode } from '../errors.js';
import {
  STEP_STATES,
  type MeetingStatus,
  type OrderActivity,
  type OrderStates,
  type OrderStep,
  type PartsState,
  type StepState,
} from './repair-order.js';

/**
 * The inspection order's states and transitions, pure. The server
 * applies them inside its transaction; the staff app uses them to draw buttons that will work.
 * The transitions table is in docs/repair-orders.md.
 */

/** What the rules read of an order. */
export interface OrderStateView {
  states: OrderStates;
  closed: boolean;
  finished: boolean;
  vehicleInShop: boolean;
  scheduled: string | null;
  activities?: readonly Pick<OrderActivity, 'type'>[];
}

export type Transition<T> = { ok: true; value: T } | { ok: false; status: number; code: ErrorCode; message: string };

const refuse = (status: number, code: ErrorCode, message: string) => ({ ok: false as const, status, code, message });

export const NEW_ORDER_STATES: OrderStates = {
  inspection: 'notStarted',
  estimate: 'notStarted',
  approval: 'notStarted',
  report: 'notStarted',
  parts: 'notStarted',
  work: 'notStarted',
};

/** Parts' inProgressHaveOrdered and inProgressSomeParts are shown (and filtered as a group) as inProgress. */
export function displayStepState(state: PartsState): StepState {
  return state === 'inProgressHaveOrdered' || state === 'inProgressSomeParts' ? 'inProgress' : state;
}

export function isStepState(value: unknown): value is StepState {
  return typeof value === 'string' && (STEP_STATES as readonly string[]).includes(value);
}

/** Work starting on a step: notStarted or pending becomes inProgress; anything else stays. */
export function startStep<S extends PartsState>(state: S): S | 'inProgress' {
  return state === 'notStarted' || state === 'pending' ? 'inProgress' : state;
}

/**
 * Work starting on the order (time tracker started; later, a result written): the inspection
 * step moves from notStarted or pending to inProgress.
 */
export function startWork(states: OrderStates): OrderStates {
  const inspection = startStep(states.inspection);
  return inspection === states.inspection ? states : { ...states, inspection };
}

/** Inspection-finished when the inspection step is done or an inspectionFinished activity exists. */
export function isInspectionFinished(order: Pick<OrderStateView, 'states' | 'activities'>): boolean {
  return order.states.inspection === 'done' || (order.activities ?? []).some((a) => a.type === 'inspectionFinished');
}

/** Meeting initiated shows as inProgress, finished as done, anything else pending. */
export function meetingStepState(status: MeetingStatus | string | null | undefined): StepState {
  if (status === 'initiated') return 'inProgress';
  if (status === 'finished') return 'done';
  return 'pending';
}

/** A vehicle not in the shop is an appointment. */
export function isAppointment(order: Pick<OrderStateView, 'vehicleInShop'>): boolean {
  return !order.vehicleInShop;
}

/**
 * The scheduled time after a vehicleInShop change: taken out of the shop without a
 * scheduled time, it is scheduled now; otherwise it keeps what it has (or what the change sets).
 */
export function scheduledAfter(
  current: Pick<OrderStateView, 'vehicleInShop' | 'scheduled'>,
  change: { vehicleInShop?: boolean; scheduled?: string | null },
  now: Date,
): string | null {
  const scheduled = change.scheduled !== undefined ? change.scheduled : current.scheduled;
  const inShop = change.vehicleInShop ?? current.vehicleInShop;
  if (current.vehicleInShop && !inShop && !scheduled) return now.toISOString();
  return scheduled;
}

/** A closed order is read-only: every change is refused with ORDER_CLOSED (409). */
export function ensureOpen(order: Pick<OrderStateView, 'closed'>): Transition<true> {
  return order.closed ? refuse(409, 'ORDER_CLOSED', 'The order is closed') : { ok: true, value: true };
}

/** PUT .../state {state, value}: any value of the step's states, on an open order. */
export function setStepState(order: OrderStateView, step: OrderStep, value: PartsState): Transition<OrderStates> {
  const open = ensureOpen(order);
  if (!open.ok) return open;
  if (step !== 'parts' && !isStepState(value)) {
    return refuse(400, 'INVALID_ARGUMENTS', `value: ${value} is for parts only`);
  }
  return { ok: true, value: { ...order.states, [step]: value } };
}

/**
 * Finishing: refused on a closed order, or with the reason the finish checks gave
 * (ORDER_CANNOT_BE_FINISHED, the reason as message); else the inspection is done and the order
 * finished. Finishing a finished order is allowed and changes nothing but the activity.
 */
export function finishOrder(
  order: OrderStateView,
  cannotBeFinishedReason: string | null,
): Transition<{ states: OrderStates; finished: true }> {
  const open = ensureOpen(order);
  if (!open.ok) return open;
  if (cannotBeFinishedReason) return refuse(409, 'ORDER_CANNOT_BE_FINISHED', cannotBeFinishedReason);
  return { ok: true, value: { states: { ...order.states, inspection: 'done' }, finished: true } };
}

/** Reopening: only when the inspection is done; it becomes inProgress, finished false. */
export function reopenOrder(order: OrderStateView): Transition<{ states: OrderStates; finished: false }> {
  const open = ensureOpen(order);
  if (!open.ok) return open;
  if (order.states.inspection !== 'done') return refuse(409, 'ORDER_NOT_FINISHED', 'Only a finished inspection can be reopened');
  return { ok: true, value: { states: { ...order.states, inspection: 'inProgress' }, finished: false } };
}

/** Closing: once; a closed order is final (there is no way back). */
export function closeOrder(order: OrderStateView): Transition<{ closed: true }> {
  const open = ensureOpen(order);
  if (!open.ok) return open;
  return { ok: true, value: { closed: true } };
}

/** Time tracker: start only when not running, pause only when running. */
export function startTimeTracker(order: OrderStateView & { timeTrackerRunning: boolean }): Transition<{ states: OrderStates }> {
  const open = ensureOpen(order);
  if (!open.ok) return open;
  if (order.timeTrackerRunning) return refuse(409, 'TIME_TRACKER_RUNNING', 'The time tracker is already running');
  return { ok: true, value: { states: startWork(order.states) } };
}

export function pauseTimeTracker(order: OrderStateView & { timeTrackerRunning: boolean }): Transition<true> {
  const open = ensureOpen(order);
  if (!open.ok) return open;
  if (!order.timeTrackerRunning) return refuse(409, 'TIME_TRACKER_NOT_RUNNING', 'The time tracker is not running');
  return { ok: true, value: true };
}
