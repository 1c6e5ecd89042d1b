import { describe, expect, it } from 'vitest';
import { formatTimeAgo, timeAgo, timeAgoRefreshMs } from './time-ago.js';

const now = new Date('2026-11-22T20:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeAgo', () => {
  it('counts seconds by tens under a minute, then minutes, hours and days', () => {
    expect(timeAgo(ago(0), now)).toEqual({ value: 0, unit: 'second' });
    expect(timeAgo(ago(9 * S), now)).toEqual({ value: 0, unit: 'second' });
    expect(timeAgo(ago(25 * S), now)).toEqual({ value: 20, unit: 'second' });
    expect(timeAgo(ago(M), now)).toEqual({ value: 1, unit: 'minute' });
    expect(timeAgo(ago(59 * M + 59 * S), now)).toEqual({ value: 59, unit: 'minute' });
    expect(timeAgo(ago(H), now)).toEqual({ value: 1, unit: 'hour' });
    expect(timeAgo(ago(23 * H), now)).toEqual({ value: 23, unit: 'hour' });
    expect(timeAgo(ago(D), now)).toEqual({ value: 1, unit: 'day' });
    expect(timeAgo(ago(40 * D), now)).toEqual({ value: 40, unit: 'day' });
  });

  it('reads a moment in the future as now', () => {
    expect(timeAgo(ago(-5 * S), now)).toEqual({ value: 0, unit: 'second' });
  });
});

describe('timeAgoRefreshMs', () => {
  it('is 10 s under a minute, a minute under an hour, an hour under a day, then a day', () => {
    expect(timeAgoRefreshMs(ago(5 * S), now)).toBe(10 * S);
    expect(timeAgoRefreshMs(ago(2 * M), now)).toBe(M);
    expect(timeAgoRefreshMs(ago(3 * H), now)).toBe(H);
    expect(timeAgoRefreshMs(ago(3 * D), now)).toBe(D);
  });
});

describe('formatTimeAgo', () => {
  it('says it in English and in French', () => {
    expect(formatTimeAgo(ago(2 * S), now, 'en')).toBe('now');
    expect(formatTimeAgo(ago(5 * M), now, 'en')).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(2 * H), now, 'fr')).toBe('il y a 2 heures');
    expect(formatTimeAgo(ago(D), now, 'en')).toBe('yesterday');
    expect(formatTimeAgo(ago(3 * D), now, 'fr')).toBe('il y a 3 jours');
  });
});
