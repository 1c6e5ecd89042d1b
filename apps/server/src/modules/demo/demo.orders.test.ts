import { describe, expect, it } from 'vitest';
import { DEMO_ORDERS, promisedAt, writtenAt } from './demo.orders.js';

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

describe('promisedAt', () => {
  const now = new Date(2026, 10, 28, 10, 7, 0);
  const open = DEMO_ORDERS.filter((o) => o.closedDaysAgo === undefined);

  it('promises almost every open order a time, on the half hour, after it was written', () => {
    const promised = open.filter((o) => promisedAt(o, now) !== null);
    expect(promised.length).toBeGreaterThanOrEqual(open.length - 2);
    for (const o of promised) {
      const at = promisedAt(o, now)!;
      expect(at.getTime() % (30 * 60_000), o.number ?? 'walk-in').toBe(0);
      expect(at.getTime()).toBeGreaterThan(writtenAt(o, now).getTime());
    }
  });

  it('promises waiting customers within two hours, and an appointment after the car is expected', () => {
    for (const o of open.filter((o) => o.waiting && o.appointmentAt === undefined)) {
      expect(promisedAt(o, now)!.getTime() - now.getTime(), o.number ?? 'walk-in').toBeLessThanOrEqual(2 * HOUR);
    }
    const startOfToday = new Date(2026, 10, 28).getTime();
    for (const o of open.filter((o) => o.appointmentAt !== undefined)) {
      expect(promisedAt(o, now)!.getTime()).toBeGreaterThan(startOfToday + o.appointmentAt! * HOUR);
    }
  });

  it('leaves closed orders without a promise, and rounds up to the next half hour', () => {
    for (const o of DEMO_ORDERS.filter((o) => o.closedDaysAgo !== undefined)) expect(promisedAt(o, now)).toBeNull();
    expect(promisedAt({ promisedIn: 1 }, now)).toEqual(new Date(2026, 10, 28, 11, 30, 0));
    expect(promisedAt({ promisedIn: 0.5 }, new Date(2026, 10, 28, 10, 0, 0))).toEqual(new Date(2026, 10, 28, 10, 30, 0));
  });
});
