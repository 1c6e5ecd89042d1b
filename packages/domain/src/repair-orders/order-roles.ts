import { isTechnician } from '../permissions.js';
import { ROLES, STAFF_ROLES, type Role } from '../roles.js';

/*
 * Who may read and write tickets, apart from the ticket routes: the routes of reports, estimates,
 * inspections and appointments use them too, and a page that calls one of those does not build
 * every ticket route's schemas.
 */

/** Everyone who works in a shop may read tickets. */
export const ORDER_READ_ROLES: readonly Role[] = STAFF_ROLES;
/** Who writes tickets: not the shared store login, analytics viewers or payment managers. */
export const ORDER_WRITE_ROLES: readonly Role[] = STAFF_ROLES.filter(
  (r) => r !== 'Store' && r !== 'AnalyticsViewer' && r !== 'paymentManager',
);
/** The time tracker is for technicians only. */
export const TIME_TRACKER_ROLES: readonly Role[] = ROLES.filter((r) => isTechnician(r));
