import { describe, expect, it } from 'vitest';
import type { OpenDay } from '@servicebay/domain';
import { addMonths, firstChoosableDay, formatDay, formatTime, isChoosable, monthWeeks, movedDay, sameDayInMonth } from './calendar.js';

const HOURS: OpenDay[] = [
  { day: 'monday', open: '08:00', close: '17:00' },
  { day: 'tuesday', open: '08:00', close: '17:00' },
  { day: 'saturday', open: 'closed' },
];

describe('the appointment calendar', () => {
  it('lays a month out in weeks, Sunday first', () => {
    const weeks = monthWeeks('2026-12');
    expect(weeks[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weeks.at(-1)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
    expect(monthWeeks('2026-02').flat().filter(Boolean)).toHaveLength(28);
    expect(addMonths('2026-12', 1)).toBe('2027-01');
  });

  it('moves the focus by day, week, week edges and month', () => {
    expect(movedDay('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(movedDay('2026-12-02', 'ArrowUp')).toBe('2026-11-25');
    expect(movedDay('2026-12-02', 'Home')).toBe('2026-11-29');
    expect(movedDay('2026-12-02', 'End')).toBe('2026-12-05');
    expect(movedDay('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(sameDayInMonth('2026-03-31', -1)).toBe('2026-02-28');
    expect(movedDay('2026-12-02', 'Enter')).toBeNull();
  });

  it("offers the store's open days from its today, in its zone", () => {
    // Monday 2026-11-30 at 16:20 in Toronto: too late today, Tuesday is the first open day.
    const now = new Date('2026-11-30T21:20:00Z');
    expect(isChoosable('2026-11-30', HOURS, now, 'America/Toronto')).toBe(false);
    expect(firstChoosableDay(HOURS, now, 'America/Toronto')).toBe('2026-12-01');
    expect(isChoosable('2026-12-05', HOURS, now, 'America/Toronto')).toBe(false);
    expect(isChoosable('2026-12-07', HOURS, now, 'America/Toronto')).toBe(true);
    expect(isChoosable('2028-01-03', [], now, 'America/Toronto')).toBe(false);
    expect(firstChoosableDay([{ day: 'monday', open: 'closed' }], now, 'America/Toronto')).toBeNull();
  });

  it('writes days and times in the language asked', () => {
    expect(formatDay('2026-12-01', 'en-US')).toBe('Tuesday, December 1, 2026');
    expect(formatDay('2026-12-01', 'fr-CA')).toBe('mardi 1 décembre 2026');
    expect(formatTime('10:00', 'en-US')).toBe('10:00 AM');
    expect(formatTime('14:30', 'fr-CA')).toMatch(/^14 h 30$/);
  });
});
