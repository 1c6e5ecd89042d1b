import { z } from 'zod';
import { isTimeZone } from '../portal/time-zones.js';

/**
 * Calendar days in a time zone: "today" for a shop is its own day, whatever the server's clock
 * says. Pure (Intl only), so the server and the staff app agree on it.
 */

export const ZTimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'must be a time zone such as America/Toronto' });

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export const ZCalendarDay = z
  .string()
  .regex(DAY_PATTERN, { message: 'must be a day as YYYY-MM-DD' })
  .refine(
    (day) => {
      const match = DAY_PATTERN.exec(day);
      if (!match) return false;
      const [, y, m, d] = match.map(Number) as [number, number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    },
    { message: 'must be a day of the calendar' },
  );

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(instant: number, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** The zone's offset from UTC at an instant, in milliseconds (Toronto in winter: -5 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The day after (2026-02-28 → 2026-03-01). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The first instant of the day in the time zone: its midnight, or, where the clocks jump over
 * midnight (a spring change at 00:00), the first instant the day has.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Midnight read with the offset before and after any change near it; keep those on the day.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const onTheDay = [first, second].filter((t) => dayIn(new Date(t), timeZone) === day);
  return new Date(Math.min(...(onTheDay.length > 0 ? onTheDay : [first])));
}

/** The day as the half-open interval [from, to) of instants: 23, 24 or 25 hours long. */
export function dayBounds(day: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfDayIn(day, timeZone), to: startOfDayIn(nextDay(day), timeZone) };
}

/** The instant a wall-clock hour and minute of the day is at in the time zone (08:00 in Montreal). */
export function instantAt(day: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

/** The wall-clock hour (0-23) of an instant in the time zone. */
export function hourIn(instant: Date, timeZone: string): number {
  return wallClock(instant.getTime(), timeZone).hour;
}
