import { describe, expect, it } from 'vitest';
import { NEW_ORDER_STATES, type RepairOrder } from '@servicebay/domain';
import { calendarDays, customerLines, dayAndTime, vehicleLines, yearMakeModel } from './format.js';

const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
function order(id: string, scheduled: string | null): RepairOrder {
  return {
    _id: id,
    scheduled,
    _embedded: {
      customer: {
        _id: 'c',
        firstName: 'Ada',
        lastName: 'Smith',
        business: 'Smith Haulage',
        honorific: 'Mrs',
      },
      vehicle: {
        _id: 'v',
        year: 2016,
        make: 'Honda',
        model: 'Accord',
        engine: null,
        vin: null,
        licensePlate: null,
        fleetNumber: null,
        color: null,
      },
    },
    states: NEW_ORDER_STATES,
  } as unknown as RepairOrder;
}

describe('calendar days', () => {
  const today = new Date(2026, 10, 22, 9);

  it('from today to the last appointment, empty days included, appointments by day', () => {
    const days = calendarDays([order('a', at(22, 8)), order('b', at(24, 10)), order('c', at(24, 14))], today);
    expect(days.map((d) => [d.key, d.orders.map((o) => o._id)])).toEqual([
      ['2026-11-22', ['a']],
      ['2026-11-23', []],
      ['2026-11-24', ['b', 'c']],
    ]);
  });

  it('starts today even when the first appointment is later', () => {
    expect(calendarDays([order('a', at(25, 8))], today).map((d) => d.key)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('past a month, only the days that hold an appointment', () => {
    const far = new Date(2027, 1, 3, 9).toISOString();
    expect(calendarDays([order('a', at(22, 8)), order('b', far)], today).map((d) => d.key)).toEqual([
      '2026-11-22',
      '2027-02-03',
    ]);
  });

  it('nothing scheduled, no days', () => {
    expect(calendarDays([order('a', null)], today)).toEqual([]);
  });
});

describe('card texts', () => {
  it('customer and vehicle', () => {
    expect(customerLines(order('a', null))).toEqual({ name: 'Ada Smith', business: 'Smith Haulage' });
    expect(yearMakeModel(order('a', null))).toBe('2016 Honda Accord');
  });

  it('a vehicle known by its plate alone shows the plate, not "No vehicle"', () => {
    const withVehicle = (vehicle: Record<string, unknown> | null) => {
      const o = order('a', null);
      return { ...o, _embedded: { ...o._embedded, vehicle: vehicle && { ...o._embedded.vehicle!, ...vehicle } } };
    };
    const unknown = { year: null, make: null, model: ' ', vin: null, licensePlate: null, fleetNumber: null };
    expect(vehicleLines(withVehicle({ ...unknown, licensePlate: 'ABC 123' }))).toEqual({
      description: '',
      plate: 'ABC 123',
      fleet: '',
      vin: '',
      known: true,
    });
    expect(vehicleLines(withVehicle({ ...unknown, make: 'Ford', fleetNumber: '12' }))).toMatchObject({
      description: 'Ford',
      fleet: '12',
      known: true,
    });
    // The VIN only when nothing else is known.
    expect(vehicleLines(withVehicle({ ...unknown, vin: '1HGCT1A34GA207919' }))).toMatchObject({
      vin: '1HGCT1A34GA207919',
      known: true,
    });
    expect(vehicleLines(withVehicle({ licensePlate: 'ABC 123', vin: '1HGCT1A34GA207919' })).vin).toBe('');
    expect(vehicleLines(withVehicle(unknown)).known).toBe(false);
    expect(vehicleLines(withVehicle(null)).known).toBe(false);
  });

  it("the promised time alone today, with the day otherwise ('MMM D', 'hh:mm A')", () => {
    const now = new Date(2026, 10, 22, 9);
    expect(dayAndTime(new Date(2026, 10, 22, 15, 5).toISOString(), 'en', now)).toEqual({
      date: 'Nov 22',
      time: '03:05 PM',
      today: true,
    });
    expect(dayAndTime(new Date(2026, 10, 23, 8, 0).toISOString(), 'fr', now)).toEqual({
      date: 'nov. 23',
      time: '08:00 AM',
      today: false,
    });
  });
});
