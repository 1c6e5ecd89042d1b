import { describe, expect, it } from 'vitest';
import { createTokenCutOffCache } from './token-cutoffs.js';
import { formatCutOff, parseCutOff } from './token-cutoffs.repository.js';
import { createTokenService } from './tokens.js';
import type { Principal } from './principal.js';

const USER = '6f1c2a52-5b1e-4c38-9a55-0d3f1d2b7e11';
const principal: Principal = {
  id: USER,
  type: 'Technician',
  username: 'tech',
  storeId: null,
  accountId: null,
  partnerId: null,
  customerId: null,
  isUserOfInactiveStore: false,
};

describe('token cut-off cache', () => {
  it('keeps the highest version learnt, for the access token lifetime and a margin', () => {
    let now = 0;
    const cache = createTokenCutOffCache({ ttlSeconds: 900, now: () => now });
    expect(cache.minVersion(USER)).toBe(0);
    cache.learn(USER, 2);
    cache.learn(USER, 1); // a late message never lowers what is refused
    expect(cache.minVersion(USER)).toBe(2);
    now = (900 + 300) * 1000;
    expect(cache.minVersion(USER)).toBe(2);
    now += 1;
    expect(cache.minVersion(USER)).toBe(0);
    expect(cache.size()).toBe(0);
  });

  it('reads back what it announces, and nothing else', () => {
    expect(parseCutOff(formatCutOff({ userId: USER, version: 7 }))).toEqual({ userId: USER, version: 7 });
    expect(parseCutOff('nonsense')).toBeNull();
    expect(parseCutOff(`${USER}:-1`)).toBeNull();
  });
});

describe('access tokens and cut-offs', () => {
  it('refuses a token older than the cut-off and accepts one of the new version', async () => {
    const tokens = createTokenService(new TextEncoder().encode('unit-secret-of-at-least-32-characters'), 900);
    const old = await tokens.signAccess(principal, 0);
    tokens.cutOff(USER, 1);
    expect(await tokens.verifyAccess(old)).toBeNull();
    expect(await tokens.verifyAccess(await tokens.signAccess(principal, 1))).toMatchObject({
      id: USER,
      type: 'Technician',
    });
  });
});
