import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.js';
import type { RoutedUser } from './home.js';
import { navigationMenu, type MenuStore } from './navigation.js';

const user = (type: string, extra: Partial<RoutedUser> = {}): RoutedUser => ({
  type,
  lastRoleUsed: null,
  accountId: 'acc1',
  storeId: 'store1',
  customerId: null,
  mandatoryTrainingComplete: true,
  dashboardVersion: 2,
  workflowVersion: '2',
  ...extra,
});

const store = (extra: Partial<MenuStore> = {}): MenuStore => ({
  _id: 'store1',
  accountId: 'acc1',
  workflowVersion: '2',
  technicianUseSADashboard: false,
  paymentsEnabled: false,
  ...extra,
});

const ids = (u: RoutedUser, s: MenuStore | null, systemNotifications = true) =>
  navigationMenu(u, s, { systemNotifications }).map((entry) => entry.id);

describe('navigationMenu per role', () => {
  it('gives the service advisor its full menu, with payments only where enabled', () => {
    expect(ids(user('ServiceAdvisor'), store({ paymentsEnabled: true }))).toEqual([
      'dashboard',
      'advancedSearch',
      'education',
      'payments',
      'switchUser',
      'notifications',
      'help',
      'signOut',
    ]);
    expect(ids(user('ServiceAdvisor'), store())).not.toContain('payments');
  });

  it('shows notifications only while the system-notifications toggle is on', () => {
    expect(ids(user('ServiceAdvisor'), store(), false)).not.toContain('notifications');
    expect(ids(user('Technician'), store(), false)).not.toContain('notifications');
    // It opens the notifications modal over the dashboard rather than leaving it.
    expect(navigationMenu(user('ServiceAdvisor'), store(), { systemNotifications: true }).find((e) => e.id === 'notifications')).toEqual({
      id: 'notifications',
      action: 'notifications',
    });
  });

  it('offers admin only to roles allowed to log in as admin, as the go-to-admin action', () => {
    const menu = navigationMenu(user('StoreManager'), store({ paymentsEnabled: true }), { systemNotifications: false });
    expect(menu.find((e) => e.id === 'admin')).toEqual({ id: 'admin', action: 'goToAdmin' });
    expect(ids(user('ServiceAdvisor'), store())).not.toContain('admin');
    expect(ids(user('Technician'), store())).not.toContain('admin');
  });

  it('gives technicians vehicles in shop, with advanced search only in the advanced workflow', () => {
    expect(ids(user('Technician'), store())).toEqual([
      'vehiclesInShop',
      'advancedSearch',
      'switchUser',
      'notifications',
      'help',
      'signOut',
    ]);
    expect(ids(user('Technician', { workflowVersion: '1' }), store({ workflowVersion: '1' }))).toEqual([
      'vehiclesInShop',
      'switchUser',
      'notifications',
      'help',
      'signOut',
    ]);
    const vehicles = navigationMenu(user('Technician'), store({ workflowVersion: '1' }), { systemNotifications: false })[0];
    expect(vehicles).toEqual({ id: 'vehiclesInShop', to: '/app/store/dashboard?variant=basicTechnician' });
  });

  it('gives the Store account help and sign out only', () => {
    expect(ids(user('Store'), store({ paymentsEnabled: true }))).toEqual(['help', 'signOut']);
  });

  it('gives account, partner and portal roles their own short menus', () => {
    expect(ids(user('owner', { storeId: null }), null)).toEqual(['accountStores', 'analytics', 'education', 'help', 'signOut']);
    expect(ids(user('owner', { storeId: null, accountId: null }), null)).toEqual(['setupWizard', 'help', 'signOut']);
    expect(ids(user('AnalyticsViewer', { storeId: null }), null)).toEqual(['analytics', 'help', 'signOut']);
    expect(ids(user('paymentManager', { storeId: null }), null)).toEqual(['payments', 'help', 'signOut']);
    for (const role of ['root', 'partner', 'PartnerAdmin']) {
      expect(navigationMenu(user(role), null, { systemNotifications: true })[0]).toEqual({ id: 'admin', to: '/app/admin' });
    }
    expect(ids(user('consumer', { customerId: 'c1' }), null)).toEqual(['signOut']);
  });

  it('keeps a user without mandatory training on the training', () => {
    expect(ids(user('Technician', { mandatoryTrainingComplete: false }), store())).toEqual(['training', 'help', 'signOut']);
  });

  it('always ends with sign out, for every role and an unknown one', () => {
    for (const role of [...ROLES, 'Janitor']) {
      expect(ids(user(role, { customerId: 'c1' }), store()).at(-1), role).toBe('signOut');
    }
  });
});
