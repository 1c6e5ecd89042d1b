import { describe, expect, it } from 'vitest';
import { OFTEN_REQUIRED_WORK } from '@servicebay/domain';
import { customerDisplayName, historyStep, offeredWork, recordedMileage, seasonHeadingKey, todoValue, vehicleName } from './dashboard.js';

describe('the dashboard rules', () => {
  it('names the person on MyCar and the business on MyFleet, each falling back on the other', () => {
    const both = { firstName: 'Jane', lastName: 'Doe', business: 'Fleet Express' };
    expect(customerDisplayName(both, 'car')).toBe('Jane Doe');
    expect(customerDisplayName(both, 'fleet')).toBe('Fleet Express');
    expect(customerDisplayName({ firstName: null, lastName: null, business: 'Fleet Express' }, 'car')).toBe('Fleet Express');
    expect(customerDisplayName({ firstName: 'Jane', lastName: ' ', business: null }, 'fleet')).toBe('Jane');
  });

  it('describes a vehicle by what is known', () => {
    expect(vehicleName({ year: 2019, make: 'Honda', model: 'Civic' })).toBe('2019 Honda Civic');
    expect(vehicleName({ year: null, make: 'Ford', model: null })).toBe('Ford');
  });

  it('steps to the older order with previous and the newer with next, nothing at the ends', () => {
    expect(historyStep(0, 3, 'previous')).toBe(1);
    expect(historyStep(2, 3, 'previous')).toBeNull();
    expect(historyStep(1, 3, 'next')).toBe(0);
    expect(historyStep(0, 3, 'next')).toBeNull();
    expect(historyStep(0, 0, 'previous')).toBeNull();
  });

  it('shows a mileage only above 0', () => {
    expect(recordedMileage(55830)).toBe(55830);
    expect(recordedMileage(0)).toBeNull();
    expect(recordedMileage(null)).toBeNull();
  });

  it('ignores an empty to-do and trims the others', () => {
    expect(todoValue('   ')).toBeNull();
    expect(todoValue('  Check the spare ')).toBe('Check the spare');
  });

  it("offers this season's and the next season's work, and the work for any time", () => {
    const autumn = offeredWork(OFTEN_REQUIRED_WORK, 'Autumn').map((i) => i._id);
    expect(autumn).toContain('winter-tires');
    expect(autumn).toContain('lights');
    expect(autumn).toContain('oil-change');
    expect(autumn).not.toContain('summer-tires');
    expect(offeredWork(OFTEN_REQUIRED_WORK, 'Spring').map((i) => i._id)).toContain('air-conditioning');
    expect(seasonHeadingKey('Autumn')).toBe('oftenRequired.winterComing');
    expect(seasonHeadingKey('Spring')).toBe('oftenRequired.summerComing');
  });
});
