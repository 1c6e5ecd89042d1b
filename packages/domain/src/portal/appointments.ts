import type { OpenDay } from '../identity/store.js';

/**
 * The appointment rules, read in the store's time zone: which days the calendar blocks and which
 * times a day offers. Pure, shared by the portal's calendar and the server, which checks a
 * request again.
 */

export const APPOINTMENT_SLOT_MINUTES = 30;
/** Hours used when the store has given none at all. */
export const DEFAULT_OPEN_HOURS = { open: '09:00', close: '17:00' } as const;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};
const toHhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The wall-clock date (YYYY-MM-DD) and minutes since midnight of an instant in a zone. */
export function zonedClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant of a wall-clock date and time in a zone (the later one when a clock change repeats it). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const wanted = Date.UTC(y!, mo! - 1, d!) + toMinutes(time) * 60_000;
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const seen = zonedClock(new Date(guess), timeZone);
    const [sy, sm, sd] = seen.date.split('-').map(Number);
    const shown = Date.UTC(sy!, sm! - 1, sd!) + seen.minutes * 60_000;
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** A day's opening and closing (minutes), or null when closed. No hours at all: 9 to 17 every day; a day missing from given hours is closed. */
export function hoursOn(openTime: readonly OpenDay[], date: string): { open: number; close: number } | null {
  if (openTime.length === 0) return { open: toMinutes(DEFAULT_OPEN_HOURS.open), close: toMinutes(DEFAULT_OPEN_HOURS.close) };
  const [y, m, d] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]!;
  const day = openTime.find((o) => o.day === weekday);
  if (!day || day.open === 'closed' || !day.close) return null;
  return { open: toMinutes(day.open), close: toMinutes(day.close) };
}

/**
 * Whether the calendar blocks a day: a closed day, a day before today, or today when the store
 * closes at most an hour after the current hour.
 */
export function isDayBlocked(date: string, openTime: readonly OpenDay[], now: Date, timeZone: string): boolean {
  const hours = hoursOn(openTime, date);
  if (!hours) return true;
  const today = zonedClock(now, timeZone);
  if (date < today.date) return true;
  if (date === today.date) return hours.close <= (Math.floor(today.minutes / 60) + 1) * 60;
  return false;
}

/** The times a day offers: 30-minute steps from opening until closing; today from the next full hour. */
export function appointmentSlots(date: string, openTime: readonly OpenDay[], now: Date, timeZone: string): string[] {
  if (isDayBlocked(date, openTime, now, timeZone)) return [];
  const hours = hoursOn(openTime, date)!;
  const today = zonedClock(now, timeZone);
  const from = date === today.date ? Math.max(hours.open, (Math.floor(today.minutes / 60) + 1) * 60) : hours.open;
  const slots: string[] = [];
  for (let t = from; t + APPOINTMENT_SLOT_MINUTES <= hours.close; t += APPOINTMENT_SLOT_MINUTES) slots.push(toHhmm(t));
  return slots;
}
