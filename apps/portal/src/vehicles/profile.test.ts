import { describe, expect, it } from 'vitest';
import { profilePicture, showsCarSelector, vehicleChoiceLabel, yearMakeModel } from './profile.js';

const link = (url: string) => ({ url, name: 'p.jpg' });

describe('profilePicture', () => {
  it("shows the vehicle's own picture first", () => {
    expect(profilePicture({ picture: link('/own'), latestInspectionPicture: link('/inspection') })).toEqual({ source: 'vehicle', url: '/own' });
  });

  it('falls back to the latest inspection picture', () => {
    expect(profilePicture({ picture: null, latestInspectionPicture: link('/inspection') })).toEqual({ source: 'inspection', url: '/inspection' });
  });

  it('falls back to the default thumbnail, also without a vehicle', () => {
    expect(profilePicture({ picture: null, latestInspectionPicture: null })).toEqual({ source: 'default', url: null });
    expect(profilePicture(null)).toEqual({ source: 'default', url: null });
  });
});

describe('names', () => {
  const car = { year: 2016, make: 'Honda', model: 'Accord', licensePlate: 'ABC 123', color: 'Black' };

  it('joins the known parts of year, make and model', () => {
    expect(yearMakeModel(car)).toBe('2016 Honda Accord');
    expect(yearMakeModel({ year: null, make: 'Honda', model: ' ' })).toBe('Honda');
    expect(yearMakeModel({ year: null, make: null, model: null })).toBe('');
  });

  it('tells two cars of one model apart by plate, else colour', () => {
    expect(vehicleChoiceLabel(car, 'Vehicle')).toBe('Black 2016 Honda Accord · ABC 123');
    expect(vehicleChoiceLabel({ ...car, licensePlate: null }, 'Vehicle')).toBe('Black 2016 Honda Accord');
    expect(vehicleChoiceLabel({ ...car, color: null }, 'Vehicle')).toBe('2016 Honda Accord · ABC 123');
    expect(vehicleChoiceLabel({ year: null, make: null, model: null, licensePlate: null, color: null }, 'Vehicle')).toBe('Vehicle');
  });
});

describe('showsCarSelector', () => {
  it('only above one vehicle', () => {
    expect(showsCarSelector([])).toBe(false);
    expect(showsCarSelector([1])).toBe(false);
    expect(showsCarSelector([1, 2])).toBe(true);
  });
});
