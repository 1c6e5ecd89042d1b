import { canLoginAsAdmin, isPortalUser, isTechnician } from '../permissions.js';
import { isRole, type Role } from '../roles.js';
import { actingRole, dashboardVariant, needsTraining, STAFF_PATHS, workflowOf, type RoutedStore, type RoutedUser } from './home.js';
import type { StoreSettings } from './store.js';

/**
 * The navigation menu per role; docs/staff-navigation.md gives each role's menu and why.
 */

export type MenuEntryId =
  | 'dashboard'
  | 'vehiclesInShop'
  | 'accountStores'
  | 'setupWizard'
  | 'analytics'
  | 'advancedSearch'
  | 'education'
  | 'training'
  | 'admin'
  | 'payments'
  | 'switchUser'
  | 'notifications'
  | 'help'
  | 'signOut';

/** Entries that do something rather than open a page. */
export type MenuAction = 'goToAdmin' | 'switchUser' | 'notifications' | 'help' | 'signOut';

export type MenuEntry = { id: MenuEntryId; to: string; action?: never } | { id: MenuEntryId; action: MenuAction; to?: never };

export interface NavigationOptions {
  /** The system-notifications toggle: on only while the dashboard is shown. */
  systemNotifications: boolean;
}

export type MenuStore = RoutedStore & Pick<StoreSettings, 'paymentsEnabled'>;

const ADVISOR_MENU_ROLES: readonly Role[] = ['ServiceAdvisor', 'ServiceWriter', 'ServiceManager', 'GeneralManager', 'StoreManager'];

const link = (id: MenuEntryId, to: string): MenuEntry => ({ id, to });
const action = (id: MenuEntryId, what: MenuAction): MenuEntry => ({ id, action: what });
/** The help modal; `/app/help` shows the same as a page. */
const HELP = action('help', 'help');
const SIGN_OUT = action('signOut', 'signOut');

export function navigationMenu(user: RoutedUser, store: MenuStore | null, options: NavigationOptions): MenuEntry[] {
  const role = actingRole(user);
  if (!isRole(role)) return [HELP, SIGN_OUT];
  if (isPortalUser(role)) return [SIGN_OUT];
  // Until the mandatory training is done the guard keeps the user on it: offer nothing else.
  if (needsTraining(user)) return [link('training', STAFF_PATHS.training), HELP, SIGN_OUT];

  const when = (condition: boolean, entry: MenuEntry): MenuEntry[] => (condition ? [entry] : []);
  const dashboard = STAFF_PATHS.dashboardVariant(dashboardVariant(user, store));
  const admin = when(canLoginAsAdmin(role), action('admin', 'goToAdmin'));
  // The notifications modal over the dashboard (the list widget); /app/notifications shows the same as a page.
  const notifications = when(options.systemNotifications, action('notifications', 'notifications'));

  if (role === 'Store') return [HELP, SIGN_OUT];
  if (isTechnician(role)) {
    return [
      link('vehiclesInShop', dashboard),
      ...when(workflowOf(user, store) === '2', link('advancedSearch', STAFF_PATHS.advancedSearch)),
      ...admin,
      action('switchUser', 'switchUser'),
      ...notifications,
      HELP,
      SIGN_OUT,
    ];
  }
  if (ADVISOR_MENU_ROLES.includes(role)) {
    return [
      link('dashboard', dashboard),
      link('advancedSearch', STAFF_PATHS.advancedSearch),
      link('education', STAFF_PATHS.education),
      ...admin,
      ...when(store?.paymentsEnabled === true, link('payments', STAFF_PATHS.paymentHistory)),
      action('switchUser', 'switchUser'),
      ...notifications,
      HELP,
      SIGN_OUT,
    ];
  }
  switch (role) {
    case 'owner':
    case 'admin':
      // Their home is the account's admin pages already; no PIN step to reach them again.
      return user.accountId
        ? [
            link('accountStores', STAFF_PATHS.accountStores(user.accountId)),
            link('analytics', STAFF_PATHS.analytics(user.accountId)),
            link('education', STAFF_PATHS.education),
            HELP,
            SIGN_OUT,
          ]
        : [link('setupWizard', STAFF_PATHS.setupWizard), HELP, SIGN_OUT];
    case 'AnalyticsViewer':
      return [...when(Boolean(user.accountId), link('analytics', STAFF_PATHS.analytics(user.accountId ?? ''))), HELP, SIGN_OUT];
    case 'paymentManager':
      return [link('payments', STAFF_PATHS.paymentHistory), HELP, SIGN_OUT];
    case 'root':
    case 'partner':
    case 'PartnerAdmin':
      return [link('admin', STAFF_PATHS.admin), HELP, SIGN_OUT];
    default:
      return [HELP, SIGN_OUT];
  }
}
