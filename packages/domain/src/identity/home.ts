import { isPortalUser, isTechnician } from '../permissions.js';
import { isRole, type Role } from '../roles.js';
import type { StoreSettings } from './store.js';

/**
 * Where each signed-in user starts, by role (docs/staff-navigation.md), the dashboard variants
 * and the staff application's paths. Pure: the staff app, its tests and the docs
 * (docs/staff-navigation.md) share one answer.
 */

export const DASHBOARD_VARIANTS = ['advisor', 'technicianV2', 'basicTechnician'] as const;
export type DashboardVariant = (typeof DASHBOARD_VARIANTS)[number];

export function isDashboardVariant(value: unknown): value is DashboardVariant {
  return typeof value === 'string' && (DASHBOARD_VARIANTS as readonly string[]).includes(value);
}

const id = (value: string) => encodeURIComponent(value);

/** Full paths (with the /app prefix): a home may lie outside the staff app (the MyCar portal). */
export const STAFF_PATHS = {
  login: '/app/login',
  resetPassword: '/app/reset/password',
  workers: '/app/store/workers',
  dashboard: '/app/store/dashboard',
  dashboardVariant: (variant: DashboardVariant) => `/app/store/dashboard?variant=${variant}`,
  accountStores: (accountId: string) => `/app/v2/account/${id(accountId)}/store`,
  /** The account's own users (owners, account managers, analytics, payments), beside its stores. */
  accountUsers: (accountId: string) => `/app/v2/account/${id(accountId)}/user`,
  storeUsers: (accountId: string, storeId: string) => `/app/v2/account/${id(accountId)}/store/${id(storeId)}/user`,
  analytics: (accountId: string) => `/app/v2/account/${id(accountId)}/analytics`,
  setupWizard: '/app/v2/account/new/step1',
  admin: '/app/admin',
  training: '/app/training',
  education: '/app/education',
  userCreated: '/app/user/created',
  advancedSearch: '/app/advanced-search',
  paymentHistory: '/app/store/payments/history',
  notifications: '/app/notifications',
  help: '/app/help',
  /** The development outbox, for root while DEV_TOOLS is on (docs/providers.md). */
  devOutbox: '/app/dev/outbox',
  customerDashboard: (customerId: string) => `/my-car/user/${id(customerId)}`,
} as const;

/**
 * The older server-rendered dashboards, now variants of the one dashboard: each old path redirects
 * to /app/store/dashboard?variant=...
 */
export const LEGACY_DASHBOARD_PATHS: Readonly<Record<string, DashboardVariant>> = {
  '/app/serviceAdvisor/dashboard': 'advisor',
  '/app/technician/dashboardV2': 'technicianV2',
  '/app/v2/technician/dashboard': 'basicTechnician',
};

/**
 * What routing reads of a user. `type` is a plain string on purpose: a role this build does not
 * know (a newer server) must reach the 'Unable to find route' error, not crash earlier.
 */
export interface RoutedUser {
  type: string;
  lastRoleUsed?: string | null;
  accountId: string | null;
  storeId: string | null;
  customerId: string | null;
  mandatoryTrainingComplete: boolean;
  dashboardVersion: number;
  workflowVersion: StoreSettings['workflowVersion'] | null;
}

export type RoutedStore = Pick<StoreSettings, 'workflowVersion' | 'technicianUseSADashboard'> & {
  _id: string;
  accountId: string;
};

export interface HomeContext {
  /** Just created by the account set-up with training assigned. */
  newUserWithTraining?: boolean;
}

/** A role without a home: 'Unable to find route for {role}'. */
export class HomeRouteError extends Error {
  constructor(readonly role: string) {
    super(`Unable to find route for ${role}`);
    this.name = 'HomeRouteError';
  }
}

/**
 * The role a user acts as: the last role used (an admin acting as a store role), else its own
 * type. Unknown values are kept as they are, for the error.
 */
export function actingRole(user: Pick<RoutedUser, 'type' | 'lastRoleUsed'>): string {
  return user.lastRoleUsed && isRole(user.lastRoleUsed) ? user.lastRoleUsed : user.type;
}

/**
 * Mandatory training applies to every staff user but root: until it is complete, training is
 * their home and every page leads there.
 */
