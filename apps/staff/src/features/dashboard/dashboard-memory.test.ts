import { describe, expect, it } from 'vitest';
import {
  dashboardHighlight,
  highlightedOrder,
  readDashboardMemory,
  writeDashboardMemory,
} from './dashboard-memory.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('dashboard memory', () => {
  it('starts empty', () => {
    expect(readDashboardMemory(memoryStorage(), 'u1', 'advisor')).toEqual({
      search: '',
      pages: {},
      scrollY: 0,
    });
    expect(readDashboardMemory(undefined, 'u1', 'advisor')).toEqual({ search: '', pages: {}, scrollY: 0 });
  });

  it('keeps the search, pages and scroll per user and variant, patch by patch', () => {
    const storage = memoryStorage();
    writeDashboardMemory(storage, 'u1', 'advisor', { search: 'civic' });
    writeDashboardMemory(storage, 'u1', 'advisor', { scrollY: 640, pages: { orders: 2 } });
    expect(readDashboardMemory(storage, 'u1', 'advisor')).toEqual({
      search: 'civic',
      pages: { orders: 2 },
      scrollY: 640,
    });
    expect(readDashboardMemory(storage, 'u2', 'advisor').search).toBe('');
    expect(readDashboardMemory(storage, 'u1', 'technicianV2').search).toBe('');
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.items.set('servicebay.dashboard.u1.advisor', '{not json');
    expect(readDashboardMemory(storage, 'u1', 'advisor').search).toBe('');
    storage.items.set(
      'servicebay.dashboard.u1.advisor',
      JSON.stringify({ search: 7, pages: { orders: -1, mine: 1.5, others: 3 }, scrollY: 'x' }),
    );
    expect(readDashboardMemory(storage, 'u1', 'advisor')).toEqual({
      search: '',
      pages: { others: 3 },
      scrollY: 0,
    });
  });

  it('survives a storage that refuses writes', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeDashboardMemory(refusing, 'u1', 'advisor', { search: 'x' })).not.toThrow();
  });
});

describe('highlight state', () => {
  it('reads back the order it names, and nothing from other states', () => {
    expect(highlightedOrder(dashboardHighlight('o1'))).toBe('o1');
    expect(highlightedOrder(null)).toBeNull();
    expect(highlightedOrder({ highlight: 3 })).toBeNull();
    expect(highlightedOrder({ highlight: '' })).toBeNull();
    expect(highlightedOrder('o1')).toBeNull();
  });
});
