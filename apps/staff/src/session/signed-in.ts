import { createContext, useContext } from 'react';
import { getStoreRoute, getUserRoute, type Store, type User } from '@servicebay/domain';
import type { ApiClient, SessionClaims } from '@servicebay/web-core';

/** Who is signed in, for the pages inside the shell. */
export interface SignedIn {
  user: User;
  store: Store | null;
  claims: SessionClaims;
}

export const SignedInContext = createContext<SignedIn | null>(null);

export function useSignedIn(): SignedIn {
  const signedIn = useContext(SignedInContext);
  if (!signedIn) throw new Error('useSignedIn needs <RequireSession>');
  return signedIn;
}

// Keyed by id: another user signing in on the same tablet never sees the previous one's data.
export const userQueryKey = (userId: string) => ['user', userId] as const;
export const storeQueryKey = (storeId: string | null) => ['store', storeId] as const;

export const userQuery = (api: ApiClient, userId: string) => ({
  queryKey: userQueryKey(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getUserRoute, { params: { userRef: userId }, signal }),
  staleTime: 5 * 60_000,
});

export const storeQuery = (api: ApiClient, storeId: string | null) => ({
  queryKey: storeQueryKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<Store | null> =>
    storeId ? api.call(getStoreRoute, { params: { storeId }, signal }) : Promise.resolve(null),
  staleTime: 5 * 60_000,
});
