import { describe, expect, it } from 'vitest';
import { defaultFleetVehicle, fleetLabel, searchFleet, sortFleet, sortValue } from './fleet.js';

const van = (id: string, fleetNumber: string | null, year: number | null, extra: Partial<{ make: string; model: string; engine: string | null; licensePlate: string | null }> = {}) => ({
  _id: id,
  fleetNumber,
  year,
  make: 'Ford',
  model: 'Transit',
  engine: null,
  licensePlate: null,
  ...extra,
});

describe('fleetLabel', () => {
  it('reads #fleetNumber - year make model engine', () => {
    expect(fleetLabel(van('a', '101', 2020, { engine: '3.5L V6' }))).toBe('#101 - 2020 Ford Transit 3.5L V6');
  });

  it('shows 00 without a fleet number and leaves out the unknown parts', () => {
    expect(fleetLabel(van('a', null, 2020))).toBe('#00 - 2020 Ford Transit');
    expect(fleetLabel(van('a', '  ', null))).toBe('#00 - Ford Transit');
    expect(fleetLabel({ fleetNumber: '7', year: null, make: null, model: null, engine: null })).toBe('#7');
  });
});

describe('searchFleet', () => {
  const vans = [
    van('a', '101', 2020, { licensePlate: 'ABC-123' }),
    van('b', '102', 2019, { make: 'Ram', model: 'ProMaster', licensePlate: 'XYZ 789' }),
    van('c', null, 2018, { licensePlate: null }),
  ];
  const ids = (term: string) => searchFleet(vans, term).map((v) => v._id);

  it('finds by fleet number, make, model, year or plate, in any case', () => {
    expect(ids('101')).toEqual(['a']);
    expect(ids('ram')).toEqual(['b']);
    expect(ids('promaster')).toEqual(['b']);
    expect(ids('2018')).toEqual(['c']);
    expect(ids('xyz 7')).toEqual(['b']);
    expect(ids('abc123')).toEqual(['a']);
    expect(ids('00')).toEqual(['c']);
  });

  it('needs every word, and keeps all for a blank term', () => {
    expect(ids('ford 2020')).toEqual(['a']);
    expect(ids('ford 2019')).toEqual([]);
    expect(ids('   ')).toEqual(['a', 'b', 'c']);
  });
});

describe('sortFleet', () => {
  const vans = [van('n9', '9', 2021), van('n101', '101', 2019), van('n20', '20', 2020), van('none', null, 2020), van('word', 'A-7', null)];
  const ids = (key: 'fleetNumber' | 'year', direction: 'asc' | 'desc') => sortFleet(vans, key, direction).map((v) => v._id);

  it('sorts fleet numbers as integers, not as text', () => {
    expect(ids('fleetNumber', 'asc')).toEqual(['none', 'n9', 'n20', 'n101', 'word']);
    expect(ids('fleetNumber', 'desc')).toEqual(['n101', 'n20', 'n9', 'none', 'word']);
  });

  it('sorts by year, ties by fleet number, no year last', () => {
    expect(ids('year', 'asc')).toEqual(['n101', 'none', 'n20', 'n9', 'word']);
    expect(ids('year', 'desc')).toEqual(['n9', 'none', 'n20', 'n101', 'word']);
  });

  it('reads the keys as integers', () => {
    expect(sortValue(van('a', '0042', 2020), 'fleetNumber')).toBe(42);
    expect(sortValue(van('a', '12B', 2020), 'fleetNumber')).toBe(12);
    expect(sortValue(van('a', 'B12', null), 'year')).toBeNull();
    expect(sortValue(van('a', null, 2020), 'fleetNumber')).toBe(0);
  });

  it('leaves the list it was given as it was', () => {
    const before = vans.map((v) => v._id);
    sortFleet(vans, 'year', 'desc');
    expect(vans.map((v) => v._id)).toEqual(before);
  });
});

describe('defaultFleetVehicle', () => {
  it('is the lowest fleet number, whatever the order given', () => {
    expect(defaultFleetVehicle([van('b', '12', 2020), van('a', '3', 2021), van('c', 'X', 2019)])?._id).toBe('a');
    expect(defaultFleetVehicle([])).toBeNull();
  });
});
