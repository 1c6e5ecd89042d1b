import { describe, expect, it } from 'vitest';
import { checkAssignment, checkOwnOrder } from './assignment.js';

const ME = 'me';
const OTHER = 'other';

describe('checkAssignment', () => {
  it('lets advisors, managers and owners assign anyone', () => {
    for (const role of ['ServiceAdvisor', 'StoreManager', 'owner', 'GeneralManager'] as const) {
      expect(checkAssignment({ role, userId: ME, currentTechnicianId: OTHER, nextTechnicianId: 'third' }).ok).toBe(true);
    }
  });

  it('lets a technician take an unassigned order or let go of its own', () => {
    expect(checkAssignment({ role: 'Technician', userId: ME, currentTechnicianId: null, nextTechnicianId: ME }).ok).toBe(true);
    expect(checkAssignment({ role: 'Technician', userId: ME, currentTechnicianId: ME, nextTechnicianId: null }).ok).toBe(true);
    expect(checkAssignment({ role: 'MasterTechnician', userId: ME, currentTechnicianId: OTHER, nextTechnicianId: OTHER }).ok).toBe(true);
  });

  it("refuses a technician an order another technician holds, naming the holder", () => {
    expect(
      checkAssignment({ role: 'Technician', userId: ME, currentTechnicianId: OTHER, nextTechnicianId: ME, holderName: 'Tina Gagnon' }),
    ).toEqual({
      ok: false,
      status: 409,
      code: 'only_valid_user_can_assign_this_to_you',
      message: 'Only a service advisor can reassign this order: Tina Gagnon holds it',
    });
  });

  it('refuses a technician giving an order to someone else', () => {
    expect(checkAssignment({ role: 'Technician', userId: ME, currentTechnicianId: null, nextTechnicianId: OTHER })).toMatchObject({
      ok: false,
      status: 403,
      code: 'only_valid_user_can_assign_this_to_you',
    });
  });
});

describe('checkOwnOrder (techCanWorkOnlyOwnInspection)', () => {
  const base = { role: 'Technician' as const, userId: ME, techCanWorkOnlyOwnInspection: true };
  it('lets a technician change its own orders and take an unassigned one', () => {
    expect(checkOwnOrder({ ...base, technicianId: ME }).ok).toBe(true);
    expect(checkOwnOrder({ ...base, technicianId: null, selfAssigning: true }).ok).toBe(true);
  });
  it('refuses the others with the self-assignment code', () => {
    expect(checkOwnOrder({ ...base, technicianId: OTHER })).toMatchObject({ ok: false, status: 403, code: 'This_inspection_is_not_assigned_to_yourself' });
    expect(checkOwnOrder({ ...base, technicianId: null }).ok).toBe(false);
  });
  it('does not apply when the store allows it, or to advisors', () => {
    expect(checkOwnOrder({ ...base, techCanWorkOnlyOwnInspection: false, technicianId: OTHER }).ok).toBe(true);
    expect(checkOwnOrder({ ...base, role: 'ServiceAdvisor', technicianId: OTHER }).ok).toBe(true);
  });
});
