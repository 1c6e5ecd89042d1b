import { describe, expect, it } from 'vitest';
import { HIDDEN_AT_STORAGE_KEY, inactivityLimitMs, watchInactivity } from './inactivity.js';

function fakePage(initial: DocumentVisibilityState = 'visible') {
  const target = new EventTarget();
  const doc = Object.assign(target, { visibilityState: initial }) as EventTarget & { visibilityState: DocumentVisibilityState };
  const set = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  const data = new Map<string, string>();
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
  let tick: (() => void) | null = null;
  const scheduler = {
    setInterval: (callback: () => void) => {
      tick = callback;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
  };
  return { doc, set, data, storage, scheduler, tick: () => tick?.(), ticking: () => tick !== null };
}

const MINUTE = 60_000;

describe('inactivityLimitMs', () => {
  it("turns the store's setting into milliseconds", () => {
    expect(inactivityLimitMs({ unit: 'minutes', value: 15 })).toBe(15 * MINUTE);
    expect(inactivityLimitMs({ unit: 'hours', value: 8 })).toBe(8 * 60 * MINUTE);
    expect(inactivityLimitMs(null)).toBeNull();
    expect(inactivityLimitMs({ unit: 'minutes', value: 0 })).toBeNull();
  });
});

describe("watchInactivity: logged out after the store's time away", () => {
  const start = (page: ReturnType<typeof fakePage>, clock: { now: number }, onTimeout: () => void) =>
    watchInactivity({
      limitMs: 10 * MINUTE,
      onTimeout,
      document: page.doc,
      storage: page.storage,
      now: () => clock.now,
      scheduler: page.scheduler,
    });

  it('logs out on the 60 s check once the page has been hidden for the limit', () => {
    const page = fakePage();
    const clock = { now: 1_700_000_000_000 };
    let fired = 0;
    start(page, clock, () => fired++);
    page.set('hidden');
    clock.now += 9 * MINUTE;
    page.tick();
    expect(fired).toBe(0);
    clock.now += MINUTE;
    page.tick();
    expect(fired).toBe(1);
    expect(page.ticking()).toBe(false);
  });

  it('never logs out a page that stays visible, however long', () => {
    const page = fakePage();
    const clock = { now: 1_700_000_000_000 };
    let fired = 0;
    start(page, clock, () => fired++);
    clock.now += 100 * MINUTE;
    page.tick();
    expect(fired).toBe(0);
  });

  it('forgets a short time away, and checks the moment the page comes back', () => {
    const page = fakePage();
    const clock = { now: 1_700_000_000_000 };
    let fired = 0;
    start(page, clock, () => fired++);
    page.set('hidden');
    clock.now += 5 * MINUTE;
    page.set('visible');
    clock.now += 20 * MINUTE;
    page.tick();
    expect(fired).toBe(0);

    page.set('hidden');
    clock.now += 11 * MINUTE;
    page.set('visible'); // timers of hidden tabs are frozen: no tick came
    expect(fired).toBe(1);
  });

  it('counts the time away of a tab the browser discarded and reloaded', () => {
    const page = fakePage();
    const clock = { now: 1_700_000_000_000 };
    page.data.set(HIDDEN_AT_STORAGE_KEY, String(clock.now - 30 * MINUTE));
    let fired = 0;
    start(page, clock, () => fired++);
    expect(fired).toBe(1);
    expect(page.data.has(HIDDEN_AT_STORAGE_KEY)).toBe(false);
  });

  it('stops when asked', () => {
    const page = fakePage();
    const clock = { now: 1_700_000_000_000 };
    let fired = 0;
    const stop = start(page, clock, () => fired++);
    stop();
    page.set('hidden');
    clock.now += 60 * MINUTE;
    page.set('visible');
    expect(fired).toBe(0);
  });
});
