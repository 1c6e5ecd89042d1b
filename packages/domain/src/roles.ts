/** The 17 role values, exactly as the API spells them. */
export const ROLES = [
  'owner',
  'admin',
  'AnalyticsViewer',
  'paymentManager',
  'ServiceAdvisor',
  'StoreManager',
  'MasterTechnician',
  'ServiceWriter',
  'ServiceManager',
  'GeneralManager',
  'Technician',
  'customer',
  'root',
  'partner',
  'PartnerAdmin',
  'Store',
  'consumer',
] as const;

export type Role = (typeof ROLES)[number];

/** Where a role's reach ends: one store, an account's stores, a partner's stores, or one customer. */
export type RoleReach = 'store' | 'account' | 'partner' | 'customer';

const REACH: Record<Role, RoleReach> = {
  owner: 'account',
  admin: 'account',
  AnalyticsViewer: 'account',
  paymentManager: 'account',
  ServiceAdvisor: 'store',
  StoreManager: 'store',
  MasterTechnician: 'store',
  ServiceWriter: 'store',
  ServiceManager: 'store',
  GeneralManager: 'store',
  Technician: 'store',
  Store: 'store',
  root: 'partner',
  partner: 'partner',
  PartnerAdmin: 'partner',
  customer: 'customer',
  consumer: 'customer',
};

export function roleReach(role: Role): RoleReach {
  return REACH[role];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Every role that works for a shop (everyone but portal users). The one definition of a worker:
 * every list of a store's workers, and every way to reach or sign in as one, keeps to these roles.
 * A portal user carries its customer's store, so "of this store" alone would take it for staff.
 */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((r) => REACH[r] !== 'customer');
export const PORTAL_ROLES: readonly Role[] = ['consumer', 'customer'];
/** The roles that belong to an account rather than one store: owner, admin, analytics, payments. */
export const ACCOUNT_LEVEL_ROLES: readonly Role[] = ROLES.filter((r) => REACH[r] === 'account');

/** A staff role (a string, so a user row's type can be checked as read from the database). */
export function isStaffRole(value: unknown): value is Role {
  return isRole(value) && REACH[value] !== 'customer';
}
