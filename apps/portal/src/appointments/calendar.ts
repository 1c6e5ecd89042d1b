import { APPOINTMENT_LIMITS, dayDistance, isDayBlocked, zonedClock, type OpenDay } from '@servicebay/domain';

/**
 * The appointment calendar's arithmetic on plain YYYY-MM-DD days and YYYY-MM months, read in the
 * store's time zone (never the phone's), so the calendar shows the shop's days.
 */

const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};
const iso = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + n);
  return iso(date);
};

export const monthOf = (day: string) => day.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1 + n, 1));
  return iso(date).slice(0, 7);
}

/** The same day of the month `n` months away, or that month's last day. */
export function sameDayInMonth(day: string, n: number): string {
  const month = addMonths(monthOf(day), n);
  const last = lastDayOf(month);
  const wanted = `${month}-${day.slice(8, 10)}`;
  return wanted > last ? last : wanted;
}

export function lastDayOf(month: string): string {
  return addDays(`${addMonths(month, 1)}-01`, -1);
}

/** The weeks of a month, Sunday first; days of other months are null. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = `${month}-01`;
  const lead = utc(first).getUTCDay();
  const last = lastDayOf(month);
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let day = first; day <= last; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The days the calendar offers: from the store's today up to the booking limit. */
export function bookableRange(now: Date, timeZone: string) {
  const today = zonedClock(now, timeZone).date;
  return { today, last: addDays(today, APPOINTMENT_LIMITS.daysAhead) };
}

/** Whether the calendar lets a day be chosen (the appointment rules, and the booking limit). */
export function isChoosable(day: string, openTime: readonly OpenDay[], now: Date, timeZone: string): boolean {
  const { today } = bookableRange(now, timeZone);
  if (dayDistance(today, day) > APPOINTMENT_LIMITS.daysAhead) return false;
  return !isDayBlocked(day, openTime, now, timeZone);
}

/** The first day a customer may choose, looking up to the booking limit; null when none. */
export function firstChoosableDay(openTime: readonly OpenDay[], now: Date, timeZone: string): string | null {
  const { today, last } = bookableRange(now, timeZone);
  for (let day = today; day <= last; day = addDays(day, 1)) if (isChoosable(day, openTime, now, timeZone)) return day;
  return null;
}

/** Where a key moves the focused day: arrows by a day or a week, Home and End within the week, Page Up and Down by a month. */
export function movedDay(day: string, key: string): string | null {
  const weekday = utc(day).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageUp':
      return sameDayInMonth(day, -1);
    case 'PageDown':
      return sameDayInMonth(day, 1);
    default:
      return null;
  }
}

export { formatCalendarDay as formatDay, formatWallTime as formatTime } from '@servicebay/web-core';

/** A month written for people: 'December 2026'. */
export function formatMonth(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(`${month}-01`));
}

/** The short weekday names, Sunday first. */
export function weekdayNames(locale: string): Array<{ short: string; long: string }> {
  // 2026-11-29 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = utc(addDays('2026-11-29', i));
    return {
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date),
    };
  });
}

export const localeOf = (language: string) => (language.startsWith('fr') ? 'fr-CA' : 'en-US');
