import { roleReach } from '@servicebay/domain';
import type { Principal } from '../auth/principal.js';
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

/** The tenancy facts of an account: which partner it belongs to. */
export interface AccountOwnership {
  id: string;
  partnerId: string | null;
}

/**
 * May this caller act for this account? Its own users (account-level, and store-level users of one
 * of its stores, whose accountId is the account's), its partner's users, and root.
 */
export function canActForAccount(caller: Principal, account: AccountOwnership): boolean {
  if (caller.type === 'root') return true;
  switch (roleReach(caller.type)) {
    case 'store':
    case 'account':
      return caller.accountId !== null && caller.accountId === account.id;
    case 'partner':
      return caller.partnerId !== null && caller.partnerId === account.partnerId;
    case 'customer':
      return false;
  }
}

/** May this caller act for this partner? Root, and any staff user of the partner. */
export function canActForPartner(caller: Principal, partnerId: string): boolean {
  if (caller.type === 'root') return true;
  if (roleReach(caller.type) === 'customer') return false;
  return caller.partnerId !== null && caller.partnerId === partnerId;
}
