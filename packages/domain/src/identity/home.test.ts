import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles.js';
import {
  adminDestination,
  dashboardVariant,
  HomeRouteError,
  homeRoute,
  LEGACY_DASHBOARD_PATHS,
  needsTraining,
  type RoutedStore,
  type RoutedUser,
} from './home.js';

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

const store = (extra: Partial<RoutedStore> = {}): RoutedStore => ({
  _id: 'store1',
  accountId: 'acc1',
  workflowVersion: '2',
  technicianUseSADashboard: false,
  ...extra,
});

describe('homeRoute: home after login by role', () => {
  it('sends the Store account to worker selection', () => {
    expect(homeRoute(user('Store'), store())).toBe('/app/store/workers');
  });

  it('sends technicians and advisors to the dashboard with their variant', () => {
    expect(homeRoute(user('ServiceAdvisor'), store())).toBe('/app/store/dashboard?variant=advisor');
    expect(homeRoute(user('Technician'), store())).toBe('/app/store/dashboard?variant=technicianV2');
    expect(homeRoute(user('Technician', { workflowVersion: '1' }), store({ workflowVersion: '1' }))).toBe(
      '/app/store/dashboard?variant=basicTechnician',
    );
    for (const role of ['MasterTechnician', 'ServiceWriter', 'ServiceManager', 'GeneralManager'] as const) {
      expect(homeRoute(user(role), store())).toMatch(/^\/app\/store\/dashboard\?variant=/);
    }
  });

  it('sends a store manager to the store users, an account manager to the account stores', () => {
    expect(homeRoute(user('StoreManager'), store())).toBe('/app/v2/account/acc1/store/store1/user');
    expect(homeRoute(user('admin', { storeId: null }), null)).toBe('/app/v2/account/acc1/store');
  });

  it('sends an owner to the account stores, or the setup wizard without an account', () => {
    expect(homeRoute(user('owner', { storeId: null }), null)).toBe('/app/v2/account/acc1/store');
    expect(homeRoute(user('owner', { storeId: null, accountId: null }), null)).toBe('/app/v2/account/new/step1');
  });

  it('sends analytics viewers to analytics, root and partners to admin, consumers to MyCar', () => {
    expect(homeRoute(user('AnalyticsViewer', { storeId: null }), null)).toBe('/app/v2/account/acc1/analytics');
    for (const role of ['root', 'partner', 'PartnerAdmin'] as const) {
      expect(homeRoute(user(role, { storeId: null, accountId: null }), null)).toBe('/app/admin');
    }
    expect(homeRoute(user('consumer', { customerId: 'c 1', storeId: null }), null)).toBe('/my-car/user/c%201');
    expect(homeRoute(user('customer', { customerId: 'c1', storeId: null }), null)).toBe('/my-car/user/c1');
  });

  it('sends a payment manager to the payment history', () => {
    expect(homeRoute(user('paymentManager', { storeId: null }), null)).toBe('/app/store/payments/history');
  });

  it('sends a non-root user without mandatory training to training, root never', () => {
    expect(homeRoute(user('Technician', { mandatoryTrainingComplete: false }), store())).toBe('/app/training');
    expect(homeRoute(user('owner', { mandatoryTrainingComplete: false }), null)).toBe('/app/training');
    expect(homeRoute(user('root', { mandatoryTrainingComplete: false }), null)).toBe('/app/admin');
    // Portal users have no staff training.
    expect(homeRoute(user('consumer', { customerId: 'c1', mandatoryTrainingComplete: false }), null)).toBe('/my-car/user/c1');
  });

  it('sends a new user with training to user-created, before the training itself', () => {
    expect(homeRoute(user('Technician', { mandatoryTrainingComplete: false }), store(), { newUserWithTraining: true })).toBe(
      '/app/user/created',
    );
  });

  it('routes by the last role used when there is one', () => {
    expect(homeRoute(user('owner', { lastRoleUsed: 'ServiceAdvisor' }), store())).toBe('/app/store/dashboard?variant=advisor');
  });

  it("answers 'Unable to find route for {role}' for an unknown role or a home it cannot fill", () => {
    expect(() => homeRoute(user('Janitor'), store())).toThrow(new HomeRouteError('Janitor'));
    expect(() => homeRoute(user('Janitor'), store())).toThrow('Unable to find route for Janitor');
    expect(() => homeRoute(user('AnalyticsViewer', { accountId: null }), null)).toThrow('Unable to find route for AnalyticsViewer');
    expect(() => homeRoute(user('consumer', { customerId: null }), null)).toThrow('Unable to find route for consumer');
  });

  it('has a home for every one of the 17 roles', () => {
    for (const role of ROLES) {
      expect(() => homeRoute(user(role, { customerId: 'c1' }), store()), role).not.toThrow();
    }
  });
});

