/**
 * Counts attempts per key in a sliding window, in this process. Login and password reset use it per
 * client address and per username; the account lockout in the database is the durable guard.
 */
export function createLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const hits = new Map<string, number[]>();
  return {
    /** Records an attempt; false when the key is over its limit. */
    hit(key: string): boolean {
      const since = now() - options.windowMs;
      const recent = (hits.get(key) ?? []).filter((t) => t > since);
      recent.push(now());
      hits.set(key, recent);
      if (hits.size > 50_000) {
        // Forget keys whose window has passed, so a scan of many addresses cannot grow memory.
        for (const [k, times] of hits) if (times.every((t) => t <= since)) hits.delete(k);
      }
      return recent.length <= options.limit;
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
