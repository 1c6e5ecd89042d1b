import { describe, expect, it } from 'vitest';
import { astronomicalInstant, nextSeason, seasonAt } from './seasons.js';

/** Published instants (UTC, to the minute) of the equinoxes and solstices. */
const PUBLISHED = [
  [2024, 'marchEquinox', '2024-03-20T03:06Z'],
  [2024, 'juneSolstice', '2024-06-20T20:51Z'],
  [2024, 'septemberEquinox', '2024-09-22T12:44Z'],
  [2024, 'decemberSolstice', '2024-12-21T09:21Z'],
  [2026, 'marchEquinox', '2026-03-20T14:46Z'],
  [2026, 'juneSolstice', '2026-06-21T08:24Z'],
  [2026, 'septemberEquinox', '2026-09-23T00:05Z'],
  [2026, 'decemberSolstice', '2026-12-21T20:50Z'],
] as const;

describe('astronomical seasons', () => {
  it.each(PUBLISHED)('%s %s falls within two minutes of %s', (year, which, published) => {
    const got = astronomicalInstant(year, which).getTime();
    expect(Math.abs(got - Date.parse(published))).toBeLessThan(2 * 60_000);
  });

  it('changes season at the equinox or solstice, not at the start of a month', () => {
    expect(seasonAt(new Date('2026-03-20T14:00Z'))).toBe('Winter');
    expect(seasonAt(new Date('2026-03-20T15:00Z'))).toBe('Spring');
    expect(seasonAt(new Date('2026-06-21T08:00Z'))).toBe('Spring');
    expect(seasonAt(new Date('2026-06-21T09:00Z'))).toBe('Summer');
    expect(seasonAt(new Date('2026-09-22T23:00Z'))).toBe('Summer');
    expect(seasonAt(new Date('2026-09-23T01:00Z'))).toBe('Autumn');
    expect(seasonAt(new Date('2026-12-21T20:00Z'))).toBe('Autumn');
    expect(seasonAt(new Date('2026-12-21T21:00Z'))).toBe('Winter');
  });

  it('keeps winter across the new year', () => {
    expect(seasonAt(new Date('2026-01-01T00:00Z'))).toBe('Winter');
    expect(seasonAt(new Date('2025-12-31T23:59Z'))).toBe('Winter');
    expect(seasonAt(new Date('2026-11-28T00:00Z'))).toBe('Autumn');
  });

  it('names the season that comes next', () => {
    expect(nextSeason('Spring')).toBe('Summer');
    expect(nextSeason('Autumn')).toBe('Winter');
    expect(nextSeason('Winter')).toBe('Spring');
  });
});
