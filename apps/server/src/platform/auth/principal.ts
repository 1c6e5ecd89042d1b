import type { Role } from '@servicebay/domain';

/**
 * The signed-in caller, read from the access token. Its claims are the decoded login token
 * (id, type, storeId, username, customerId, isUserOfInactiveStore) plus the account and
 * partner the user belongs to, so tenancy checks need no lookup of the user.
 */
export interface Principal {
  id: string;
  type: Role;
  username: string;
  storeId: string | null;
  accountId: string | null;
  partnerId: string | null;
  customerId: string | null;
  isUserOfInactiveStore: boolean;
}
