import { roleReach, type Role } from './roles.js';

/**
 * The permission categories, as pure functions of a role (and, for refunds, of a worker's
 * flags). docs/roles.md holds the same table for people.
 */

const OWNER_OR_MANAGER: readonly Role[] = ['owner', 'admin', 'StoreManager', 'ServiceManager', 'GeneralManager'];
const ADVISORS: readonly Role[] = ['ServiceAdvisor', 'ServiceWriter', 'ServiceManager', 'StoreManager', 'GeneralManager'];
const TECHNICIANS: readonly Role[] = ['Technician', 'MasterTechnician'];
const ADMIN_LOGIN: readonly Role[] = ['owner', 'StoreManager', 'admin'];

export function isOwnerOrManager(role: Role): boolean {
  return OWNER_OR_MANAGER.includes(role);
}

export function isAccountLevel(role: Role): boolean {
  return roleReach(role) === 'account';
}

export function isPartnerLevel(role: Role): boolean {
  return roleReach(role) === 'partner';
}

export function isPortalUser(role: Role): boolean {
  return roleReach(role) === 'customer';
}

/** Advisors for lists and assignment: workers who write up and sell the work. */
export function isAdvisor(role: Role): boolean {
  return ADVISORS.includes(role);
}

/** Technicians for lists: workers who are not advisors. */
export function isTechnician(role: Role): boolean {
  return TECHNICIANS.includes(role);
}

/** May enter the admin area (after re-entering the password or the store's admin PIN). */
export function canLoginAsAdmin(role: Role): boolean {
  return ADMIN_LOGIN.includes(role);
}

/** Refunds: owner and admin always; service advisor and store manager only when authorized. */
export function canRefund(role: Role, authorizedToRefund: boolean): boolean {
  if (role === 'owner' || role === 'admin') return true;
  if (role === 'ServiceAdvisor' || role === 'StoreManager') return authorizedToRefund;
  return false;
}

/** The role shown for a user: the last role used, else the token's type. */
export function displayedRole(user: { lastRoleUsed?: Role | null }, tokenType: Role): Role {
  return user.lastRoleUsed ?? tokenType;
}

/**
 * Whose orders "my vehicles" means: the advisor's for managers, owners and advisors, the
 * technician's for everyone else.
 */
export function myVehiclesField(role: Role): 'serviceAdvisorId' | 'technicianId' {
  return isOwnerOrManager(role) || isAdvisor(role) ? 'serviceAdvisorId' : 'technicianId';
}

/** May pick the inspection type while automatic selection is on. */
export function canChangeInspectionTypeWhenAutomatic(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}
