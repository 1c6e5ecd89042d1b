import { describe, expect, it } from 'vitest';
import { ssoLogoutUrl, takeSsoCookies, type CookieJar } from './sso.js';

/** document.cookie: reads give every cookie, each write sets one. */
function jar(initial: string): CookieJar & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return initial;
    },
    set cookie(value: string) {
      writes.push(value);
    },
  };
}

describe('single sign-on hand-off', () => {
  it('takes the token pair from the cookies and deletes both', () => {
    const cookies = jar('lang=fr; token=eyJ.a.b; refreshToken=r%2Ftok');
    expect(takeSsoCookies(cookies)).toEqual({ token: 'eyJ.a.b', refreshToken: 'r/tok' });
    expect(cookies.writes).toEqual(['token=; Path=/app; Max-Age=0', 'refreshToken=; Path=/app; Max-Age=0']);
  });

  it('answers nothing when a cookie is missing (expired, reloaded), and still deletes them', () => {
    const cookies = jar('token=eyJ.a.b');
    expect(takeSsoCookies(cookies)).toBeNull();
    expect(cookies.writes).toHaveLength(2);
    expect(takeSsoCookies(jar(''))).toBeNull();
  });

  it('sends a single sign-on logout to the provider with the username', () => {
    expect(ssoLogoutUrl('ava@shop.example')).toBe('/v2/api/user/logout/saml?username=ava%40shop.example');
  });
});
