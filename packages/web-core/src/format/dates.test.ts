/// <reference types="node" />
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, dayKey, formatDate } from './dates.js';

const zone = { timeZone: 'America/Toronto' };
// 2026-11-22 15:05 in Toronto (UTC-5).
const afternoon = '2026-11-22T20:05:00.000Z';
// 2026-01-03 00:30 in Toronto.
const midnight = '2026-01-03T05:30:00.000Z';

describe('formatDate formats', () => {
  it("'MMM D, YYYY'", () => {
    expect(formatDate(afternoon, DATE_FORMATS.date, 'en', zone)).toBe('Nov 22, 2026');
    expect(formatDate(afternoon, DATE_FORMATS.date, 'fr', zone)).toBe('nov. 22, 2026');
  });

  it("'MMM D'", () => {
    expect(formatDate(midnight, DATE_FORMATS.dayMonth, 'en', zone)).toBe('Jan 3');
    expect(formatDate(midnight, DATE_FORMATS.dayMonth, 'fr', zone)).toBe('janv. 3');
  });

  it("'hh:mm A', twelve-hour with two digits", () => {
    expect(formatDate(afternoon, DATE_FORMATS.time, 'en', zone)).toBe('03:05 PM');
    expect(formatDate(midnight, DATE_FORMATS.time, 'en', zone)).toBe('12:30 AM');
    expect(formatDate('2026-06-01T16:00:00.000Z', DATE_FORMATS.time, 'fr', zone)).toBe('12:00 PM');
  });

  it('in the given zone: the day changes with it', () => {
    expect(formatDate(midnight, DATE_FORMATS.dayMonth, 'en', { timeZone: 'UTC' })).toBe('Jan 3');
    expect(formatDate('2026-01-03T02:00:00.000Z', DATE_FORMATS.dayMonth, 'en', zone)).toBe('Jan 2');
    expect(dayKey('2026-01-03T02:00:00.000Z', zone)).toBe('2026-01-02');
  });

  it('accepts Date and epoch, gives nothing for nothing', () => {
    expect(formatDate(new Date(afternoon), DATE_FORMATS.date, 'en', zone)).toBe('Nov 22, 2026');
    expect(formatDate(Date.parse(afternoon), DATE_FORMATS.date, 'en', zone)).toBe('Nov 22, 2026');
    expect(formatDate(null, DATE_FORMATS.date, 'en')).toBe('');
    expect(formatDate('not a date', DATE_FORMATS.date, 'en')).toBe('');
  });
});
