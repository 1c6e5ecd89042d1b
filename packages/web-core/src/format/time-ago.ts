/**
 * "5 minutes ago" for a moment in the past, in the user's language, and how often it must be
 * drawn again: every 10 s while under a minute old, every minute under an hour, every hour under
 * a day, then every day. A moment slightly in the future (the device's clock behind the server's)
 * reads "now".
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type TimeAgoUnit = 'second' | 'minute' | 'hour' | 'day';

/** The age of `date` at `now` in its largest whole unit; seconds by tens (0 is "now"). */
export function timeAgo(date: Date | string, now: Date): { value: number; unit: TimeAgoUnit } {
  const age = Math.max(0, now.getTime() - new Date(date).getTime());
  if (age < MINUTE) return { value: Math.floor(age / (10 * SECOND)) * 10, unit: 'second' };
  if (age < HOUR) return { value: Math.floor(age / MINUTE), unit: 'minute' };
  if (age < DAY) return { value: Math.floor(age / HOUR), unit: 'hour' };
  return { value: Math.floor(age / DAY), unit: 'day' };
}

/** How long the text of `timeAgo` stays true enough: 10 s, a minute, an hour or a day by age. */
export function timeAgoRefreshMs(date: Date | string, now: Date): number {
  const age = Math.max(0, now.getTime() - new Date(date).getTime());
  if (age < MINUTE) return 10 * SECOND;
  if (age < HOUR) return MINUTE;
  if (age < DAY) return HOUR;
  return DAY;
}

const formatters = new Map<string, Intl.RelativeTimeFormat>();

/** "now", "20 seconds ago", "5 minutes ago", "il y a 2 heures", "yesterday"... */
export function formatTimeAgo(date: Date | string, now: Date, language: string): string {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formatters.set(language, format);
  }
  const { value, unit } = timeAgo(date, now);
  return format.format(-value, unit);
}
