import { describe, expect, it } from 'vitest';
import type { OpenDay } from '../identity/store.js';
import { appointmentSlots, hoursOn, isDayBlocked, zonedClock, zonedInstant } from './appointments.js';

const HOURS: OpenDay[] = [
  { day: 'monday', open: '08:00', close: '17:00' },
  { day: 'tuesday', open: '08:00', close: '17:00' },
  { day: 'wednesday', open: '08:00', close: '12:00' },
  { day: 'saturday', open: 'closed' },
];
const ZONE = 'America/Toronto';
// Monday 2026-11-30, 14:20 in Toronto (19:20 UTC).
const NOW = new Date('2026-11-30T19:20:00Z');

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
