import { DEFAULT_COUNTRY, isCountry, readStoreSettings, ZOpenDay, type Store } from '@servicebay/domain';
import { z } from 'zod';
import type { StoreRow } from '../identity/index.js';

const ZOpenTime = z.array(ZOpenDay).catch([]);

export function presentStore(store: StoreRow): Store {
  return {
    ...readStoreSettings(store.settings),
    _id: store.id,
    name: store.name,
    franchiseName: store.franchiseName,
    email: store.email,
    phoneNo: store.phoneNo,
    address: store.address,
    country: isCountry(store.country) ? store.country : DEFAULT_COUNTRY,
    state: store.state,
    openTime: ZOpenTime.parse(store.openTime),
    partnerId: store.partnerId,
    accountId: store.accountId,
    active: store.active,
    adminPINSet: store.adminPinHash !== null,
  };
}
