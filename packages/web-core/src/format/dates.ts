/**
 * The date formats 'MMM D, YYYY', 'MMM D' and 'hh:mm A' (dayjs tokens), in the user's
 * language. No date library ships with the apps, so the tokens are filled from Intl: the month's
 * short name is the language's own (en 'Nov', fr 'nov.'), the rest is digits. 'A' stays AM/PM in
 * both languages, as the spec's format says.
 */

export const DATE_FORMATS = {
  /** 'Nov 22, 2026' */
  date: 'MMM D, YYYY',
  /** 'Nov 22' */
  dayMonth: 'MMM D',
  /** '03:30 PM' */
  time: 'hh:mm A',
} as const;
export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

export interface FormatOptions {
  /** IANA zone; the device's own when left out. */
  timeZone?: string;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
// Making a formatter costs far more than using one (a page of dates would make one per date).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}
const monthFormatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(date: Date, timeZone: string | undefined): Parts {
  const key = timeZone ?? '';
  let format = partsFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partsFormatters.set(key, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(date))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

function shortMonth(month: number, language: string): string {
  let format = monthFormatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    monthFormatters.set(language, format);
  }
  return format.format(new Date(Date.UTC(2000, month - 1, 15)));
}

const pad = (value: number) => String(value).padStart(2, '0');
const TOKENS = /YYYY|MMM|hh|mm|D|A/g;

/**
 * Formats an instant (Date, ISO text or epoch ms) with one of the spec's patterns. Null,
 * undefined and unreadable values give ''.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  pattern: DateFormat,
  language: string,
  options: FormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date, options.timeZone);
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
        return String(p.year);
      case 'MMM':
        return shortMonth(p.month, language);
      case 'D':
        return String(p.day);
      case 'hh':
        return pad(p.hour % 12 === 0 ? 12 : p.hour % 12);
      case 'mm':
        return pad(p.minute);
      default:
        return p.hour < 12 ? 'AM' : 'PM';
    }
  });
}

/** A calendar day key 'YYYY-MM-DD' in the zone, for grouping appointments by day. */
export function dayKey(value: Date | string, options: FormatOptions = {}): string {
  const p = partsOf(value instanceof Date ? value : new Date(value), options.timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A calendar day (YYYY-MM-DD, no zone: a store's wall-clock day) written for people: 'Tuesday, December 1, 2026'. */
export function formatCalendarDay(day: string, locale: string, style: 'full' | 'medium' = 'full'): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatterOf(`day|${locale}|${style}`, () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' })).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

/** A wall-clock time (HH:mm, no zone) written for people: '10:00 AM', '10 h 00'. */
export function formatWallTime(time: string, locale: string): string {
  const [h, m] = time.split(':').map(Number);
  return formatterOf(`time|${locale}`, () => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' })).format(
    new Date(Date.UTC(2000, 0, 1, h!, m!)),
  );
}
