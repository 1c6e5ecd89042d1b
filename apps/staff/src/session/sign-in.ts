import { HomeRouteError, homeRoute, PORTAL_ROLES, type Store, type User } from '@servicebay/domain';
import { isApiError, type ApiClient, type SessionClaims } from '@servicebay/web-core';
import { fetchStore, fetchUser } from './session-api.js';

export type SignInOutcome =
  | { kind: 'home'; path: string; user: User; store: Store | null }
  /** An inactive-store user is logged out with the warning modal. */
  | { kind: 'inactiveStore' }
  /** The user fetch returned nothing; credentials are cleared. */
  | { kind: 'noUser' }
  /** No home for the role: 'Unable to find route for {role}'. */
  | { kind: 'noRoute'; role: string };

/**
 * The store a signed-in staff user works in. Portal users carry their customer's store in the
 * token but never act for it (the store route answers them 404): none for them.
 */
export function staffStoreId(claims: Pick<SessionClaims, 'storeId' | 'type'>): string | null {
  return PORTAL_ROLES.includes(claims.type) ? null : claims.storeId;
}

/** The signed-in user and its store (null for account, partner and portal users). */
export async function loadSignedIn(api: ApiClient, claims: Pick<SessionClaims, 'id' | 'storeId' | 'type'>, signal?: AbortSignal) {
  const storeId = staffStoreId(claims);
  const [user, store] = await Promise.all([
    fetchUser(api, claims.id, signal),
    storeId ? fetchStore(api, storeId, signal) : Promise.resolve(null),
  ]);
  return { user, store };
}

/**
 * What follows a successful login: the token decoded, the user
 * and its store fetched, then the user's home. Other failures (offline, 5xx) reject.
 */
export async function completeSignIn(api: ApiClient, claims: SessionClaims): Promise<SignInOutcome> {
  if (claims.isUserOfInactiveStore) return { kind: 'inactiveStore' };
  let loaded: Awaited<ReturnType<typeof loadSignedIn>>;
  try {
    loaded = await loadSignedIn(api, claims);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'noUser' };
    throw error;
  }
  if (loaded.user.isUserOfInactiveStore) return { kind: 'inactiveStore' };
  try {
    return { kind: 'home', path: homeRoute(loaded.user, loaded.store), ...loaded };
  } catch (error) {
    if (error instanceof HomeRouteError) return { kind: 'noRoute', role: error.role };
    throw error;
  }
}
