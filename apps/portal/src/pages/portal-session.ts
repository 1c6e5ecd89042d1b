import { isRole, PORTAL_ROLES, type Role } from '@servicebay/domain';
import type { SessionStorageLike } from '@servicebay/web-core';
import { basePathOf, type PortalVariant } from '../variant.js';

/**
 * The portal's side of the session: the token pair is kept by web-core's session; the portal also
 * keeps the e-mail of the customer who signed in, and a session whose token names another username
 * is not this customer's.
 */
export const PORTAL_EMAIL_KEY = 'servicebay.portal.email';

function storage(): SessionStorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function rememberCustomerEmail(email: string, store = storage()) {
  try {
    store?.setItem(PORTAL_EMAIL_KEY, email.trim());
  } catch {
    // Storage refused: the guard then sends the customer to the login again, which is safe.
  }
}

export function storedCustomerEmail(store = storage()): string | null {
  try {
    return store?.getItem(PORTAL_EMAIL_KEY) ?? null;
  } catch {
    return null;
  }
}

export function forgetCustomerEmail(store = storage()) {
  try {
    store?.removeItem(PORTAL_EMAIL_KEY);
  } catch {
    // Nothing to forget.
  }
}

export function isPortalRole(type: string): boolean {
  return isRole(type) && PORTAL_ROLES.includes(type as Role);
}

/** What the portal guard makes of the session: let in, or why not. */
export type PortalAccess = 'ok' | 'signedOut' | 'notPortalUser' | 'otherCustomer';

export function portalAccess(
  claims: { type: string; username: string; customerId: string | null } | null,
  storedEmail: string | null,
): PortalAccess {
  if (!claims) return 'signedOut';
  if (!isPortalRole(claims.type) || !claims.customerId) return 'notPortalUser';
  if (!storedEmail || storedEmail.trim().toLowerCase() !== claims.username.trim().toLowerCase()) return 'otherCustomer';
  return 'ok';
}

/** After portal login, my-car/user/{customerId} (my-fleet/user/... in the fleet variant). */
export function customerHome(variant: PortalVariant, customerId: string): string {
  return `${basePathOf(variant)}/user/${encodeURIComponent(customerId)}`;
}

export function loginPath(variant: PortalVariant, options: { redirect?: string; username?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.username) query.set('username', options.username);
  if (options.redirect) query.set('redirect', options.redirect);
  const search = query.toString();
  return `${basePathOf(variant)}/login${search ? `?${search}` : ''}`;
}

export function registerPath(variant: PortalVariant, username?: string): string {
  return `${basePathOf(variant)}${username ? `?${new URLSearchParams({ username }).toString()}` : ''}`;
}

/** The remembered path after login, only when it is a page of the portal (never another site). */
export function safeRedirect(redirect: string | null | undefined): string | null {
  if (!redirect) return null;
  return /^\/my-(car|fleet)\/user\/[^/?#\\]+$/.test(redirect) ? redirect : null;
}
