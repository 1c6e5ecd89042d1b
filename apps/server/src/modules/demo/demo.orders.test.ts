import { describe, expect, it } from 'vitest';
import { DEMO_ORDERS, writtenAt } from './demo.orders.js';

const HOUR = 3_600_000;
const inTheShop = DEMO_ORDERS.filter((o) => o.appointmentAt === undefined && o.closedDaysAgo === undefined);

describe('writtenAt', () => {
  it('writes every car in the shop today, in the same order, whatever the hour of the seed', () => {
    for (const hour of [0.05, 0.5, 3, 9, 12.9, 13, 18, 23.9]) {
      const now = new Date(2026, 10, 28, 0, 0, 0, 0);
      now.setTime(now.getTime() + hour * HOUR);
      const midnight = new Date(2026, 10, 28).getTime();
      const times = inTheShop.map((o) => writtenAt(o, now).getTime());
      for (const t of times) {
        expect(t, `seeded at ${hour} h`).toBeGreaterThanOrEqual(midnight);
        expect(t).toBeLessThanOrEqual(now.getTime());
      }
      // Older plans stay older.
      const byAge = [...inTheShop].sort((a, b) => a.hoursAgo - b.hoursAgo).map((o) => writtenAt(o, now).getTime());
      expect(byAge).toEqual([...byAge].sort((a, b) => b - a));
    }
  });

  it('keeps the hours of the day when the day is long enough, and those of appointments and closed orders', () => {
    const evening = new Date(2026, 10, 28, 18, 0, 0);
    expect(writtenAt({ hoursAgo: 12 }, evening).getTime()).toBe(evening.getTime() - 12 * HOUR);
    const early = new Date(2026, 10, 28, 1, 0, 0);
    expect(writtenAt({ hoursAgo: 72, appointmentAt: 13 }, early).getTime()).toBe(early.getTime() - 72 * HOUR);
    expect(writtenAt({ hoursAgo: 24 * 7, closedDaysAgo: 7 }, early).getTime()).toBe(early.getTime() - 24 * 7 * HOUR);
  });
});
