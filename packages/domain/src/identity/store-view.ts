import { z } from 'zod';
import { COUNTRIES } from './regions.js';
import { ZOpenDay, ZStoreSettings } from './store.js';

/** A store as the API shows it: its settings spread at the top level, no secrets. */
export const ZStore = ZStoreSettings.extend({
  _id: z.string(),
  name: z.string(),
  franchiseName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNo: z.string().nullable(),
  address: z.string().nullable(),
  country: z.enum(COUNTRIES),
  state: z.string().nullable(),
  openTime: z.array(ZOpenDay),
  partnerId: z.string().nullable(),
  accountId: z.string(),
  active: z.boolean(),
  /** Whether the store has an admin PIN; the PIN itself never leaves the server. */
  adminPINSet: z.boolean(),
});
export type Store = z.infer<typeof ZStore>;
