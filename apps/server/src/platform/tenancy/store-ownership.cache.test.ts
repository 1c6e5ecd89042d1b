import { describe, expect, it } from 'vitest';
import { cacheStoreOwnership } from './store-ownership.cache.js';

describe('store ownership cache', () => {
  it('asks once within the time-to-live, again after it, and never keeps unknown stores', async () => {
    let clock = 0;
    const asked: string[] = [];
    const cached = cacheStoreOwnership(
      {
        async storeOwnership(id) {
          asked.push(id);
          return id === 'known' ? { id, accountId: 'a', partnerId: null } : null;
        },
      },
      { ttlMs: 1000, maxEntries: 2, now: () => clock },
    );
    await cached.storeOwnership('known');
    await cached.storeOwnership('known');
    expect(asked).toEqual(['known']);
    await cached.storeOwnership('unknown');
    await cached.storeOwnership('unknown');
    expect(asked).toEqual(['known', 'unknown', 'unknown']);
    clock = 1500;
    expect(await cached.storeOwnership('known')).toEqual({ id: 'known', accountId: 'a', partnerId: null });
    expect(asked).toHaveLength(4);
  });

  it('stays within its size', async () => {
    const asked: string[] = [];
    const cached = cacheStoreOwnership(
      {
        async storeOwnership(id) {
          asked.push(id);
          return { id, accountId: 'a', partnerId: null };
        },
      },
      { ttlMs: 60_000, maxEntries: 2 },
    );
    for (const id of ['a', 'b', 'c', 'a']) await cached.storeOwnership(id);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
