import { z } from 'zod';
import { ZCalendarDay } from '../analytics/calendar-day.js';
import { ZId } from '../http/common.js';
import type { OpenDay } from '../identity/store.js';
import { LANGUAGES } from '../limits.js';

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

/** When a day or a time cannot be booked: the field and why, for a 400 the portal can show. */
export type AppointmentRefusal = { field: 'date' | 'time'; message: string } | null;

/**
 * Why the server refuses a requested day and time, or null when the calendar offers them:
 * a past day, a closed day, today when it is too late, or a time that is not one of the day's slots.
 */
export function appointmentRefusal(date: string, time: string, openTime: readonly OpenDay[], now: Date, timeZone: string): AppointmentRefusal {
  const today = zonedClock(now, timeZone).date;
  if (date < today) return { field: 'date', message: 'date: the day is past' };
  if (dayDistance(today, date) > APPOINTMENT_LIMITS.daysAhead) {
    return { field: 'date', message: `date: at most ${APPOINTMENT_LIMITS.daysAhead} days ahead` };
  }
  if (!hoursOn(openTime, date)) return { field: 'date', message: 'date: the shop is closed that day' };
  if (isDayBlocked(date, openTime, now, timeZone)) return { field: 'date', message: 'date: too late to book today' };
  if (!appointmentSlots(date, openTime, now, timeZone).includes(time)) {
    return { field: 'time', message: 'time: not an open time of that day' };
  }
  return null;
}

/** Whole days from one YYYY-MM-DD to another. */
export function dayDistance(from: string, to: string): number {
  const utc = (d: string) => {
    const [y, m, dd] = d.split('-').map(Number);
    return Date.UTC(y!, m! - 1, dd!);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The end of a slot that starts at `time` (HH:mm). */
export const slotEnd = (time: string) => toHhmm(toMinutes(time) + APPOINTMENT_SLOT_MINUTES);

export const APPOINTMENT_LIMITS = {
  /** Longest note, after trimming. */
  notesMaxLength: 1000,
  /** Requested services one request may name, and the longest one. */
  servicesMax: 30,
  serviceMaxLength: 300,
  /** How far ahead a customer may book. */
  daysAhead: 366,
} as const;

/**
 * A customer's appointment request: the vehicle, the store's wall-clock day and slot, the services
 * chosen among the vehicle's deferred work and to-dos (kept as the texts the customer read, so the
 * request reads the same after a to-do is removed), and notes.
 */
export const ZAppointmentRequest = z.strictObject({
  vehicleId: ZId,
  date: ZCalendarDay,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time as HH:mm' }),
  requestedServices: z
    .array(z.string().trim().min(1, 'must not be empty').max(APPOINTMENT_LIMITS.serviceMaxLength, `must be at most ${APPOINTMENT_LIMITS.serviceMaxLength} characters`))
    .max(APPOINTMENT_LIMITS.servicesMax, `at most ${APPOINTMENT_LIMITS.servicesMax} services`)
    .default([]),
  notes: z
    .string()
    .trim()
    .max(APPOINTMENT_LIMITS.notesMaxLength, `must be at most ${APPOINTMENT_LIMITS.notesMaxLength} characters`)
    .default(''),
  /** The language the customer reads the portal in: its e-mails are written in it (English when absent). */
  language: z.enum(LANGUAGES).optional(),
});
export type AppointmentRequest = z.input<typeof ZAppointmentRequest>;

export const APPOINTMENT_STATUSES = ['requested', 'confirmed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** An appointment: the ticket the shop sees (not in the shop, scheduled), with what the customer asked. */
export const ZAppointment = z.object({
  _id: z.string(),
  /** The open ticket that holds it on the shop's dashboard. */
  inspectionOrderId: z.string(),
  customerId: z.string(),
  vehicleId: z.string(),
  /** The store's wall-clock day and slot (start and end), and the instant it starts. */
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  scheduled: z.string(),
  timeZone: z.string(),
  requestedServices: z.array(z.string()),
  notes: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(APPOINTMENT_STATUSES),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof ZAppointment>;

export const ZNextAppointment = z.object({ appointment: ZAppointment.nullable() });
