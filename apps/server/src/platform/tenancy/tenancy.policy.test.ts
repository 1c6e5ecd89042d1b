import { describe, expect, it } from 'vitest';
import type { Role } from '@servicebay/domain';
import type { Principal } from '../auth/principal.js';
import { canActForStore } from './tenancy.policy.js';

const store = { id: 'store-1', accountId: 'account-1', partnerId: 'partner-1' };

function caller(type: Role, at: Partial<Principal> = {}): Principal {
  return {
    id: 'u',
    type,
    username: 'u',
    storeId: null,
    accountId: null,
    partnerId: null,
    customerId: null,
    isUserOfInactiveStore: false,
    ...at,
  };
}

describe('canActForStore', () => {
  it('lets store staff act only for their own store', () => {
    expect(canActForStore(caller('Technician', { storeId: 'store-1' }), store)).toBe(true);
    expect(canActForStore(caller('Technician', { storeId: 'store-2', accountId: 'account-1' }), store)).toBe(false);
  });

  it('lets account-level users act for every store of their account', () => {
    expect(canActForStore(caller('owner', { accountId: 'account-1' }), store)).toBe(true);
    expect(canActForStore(caller('admin', { accountId: 'account-2' }), store)).toBe(false);
  });

  it("lets partner users act for their partner's stores, and root for all", () => {
    expect(canActForStore(caller('PartnerAdmin', { partnerId: 'partner-1' }), store)).toBe(true);
    expect(canActForStore(caller('partner', { partnerId: 'partner-2' }), store)).toBe(false);
    expect(canActForStore(caller('root'), store)).toBe(true);
  });

  it('never lets portal users act for a store', () => {
    expect(canActForStore(caller('consumer', { storeId: 'store-1' }), store)).toBe(false);
  });

  it('does not match missing ids to a store without a partner', () => {
    expect(canActForStore(caller('partner'), { ...store, partnerId: null })).toBe(false);
  });
});
