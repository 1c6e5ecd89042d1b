import { describe, expect, it } from 'vitest';
import type { OpenDay } from '../identity/store.js';
import { appointmentRefusal, appointmentSlots, hoursOn, isDayBlocked, slotEnd, ZAppointmentRequest, zonedClock, zonedInstant } from './appointments.js';

const HOURS: OpenDay[] = [
  { day: 'monday', open: '08:00', close: '17:00' },
  { day: 'tuesday', open: '08:00', close: '17:00' },
  { day: 'wednesday', open: '08:00', close: '12:00' },
  { day: 'saturday', open: 'closed' },
];
const ZONE = 'America/Toronto';
// Monday 2026-11-30, 14:20 in Toronto (19:20 UTC).
const NOW = new Date('2026-11-30T19:20:00Z');
const NOW_BEFORE_SPRING = new Date('2026-03-01T12:00:00Z');

describe('appointment rules', () => {
  it('reads the clock in the store time zone', () => {
    expect(zonedClock(NOW, ZONE)).toEqual({ date: '2026-11-30', minutes: 14 * 60 + 20 });
    expect(zonedClock(new Date('2026-12-01T03:00:00Z'), ZONE).date).toBe('2026-11-30');
    expect(zonedClock(new Date('2026-12-01T03:00:00Z'), 'Europe/Paris').date).toBe('2026-12-01');
  });

  it('turns a wall-clock time of the store into an instant, across a clock change', () => {
    expect(zonedInstant('2026-12-01', '10:00', ZONE).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(zonedInstant('2026-07-01', '10:00', ZONE).toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(zonedInstant('2026-03-09', '10:00', ZONE).toISOString()).toBe('2026-03-09T14:00:00.000Z');
  });

  it('uses 9 to 17 when the store gave no hours, and closes a day missing from given hours', () => {
    expect(hoursOn([], '2026-12-06')).toEqual({ open: 540, close: 1020 });
    expect(hoursOn(HOURS, '2026-12-06')).toBeNull();
    expect(hoursOn(HOURS, '2026-12-05')).toBeNull();
    expect(hoursOn(HOURS, '2026-12-01')).toEqual({ open: 480, close: 1020 });
  });

  it('blocks closed days, past days, and today when closing is at most the next hour', () => {
    expect(isDayBlocked('2026-12-05', HOURS, NOW, ZONE)).toBe(true);
    expect(isDayBlocked('2026-11-24', HOURS, NOW, ZONE)).toBe(true);
    expect(isDayBlocked('2026-11-30', HOURS, NOW, ZONE)).toBe(false);
    expect(isDayBlocked('2026-11-30', HOURS, new Date('2026-11-30T21:05:00Z'), ZONE)).toBe(true);
    expect(isDayBlocked('2026-11-30', HOURS, new Date('2026-11-30T20:59:00Z'), ZONE)).toBe(false);
    expect(isDayBlocked('2026-12-01', HOURS, NOW, ZONE)).toBe(false);
  });

  it('offers 30-minute slots from opening until closing, today from the next full hour', () => {
    expect(appointmentSlots('2026-12-02', HOURS, NOW, ZONE)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(appointmentSlots('2026-11-30', HOURS, NOW, ZONE)).toEqual(['15:00', '15:30', '16:00', '16:30']);
    expect(appointmentSlots('2026-12-05', HOURS, NOW, ZONE)).toEqual([]);
    expect(appointmentSlots('2026-12-06', [], NOW, ZONE)).toHaveLength(16);
  });
});

describe('an appointment request checked again by the server', () => {
  it('refuses a past day, a closed day, too late today, a time outside the slots, and too far ahead', () => {
    expect(appointmentRefusal('2026-11-27', '10:00', HOURS, NOW, ZONE)).toEqual({ field: 'date', message: 'date: the day is past' });
    expect(appointmentRefusal('2026-12-05', '10:00', HOURS, NOW, ZONE)).toEqual({ field: 'date', message: 'date: the shop is closed that day' });
    expect(appointmentRefusal('2026-11-30', '16:30', HOURS, new Date('2026-11-30T21:05:00Z'), ZONE)?.message).toBe('date: too late to book today');
    expect(appointmentRefusal('2026-12-02', '12:00', HOURS, NOW, ZONE)).toEqual({ field: 'time', message: 'time: not an open time of that day' });
    expect(appointmentRefusal('2026-12-02', '10:15', HOURS, NOW, ZONE)?.field).toBe('time');
    expect(appointmentRefusal('2026-11-30', '14:30', HOURS, NOW, ZONE)?.field).toBe('time');
    expect(appointmentRefusal('2028-01-03', '10:00', HOURS, NOW, ZONE)?.message).toBe('date: at most 366 days ahead');
    expect(appointmentRefusal('2026-12-02', '11:30', HOURS, NOW, ZONE)).toBeNull();
    expect(appointmentRefusal('2026-11-30', '15:00', HOURS, NOW, ZONE)).toBeNull();
  });

  it("reads today in the store's zone, not the server's", () => {
    // 23:30 in Vancouver on Monday is already Tuesday in UTC: Monday is still today there.
    const lateMonday = new Date('2026-12-01T07:30:00Z');
    expect(appointmentRefusal('2026-11-30', '10:00', [], lateMonday, 'America/Vancouver')?.message).toBe('date: too late to book today');
    expect(appointmentRefusal('2026-12-01', '09:00', [], lateMonday, 'America/Vancouver')).toBeNull();
    expect(appointmentRefusal('2026-12-01', '09:00', [], lateMonday, 'Asia/Tokyo')?.message).toBe('date: too late to book today');
  });

  it('keeps the slots of a day when the clocks change, and its instants an hour apart from the day before', () => {
    // 2026-03-08 and 2026-11-01: clock changes in Toronto at 02:00.
    expect(appointmentSlots('2026-03-08', [], NOW_BEFORE_SPRING, ZONE)).toHaveLength(16);
    expect(zonedInstant('2026-03-08', '09:00', ZONE).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(zonedInstant('2026-03-07', '09:00', ZONE).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedInstant('2026-11-01', '09:00', ZONE).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(zonedInstant('2026-10-31', '09:00', ZONE).toISOString()).toBe('2026-10-31T13:00:00.000Z');
    // Today on the spring day, at 01:30 before the change: the next full hour is 02:00, which the
    // store opens after anyway.
    expect(appointmentSlots('2026-03-08', [], new Date('2026-03-08T06:30:00Z'), ZONE)[0]).toBe('09:00');
  });

  it('validates the body: day, time, services and notes', () => {
    const ok = ZAppointmentRequest.parse({ vehicleId: '7f1c8a4e-5d2b-4c3e-9a1f-0b2c3d4e5f60', date: '2026-12-02', time: '10:00', notes: '  rattle  ' });
    expect(ok).toMatchObject({ requestedServices: [], notes: 'rattle' });
    const bad = (body: object) => ZAppointmentRequest.safeParse({ vehicleId: '7f1c8a4e-5d2b-4c3e-9a1f-0b2c3d4e5f60', date: '2026-12-02', time: '10:00', ...body }).success;
    expect(bad({ date: '2026-02-30' })).toBe(false);
    expect(bad({ time: '24:00' })).toBe(false);
    expect(bad({ time: '9:00' })).toBe(false);
    expect(bad({ notes: 'x'.repeat(1001) })).toBe(false);
    expect(bad({ requestedServices: [' '] })).toBe(false);
    expect(bad({ requestedServices: Array(31).fill('oil') })).toBe(false);
    expect(bad({ extra: 1 })).toBe(false);
    expect(slotEnd('16:30')).toBe('17:00');
  });
});
