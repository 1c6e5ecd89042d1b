import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../portal/time-zones.js';
import { dayBounds, dayIn, nextDay, startOfDayIn, ZCalendarDay, ZTimeZone } from './calendar-day.js';

const hours = (b: { from: Date; to: Date }) => (b.to.getTime() - b.from.getTime()) / 3_600_000;

describe('time zones and days', () => {
  it('knows IANA time zones and refuses anything else', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(ZTimeZone.safeParse('Europe/Paris').success).toBe(true);
    expect(ZTimeZone.safeParse('+05:00; drop table').success).toBe(false);
    expect(ZTimeZone.safeParse('x'.repeat(65)).success).toBe(false);
  });

  it('takes calendar days that exist, written YYYY-MM-DD', () => {
    expect(ZCalendarDay.safeParse('2026-02-28').success).toBe(true);
    expect(ZCalendarDay.safeParse('2028-02-29').success).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-5', '26-01-05', 'today', '2026-01-05T00:00']) {
      expect(ZCalendarDay.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('reads the day an instant falls on in the zone', () => {
    const instant = new Date('2026-11-28T03:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-11-28');
    expect(dayIn(instant, 'America/Toronto')).toBe('2026-11-27'); // 22:30 the evening before
    expect(dayIn(instant, 'Asia/Kolkata')).toBe('2026-11-28'); // 09:00
    expect(dayIn(new Date('2026-11-28T23:30:00Z'), 'Pacific/Auckland')).toBe('2026-11-29');
  });

  it('goes to the next day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it("bounds a day by the zone's midnights", () => {
    expect(dayBounds('2026-11-27', 'America/Toronto')).toEqual({
      from: new Date('2026-11-27T05:00:00Z'),
      to: new Date('2026-11-28T05:00:00Z'),
    });
    expect(dayBounds('2026-11-27', 'Asia/Kolkata').from).toEqual(new Date('2026-11-26T18:30:00Z'));
    expect(dayBounds('2026-11-27', 'UTC')).toEqual({ from: new Date('2026-11-27T00:00:00Z'), to: new Date('2026-11-28T00:00:00Z') });
  });

  it('has 23 and 25 hours on the days the clocks change', () => {
    // Toronto: clocks forward on 2026-03-08 at 02:00, back on 2026-11-01 at 02:00.
    expect(hours(dayBounds('2026-03-08', 'America/Toronto'))).toBe(23);
    expect(dayBounds('2026-03-08', 'America/Toronto').from).toEqual(new Date('2026-03-08T05:00:00Z'));
    expect(hours(dayBounds('2026-11-01', 'America/Toronto'))).toBe(25);
    expect(dayBounds('2026-11-01', 'America/Toronto').to).toEqual(new Date('2026-11-02T05:00:00Z'));
    // Lord Howe Island changes by half an hour.
    expect(hours(dayBounds('2026-10-04', 'Australia/Lord_Howe'))).toBe(23.5);
  });

  it('starts a day whose midnight does not exist at its first instant', () => {
    // Santiago: clocks jump from 00:00 to 01:00 on 2026-09-06 (UTC-4 to UTC-3): the day starts at 04:00 UTC.
    const start = startOfDayIn('2026-09-06', 'America/Santiago');
    expect(start).toEqual(new Date('2026-09-06T04:00:00Z'));
    expect(dayIn(start, 'America/Santiago')).toBe('2026-09-06');
    expect(dayIn(new Date(start.getTime() - 1000), 'America/Santiago')).toBe('2026-09-05');
    expect(hours(dayBounds('2026-09-06', 'America/Santiago'))).toBe(23);
    // Tehran, 2020: from 00:00 to 01:00 on 2020-03-21 (UTC+3:30 to +4:30).
    expect(startOfDayIn('2020-03-21', 'Asia/Tehran')).toEqual(new Date('2020-03-20T20:30:00Z'));
  });

  it('bounds every day of a year so that they follow each other without a gap', () => {
    for (const zone of ['America/Toronto', 'Europe/Paris', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      let day = '2026-01-01';
      let previous = dayBounds(day, zone);
      for (let i = 0; i < 365; i++) {
        day = nextDay(day);
        const bounds = dayBounds(day, zone);
        expect(bounds.from, `${zone} ${day}`).toEqual(previous.to);
        expect(dayIn(bounds.from, zone), `${zone} ${day}`).toBe(day);
        expect(dayIn(new Date(bounds.to.getTime() - 1000), zone), `${zone} ${day}`).toBe(day);
        previous = bounds;
      }
    }
  });
});
