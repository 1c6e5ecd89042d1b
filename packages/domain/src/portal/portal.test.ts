import { describe, expect, it } from 'vitest';
import { NEXT_MAINTENANCE_INTERVAL, nextMaintenanceMileage } from './portal.js';

describe('nextMaintenanceMileage', () => {
  it('adds the interval to the newest recorded mileage, skipping orders without one', () => {
    expect(nextMaintenanceMileage([{ mileageIn: null }, { mileageIn: 0 }, { mileageIn: 41000 }, { mileageIn: 30000 }])).toBe(
      41000 + NEXT_MAINTENANCE_INTERVAL,
    );
  });

  it('is null when no mileage was recorded', () => {
    expect(nextMaintenanceMileage([])).toBeNull();
    expect(nextMaintenanceMileage([{ mileageIn: null }, { mileageIn: 0 }])).toBeNull();
  });
});