export function needsTraining(user: Pick<RoutedUser, 'type' | 'mandatoryTrainingComplete'>): boolean {
  if (user.mandatoryTrainingComplete) return false;
  if (!isRole(user.type)) return false;
  return user.type !== 'root' && !isPortalUser(user.type);
}

/** The workflow in force: the store's setting (the source of truth), else the copy on the user. */
export function workflowOf(user: Pick<RoutedUser, 'workflowVersion'>, store: Pick<RoutedStore, 'workflowVersion'> | null) {
  return store?.workflowVersion ?? user.workflowVersion ?? '2';
}

/**
 * Which dashboard a user sees (truth table in docs/staff-navigation.md). dashboardVersion 1 is
 * the older dashboard, one list for everybody (the advisor's); from version 2 technicians get
 * their own: the V2 technician dashboard in the advanced workflow, the basic one in the basic
 * workflow unless the store puts its technicians on the advisor dashboard.
 */
export function dashboardVariant(
  user: Pick<RoutedUser, 'type' | 'lastRoleUsed' | 'dashboardVersion' | 'workflowVersion'>,
  store: Pick<RoutedStore, 'workflowVersion' | 'technicianUseSADashboard'> | null,
): DashboardVariant {
  const role = actingRole(user);
  if (!isRole(role) || !isTechnician(role)) return 'advisor';
  if (user.dashboardVersion < 2) return 'advisor';
  if (workflowOf(user, store) === '2') return 'technicianV2';
  return store?.technicianUseSADashboard ? 'advisor' : 'basicTechnician';
}

/**
 * Roles whose home is the dashboard: the spec's technician and service advisor, and the roles
 * docs/roles.md counts with them (master technician; service writer, service and general manager).
 */
const DASHBOARD_ROLES: readonly Role[] = [
  'Technician',
  'MasterTechnician',
  'ServiceAdvisor',
  'ServiceWriter',
  'ServiceManager',
  'GeneralManager',
];

/**
 * The home after login, by role, as a full path. Throws HomeRouteError
 * ('Unable to find route for {role}') for a role without a home, or when the ids a home needs
 * are missing.
 */
export function homeRoute(user: RoutedUser, store: RoutedStore | null, context: HomeContext = {}): string {
  const role = actingRole(user);
  if (!isRole(role)) throw new HomeRouteError(role);
  const need = (value: string | null | undefined): string => {
    if (!value) throw new HomeRouteError(role);
    return value;
  };

  if (isPortalUser(role)) return STAFF_PATHS.customerDashboard(need(user.customerId));
  if (context.newUserWithTraining && role !== 'root') return STAFF_PATHS.userCreated;
  if (needsTraining(user)) return STAFF_PATHS.training;

  if (role === 'Store') return STAFF_PATHS.workers;
  if (DASHBOARD_ROLES.includes(role)) return STAFF_PATHS.dashboardVariant(dashboardVariant(user, store));
  switch (role) {
    case 'StoreManager':
      return STAFF_PATHS.storeUsers(need(user.accountId ?? store?.accountId), need(user.storeId ?? store?._id));
    case 'admin':
      return STAFF_PATHS.accountStores(need(user.accountId));
    case 'owner':
      return user.accountId ? STAFF_PATHS.accountStores(user.accountId) : STAFF_PATHS.setupWizard;
    case 'AnalyticsViewer':
      return STAFF_PATHS.analytics(need(user.accountId));
    case 'paymentManager':
      return STAFF_PATHS.paymentHistory;
    case 'root':
    case 'partner':
    case 'PartnerAdmin':
      return STAFF_PATHS.admin;
    default:
      throw new HomeRouteError(role);
  }
}

/**
 * Where the go-to-admin modal leads once the PIN or password is confirmed:
 * the account's stores for owners and account managers, the store's users for a store manager.
 * Null for a role that may not enter the admin area.
 */
export function adminDestination(user: Pick<RoutedUser, 'type' | 'lastRoleUsed' | 'accountId' | 'storeId'>): string | null {
  const role = actingRole(user);
  if ((role === 'owner' || role === 'admin') && user.accountId) return STAFF_PATHS.accountStores(user.accountId);
  if (role === 'StoreManager' && user.accountId && user.storeId) return STAFF_PATHS.storeUsers(user.accountId, user.storeId);
  return null;
}
