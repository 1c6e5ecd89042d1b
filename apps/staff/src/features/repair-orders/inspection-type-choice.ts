import { mayChangeInspectionType, ORDER_WRITE_ROLES, type Role } from '@servicebay/domain';

/**
 * What the order page offers for the inspection type:
 * - `change`: automatic selection is off, anyone who writes tickets may pick another type;
 * - `override`: automatic selection is on and the user is account-level (owner, admin, root):
 *   the override modal;
 * - `automatic`: automatic selection is on and the user may not override it: the type is shown
 *   as chosen automatically, nothing is offered;
 * - `none`: a closed ticket, or a role that does not write tickets.
 */
export type InspectionTypeChoice = 'change' | 'override' | 'automatic' | 'none';

export function inspectionTypeChoice(input: {
  role: string;
  automaticSelectionEnabled: boolean;
  closed: boolean;
}): InspectionTypeChoice {
  const role = input.role as Role;
  if (input.closed || !(ORDER_WRITE_ROLES as readonly string[]).includes(role)) return 'none';
  if (!input.automaticSelectionEnabled) return 'change';
  return mayChangeInspectionType(role, true) ? 'override' : 'automatic';
}
