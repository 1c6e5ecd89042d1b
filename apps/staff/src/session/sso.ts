import { ssoLogoutRoute, SSO_TOKEN_COOKIES } from '@servicebay/domain';
import type { Session, SessionEndReason } from '@servicebay/web-core';
import { APP_BASENAME } from '../paths.js';

/** Where a single sign-on user's logout goes, so the identity provider's session ends too (docs/sso.md). */
export function ssoLogoutUrl(username: string): string {
  return `${ssoLogoutRoute.path}?${new URLSearchParams({ username })}`;
}

/** The part of `document` the hand-off needs. */
export interface CookieJar {
  cookie: string;
}

/**
 * Takes the token pair the single sign-on callback left in cookies, and deletes them whatever is
 * found: they must not outlive this one page (docs/sso.md "Hand-off to the staff app").
 */
export function takeSsoCookies(jar: CookieJar): { token: string; refreshToken: string } | null {
  const values = new Map<string, string>();
  for (const part of jar.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    try {
      values.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      values.set(name, part.slice(at + 1).trim());
    }
  }
  for (const name of Object.values(SSO_TOKEN_COOKIES)) jar.cookie = `${name}=; Path=${APP_BASENAME}; Max-Age=0`;
  const token = values.get(SSO_TOKEN_COOKIES.token);
  const refreshToken = values.get(SSO_TOKEN_COOKIES.refreshToken);
  return token && refreshToken ? { token, refreshToken } : null;
}

/**
 * A sign-out the person asked for (menu, inactivity). Single sign-on users then go to
 * the provider's logout, which brings them back to the login page. Resolves 'redirected' then.
 */
export async function signOut(session: Session, reason: SessionEndReason = 'signedOut'): Promise<'redirected' | 'done'> {
  const ended = await session.logout(reason);
  if (ended?.strategy !== 'sso') return 'done';
  window.location.assign(ssoLogoutUrl(ended.claims.username));
  return 'redirected';
}
