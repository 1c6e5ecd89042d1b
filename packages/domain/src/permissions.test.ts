import { describe, expect, it } from 'vitest';
import {
  canChangeInspectionTypeWhenAutomatic,
  canLoginAsAdmin,
  canRefund,
  displayedRole,
  isAccountLevel,
  isAdvisor,
  isOwnerOrManager,
  isPortalUser,
  isTechnician,
  myVehiclesField,
} from './permissions.js';
import { ROLES } from './roles.js';

describe('permissions', () => {
  it('owner-or-manager is owner, admin, store, service and general manager', () => {
    expect(ROLES.filter(isOwnerOrManager)).toEqual(['owner', 'admin', 'StoreManager', 'ServiceManager', 'GeneralManager']);
  });

  it('admin login is for owner, store manager and admin only', () => {
    expect(ROLES.filter(canLoginAsAdmin).sort()).toEqual(['StoreManager', 'admin', 'owner']);
  });

  it('refunds: owner and admin always, advisor and store manager when authorized', () => {
    expect(canRefund('owner', false)).toBe(true);
    expect(canRefund('admin', false)).toBe(true);
    expect(canRefund('ServiceAdvisor', false)).toBe(false);
    expect(canRefund('ServiceAdvisor', true)).toBe(true);
    expect(canRefund('StoreManager', true)).toBe(true);
    expect(canRefund('Technician', true)).toBe(false);
    expect(canRefund('paymentManager', true)).toBe(false);
  });

  it('technicians and advisors never overlap', () => {
    for (const role of ROLES) expect(isTechnician(role) && isAdvisor(role)).toBe(false);
  });

  it('displays the last role used, else the token type', () => {
    expect(displayedRole({ lastRoleUsed: 'ServiceAdvisor' }, 'StoreManager')).toBe('ServiceAdvisor');
    expect(displayedRole({ lastRoleUsed: null }, 'StoreManager')).toBe('StoreManager');
  });

  it('my vehicles means the advisor for managers and advisors, the technician otherwise', () => {
    expect(myVehiclesField('owner')).toBe('serviceAdvisorId');
    expect(myVehiclesField('ServiceAdvisor')).toBe('serviceAdvisorId');
    expect(myVehiclesField('Technician')).toBe('technicianId');
  });

  it('knows account-level and portal users', () => {
    expect(ROLES.filter(isAccountLevel)).toEqual(['owner', 'admin', 'AnalyticsViewer', 'paymentManager']);
    expect(ROLES.filter(isPortalUser)).toEqual(['customer', 'consumer']);
  });

  it('only owner and admin change the inspection type under automatic selection', () => {
    expect(ROLES.filter(canChangeInspectionTypeWhenAutomatic)).toEqual(['owner', 'admin']);
  });
});