describe('dashboardVariant (truth table of docs/staff-navigation.md)', () => {
  type Row = [role: Role, dashboardVersion: number, workflow: '1' | '2', useSADashboard: boolean, variant: string];
  const rows: Row[] = [
    ['ServiceAdvisor', 2, '2', false, 'advisor'],
    ['ServiceAdvisor', 2, '1', true, 'advisor'],
    ['ServiceAdvisor', 1, '1', false, 'advisor'],
    ['Technician', 2, '2', false, 'technicianV2'],
    ['Technician', 2, '2', true, 'technicianV2'],
    ['Technician', 2, '1', true, 'advisor'],
    ['Technician', 2, '1', false, 'basicTechnician'],
    ['Technician', 1, '2', false, 'advisor'],
    ['Technician', 1, '1', false, 'advisor'],
    ['MasterTechnician', 2, '1', false, 'basicTechnician'],
    ['StoreManager', 2, '2', false, 'advisor'],
  ];
  it.each(rows)('%s, dashboardVersion %i, workflow %s, technicianUseSADashboard %s → %s', (role, version, workflow, sa, variant) => {
    expect(
      dashboardVariant(
        user(role, { dashboardVersion: version, workflowVersion: workflow }),
        store({ workflowVersion: workflow, technicianUseSADashboard: sa }),
      ),
    ).toBe(variant);
  });

  it("reads the store's workflow first, the user's copy when there is no store", () => {
    expect(dashboardVariant(user('Technician', { workflowVersion: '2' }), store({ workflowVersion: '1' }))).toBe('basicTechnician');
    expect(dashboardVariant(user('Technician', { workflowVersion: '1' }), null)).toBe('basicTechnician');
    expect(dashboardVariant(user('Technician', { workflowVersion: null }), null)).toBe('technicianV2');
  });

  it('maps each older dashboard path to its variant', () => {
    expect(LEGACY_DASHBOARD_PATHS).toEqual({
      '/app/serviceAdvisor/dashboard': 'advisor',
      '/app/technician/dashboardV2': 'technicianV2',
      '/app/v2/technician/dashboard': 'basicTechnician',
    });
  });
});

describe('needsTraining and adminDestination', () => {
  it('applies training to staff but root', () => {
    expect(needsTraining(user('Technician', { mandatoryTrainingComplete: false }))).toBe(true);
    expect(needsTraining(user('Technician'))).toBe(false);
    expect(needsTraining(user('root', { mandatoryTrainingComplete: false }))).toBe(false);
    expect(needsTraining(user('Martian', { mandatoryTrainingComplete: false }))).toBe(false);
  });

  it('leads owners and admins to the account stores, store managers to the store users', () => {
    expect(adminDestination(user('owner'))).toBe('/app/v2/account/acc1/store');
    expect(adminDestination(user('admin'))).toBe('/app/v2/account/acc1/store');
    expect(adminDestination(user('StoreManager'))).toBe('/app/v2/account/acc1/store/store1/user');
    expect(adminDestination(user('ServiceAdvisor'))).toBeNull();
    expect(adminDestination(user('StoreManager', { storeId: null }))).toBeNull();
  });
});
