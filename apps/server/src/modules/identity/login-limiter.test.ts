import { describe, expect, it } from 'vitest';
import { createLimiter } from './login-limiter.js';

describe('login limiter', () => {
  it('allows up to the limit in the window, then refuses, then forgets', () => {
    let clock = 0;
    const limiter = createLimiter({ limit: 3, windowMs: 1000, now: () => clock });
    expect([1, 2, 3].map(() => limiter.hit('ip'))).toEqual([true, true, true]);
    expect(limiter.hit('ip')).toBe(false);
    expect(limiter.hit('other')).toBe(true);
    clock = 1500;
    expect(limiter.hit('ip')).toBe(true);
  });
});
