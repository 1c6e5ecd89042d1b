import type { StoreOwnership, TenancyRepository } from './tenancy.repository.js';

/**
 * Every store-scoped request asks who owns its store; the answer (account, partner) almost never
 * changes, and the lookup was most of a small request's cost (bench/RESULTS.md). Found stores are
 * kept for a short while; unknown ids are always asked again, so a new store works at once.
 */
export function cacheStoreOwnership(
  repo: Pick<TenancyRepository, 'storeOwnership'>,
  options: { ttlMs: number; maxEntries: number; now?: () => number } = { ttlMs: 60_000, maxEntries: 10_000 },
): Pick<TenancyRepository, 'storeOwnership'> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: StoreOwnership; expires: number }>();
  return {
    async storeOwnership(storeId) {
      const hit = entries.get(storeId);
      if (hit && hit.expires > now()) return hit.value;
      const value = await repo.storeOwnership(storeId);
      entries.delete(storeId);
      if (value) {
        // Oldest first in a Map: dropping the first key keeps the cache bounded.
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(storeId, { value, expires: now() + options.ttlMs });
      }
      return value;
    },
  };
}
