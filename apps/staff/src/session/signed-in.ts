import { createContext, useContext } from 'react';
import type { Store, User } from '@servicebay/domain';
import type { SessionClaims } from '@servicebay/web-core';

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
