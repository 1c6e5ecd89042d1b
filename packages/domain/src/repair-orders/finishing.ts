import { isRole } from '../roles.js';
import { isTechnician } from '../permissions.js';
import type { StoreSettings } from '../identity/store.js';

/**
 * What the staff app does around an order, as pure rules: finishing, where to go next, the
 * time tracker and assignment. The server enforces the same rules on its
 * side (states.ts, assignment.ts); these decide which controls to show and where to go next.
 */

type Integration = StoreSettings['integration'];

/** The acting role as the client knows it (a plain string: a newer server may send one this build lacks). */
const technician = (role: string) => isRole(role) && isTechnician(role);

/**
 * Sign-off is required in an audit store (`auditStore`): an audited store is the one that must
 * have each inspection signed before it counts as finished (docs/repair-order-page.md).
 */
export function isSignOffRequired(settings: Pick<StoreSettings, 'auditStore'>): boolean {
  return settings.auditStore;
}

/** An enabled PBS integration does not send an order's results again once it was finished. */
export function integrationWillNotResend(integration: Integration): boolean {
  return integration.enabled && integration.managementSystem === 'PBS';
}

/** Clock-in: only with a protractor integration that enables it. */
export function isClockInEnabled(integration: Integration): boolean {
  return integration.enabled && integration.managementSystem === 'protractor' && integration.enableClockIn;
}

export type FinishPlan =
  /** The server's reason: shown in the finish-inspection conditions modal, nothing finished. */
  | { kind: 'refused'; reason: string }
  /** Sign-off first: go to the sign-off page, which finishes once signed. */
  | { kind: 'signOff' }
  /** Already finished with an integration that will not resend: confirm before finishing again. */
  | { kind: 'confirmNoResend' }
  | { kind: 'finish' };

/**
 * Finishing: refused when the server reports a reason; else sign-off first when it is
 * required and the user is not on the sign-off page; else, for an order already finished whose
 * integration will not resend its results, a warning; else finish.
 */
export function planFinish(input: {
  cannotBeFinishedReason: string | null;
  signOffRequired: boolean;
  onSignOffPage: boolean;
  alreadyFinished: boolean;
  integration: Integration;
  /** The user saw the no-resend warning and went on. */
  noResendConfirmed?: boolean;
}): FinishPlan {
  if (input.cannotBeFinishedReason) return { kind: 'refused', reason: input.cannotBeFinishedReason };
  if (input.signOffRequired && !input.onSignOffPage) return { kind: 'signOff' };
  if (input.alreadyFinished && integrationWillNotResend(input.integration) && !input.noResendConfirmed) {
    return { kind: 'confirmNoResend' };
  }
  return { kind: 'finish' };
}

/**
 * Where to go after saving or finishing an order: the work order page when clock-in is
 * enabled and the user was on the inspection order page; otherwise the dashboard.
 */
export function afterFinishDestination(input: {
  integration: Integration;
  onOrderPage: boolean;
}): 'workOrder' | 'dashboard' {
  return input.onOrderPage && isClockInEnabled(input.integration) ? 'workOrder' : 'dashboard';
}

/**
 * The time tracker's controls: start only for a technician when the store enables
 * it and it is not running; pause only when running. Closed orders have neither.
 */
export function timeTrackerControls(input: {
  role: string;
  storeEnabled: boolean;
  isRunning: boolean;
  closed: boolean;
}): { visible: boolean; canStart: boolean; canPause: boolean } {
  const visible = input.storeEnabled && technician(input.role);
  if (!visible || input.closed) return { visible, canStart: false, canPause: false };
  return { visible, canStart: !input.isRunning, canPause: input.isRunning };
}

export type AssignmentOffer =
  /** Nothing to offer: the user holds the order, or is not a technician. */
  | { kind: 'none' }
  /** Unassigned: the technician may take it. */
  | { kind: 'offerSelf' }
  /** Another technician holds it: only an advisor can reassign, the message names them. */
  | { kind: 'heldByOther'; holderName: string };

/** What a technician opening an order is told about its assignment. */
export function assignmentOffer(input: {
  role: string;
  userId: string;
  technicianId: string | null;
  technicianName: string | null;
  closed: boolean;
}): AssignmentOffer {
  if (input.closed || !technician(input.role)) return { kind: 'none' };
  if (input.technicianId === input.userId) return { kind: 'none' };
  if (input.technicianId === null) return { kind: 'offerSelf' };
  return { kind: 'heldByOther', holderName: input.technicianName?.trim() || '' };
}
