import { roleReach } from '@servicebay/domain';
import type { Principal } from '../../platform/auth/principal.js';
import type { StoreOwnership } from './tenancy.repository.js';

/**
 * May this caller act for this store at all (before its role is considered)?
 * Staff of the store, account-level users of its account, partner users of its partner, and root.
 * Portal users never act for a store; they reach data through their customer.
 */
export function canActForStore(caller: Principal, store: StoreOwnership): boolean {
  if (caller.type === 'root') return true;
  switch (roleReach(caller.type)) {
    case 'store':
      return caller.storeId === store.id;
    case 'account':
      return caller.accountId !== null && caller.accountId === store.accountId;
    case 'partner':
      return caller.partnerId !== null && caller.partnerId === store.partnerId;
    case 'customer':
      return false;
  }
}
