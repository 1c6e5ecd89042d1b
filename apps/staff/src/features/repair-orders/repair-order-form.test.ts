import { describe, expect, it } from 'vitest';
import { emptyRepairOrderForm, fromLocalInput, invalidMileage, repairOrderBody, toLocalInput } from './repair-order-form.js';

describe('ticket form values', () => {
  it('round-trips the time promised through the datetime-local field', () => {
    const iso = fromLocalInput('2026-11-22T16:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-11-22T16:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('builds the body: blanks as null, mileage as numbers', () => {
    const values = { ...emptyRepairOrderForm('a1'), orderNumber: ' RO-7 ', mileageIn: '12,500', note: '  ', waiting: true };
    expect(repairOrderBody(values, 'c1', 'v1')).toEqual({
      customerId: 'c1',
      vehicleId: 'v1',
      orderNumber: 'RO-7',
      mileageIn: 12500,
      mileageOut: null,
      note: null,
      timePromised: null,
      waiting: true,
      serviceAdvisorId: 'a1',
      technicianId: null,
    });
  });

  it('names the mileage fields that are not whole numbers', () => {
    expect(invalidMileage({ ...emptyRepairOrderForm(null), mileageIn: '12.5', mileageOut: '900' })).toEqual(['mileageIn']);
  });
});
