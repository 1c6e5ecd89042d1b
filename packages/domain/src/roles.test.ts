import { describe, expect, it } from 'vitest';
import { isRole, isStaffRole, PORTAL_ROLES, roleReach, ROLES, STAFF_ROLES } from './roles.js';

describe('roles', () => {
  it('has the 17 role values', () => {
    expect(ROLES).toHaveLength(17);
    expect(new Set(ROLES).size).toBe(17);
  });

  it('splits staff and portal users', () => {
    expect(STAFF_ROLES).toHaveLength(15);
    expect(PORTAL_ROLES).toEqual(['consumer', 'customer']);
    expect(STAFF_ROLES.some((r) => PORTAL_ROLES.includes(r))).toBe(false);
  });

  it('tells a staff role from a portal role or an unknown value', () => {
    expect(STAFF_ROLES.every((r) => isStaffRole(r))).toBe(true);
    expect(isStaffRole('consumer')).toBe(false);
    expect(isStaffRole('customer')).toBe(false);
    expect(isStaffRole('technician')).toBe(false);
    expect(isStaffRole(null)).toBe(false);
  });

  it('knows how far each role reaches', () => {
    expect(roleReach('Technician')).toBe('store');
    expect(roleReach('Store')).toBe('store');
    expect(roleReach('owner')).toBe('account');
    expect(roleReach('PartnerAdmin')).toBe('partner');
    expect(roleReach('consumer')).toBe('customer');
  });

  it('recognizes role values exactly as spelled', () => {
    expect(isRole('ServiceAdvisor')).toBe(true);
    expect(isRole('serviceadvisor')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
