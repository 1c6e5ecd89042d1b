import { describe, expect, it } from 'vitest';
import { customerHome, loginPath, portalAccess, registerPath, safeRedirect } from './portal-session.js';

const consumer = { type: 'consumer', username: 'Jane@example.com', customerId: 'c1' };

describe('portal guard', () => {
  it('lets in the portal user whose e-mail was stored at sign-in, whatever its case', () => {
    expect(portalAccess(consumer, 'jane@example.com')).toBe('ok');
  });

  it('sends everyone else to the login', () => {
    expect(portalAccess(null, 'jane@example.com')).toBe('signedOut');
    expect(portalAccess(consumer, null)).toBe('otherCustomer');
    expect(portalAccess(consumer, 'fleet@example.com')).toBe('otherCustomer');
    expect(portalAccess({ type: 'ServiceAdvisor', username: 'advisor', customerId: null }, 'advisor')).toBe('notPortalUser');
    expect(portalAccess({ ...consumer, customerId: null }, 'jane@example.com')).toBe('notPortalUser');
  });
});

describe('portal paths', () => {
  it('builds the home, login and registration paths of each variant', () => {
    expect(customerHome('car', 'c1')).toBe('/my-car/user/c1');
    expect(customerHome('fleet', 'c1')).toBe('/my-fleet/user/c1');
    expect(loginPath('car', { redirect: '/my-car/user/c1' })).toBe('/my-car/login?redirect=%2Fmy-car%2Fuser%2Fc1');
    expect(loginPath('fleet', { username: 'a@b.c' })).toBe('/my-fleet/login?username=a%40b.c');
    expect(registerPath('car')).toBe('/my-car');
    expect(registerPath('car', 'a@b.c')).toBe('/my-car?username=a%40b.c');
  });

  it('follows a remembered path only inside the portal', () => {
    expect(safeRedirect('/my-car/user/c1')).toBe('/my-car/user/c1');
    expect(safeRedirect('/my-fleet/user/c1')).toBe('/my-fleet/user/c1');
    expect(safeRedirect('https://evil.example/my-car/user/c1')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/app/admin')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
