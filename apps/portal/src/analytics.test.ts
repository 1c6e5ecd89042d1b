import { describe, expect, it } from 'vitest';
import { MAX_PENDING_EVENTS, pendingEvents, queueEvent, takePendingEvents } from './analytics.js';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('events of signed-out pages', () => {
  it('wait in storage and are taken once', () => {
    const store = memory();
    queueEvent({ eventName: 'switchLoginRegistration', data: { to: 'registration' } }, store);
    queueEvent({ eventName: 'switchLoginRegistration', data: { to: 'login' } }, store);
    expect(takePendingEvents(store).map((e) => e.data?.to)).toEqual(['registration', 'login']);
    expect(takePendingEvents(store)).toEqual([]);
  });

  it('keep only the latest few, and survive a broken storage', () => {
    const store = memory();
    for (let i = 0; i < MAX_PENDING_EVENTS + 5; i++) queueEvent({ eventName: 'switchLoginRegistration', data: { n: i } }, store);
    expect(pendingEvents(store)).toHaveLength(MAX_PENDING_EVENTS);
    expect(pendingEvents(store)[0]?.data?.n).toBe(5);
    store.setItem('servicebay.portal.pendingEvents', '{not json');
    expect(pendingEvents(store)).toEqual([]);
    expect(pendingEvents(null)).toEqual([]);
  });
});
