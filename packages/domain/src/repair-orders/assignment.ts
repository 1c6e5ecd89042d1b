import type { Role } from '../roles.js';
import { isAdvisor, isOwnerOrManager, isTechnician } from '../permissions.js';
import type { Transition } from './states.js';

/**
 * Who may assign an order's technician: a technician may take an unassigned order; once another
 * technician holds it only an advisor can reassign it; techCanWorkOnlyOwnInspection keeps
 * technicians to their own orders. Pure; the server applies it on every change of technicianId.
 */
export interface AssignmentCheck {
  role: Role;
  userId: string;
  currentTechnicianId: string | null;
  nextTechnicianId: string | null;
  /** The holder's name, for the message. */
  holderName?: string | null;
}

/** Advisors, owners and managers (and the support roles above a store) assign freely. */
export function mayAssignAnyone(role: Role): boolean {
  return isAdvisor(role) || isOwnerOrManager(role) || !isTechnician(role);
}

/**
 * - no change: fine;
 * - an advisor, owner or manager: fine;
 * - a technician: may take an unassigned order or let go of its own; an order held by another
 *   technician is refused (409 only_valid_user_can_assign_this_to_you, naming the holder); giving
 *   an order to someone else is refused (403, same code).
 */
export function checkAssignment(check: AssignmentCheck): Transition<true> {
  const { role, userId, currentTechnicianId: current, nextTechnicianId: next } = check;
  if (current === next || mayAssignAnyone(role)) return { ok: true, value: true };
  if (current !== null && current !== userId) {
    const holder = check.holderName?.trim() || 'another technician';
    return {
      ok: false,
      status: 409,
      code: 'only_valid_user_can_assign_this_to_you',
      message: `Only a service advisor can reassign this order: ${holder} holds it`,
    };
  }
  if (next !== null && next !== userId) {
    return {
      ok: false,
      status: 403,
      code: 'only_valid_user_can_assign_this_to_you',
      message: 'A technician can only assign an order to itself',
    };
  }
  return { ok: true, value: true };
}

/**
 * techCanWorkOnlyOwnInspection: a technician changes only the orders it holds. Taking
 * an unassigned order (self-assignment) is the one change allowed on an order it does not hold;
 * anything else answers 403 This_inspection_is_not_assigned_to_yourself, which the staff app
 * turns into the self-assignment prompt.
 */
export function checkOwnOrder(input: {
  role: Role;
  userId: string;
  techCanWorkOnlyOwnInspection: boolean;
  technicianId: string | null;
  selfAssigning?: boolean;
}): Transition<true> {
  if (!input.techCanWorkOnlyOwnInspection || !isTechnician(input.role) || isAdvisor(input.role)) return { ok: true, value: true };
  if (input.technicianId === input.userId) return { ok: true, value: true };
  if (input.technicianId === null && input.selfAssigning) return { ok: true, value: true };
  return {
    ok: false,
    status: 403,
    code: 'This_inspection_is_not_assigned_to_yourself',
    message: 'This inspection is not assigned to you',
  };
}
