import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { STAFF_ROLES, type Role } from '../roles.js';
import { ZStore } from '../identity/store-view.js';
import { checkRegion, ZOpenTime, ZStoreDetails } from '../identity/store-settings.js';

/**
 * Accounts (GET /account/{id}) and account stores (/v2/account/{accountId}/store): the home of
 * owners and account managers. docs/administration.md.
 */

/** Who sees an account's stores with their figures, and may add a store: its owners and managers, and the partner and root admins above it. */
export const ACCOUNT_ADMIN_ROLES: readonly Role[] = ['owner', 'admin', 'root', 'partner', 'PartnerAdmin'];

export const ZAccount = z.object({
  _id: z.string(),
  name: z.string(),
  partnerId: z.string().nullable(),
  /** Number of stores of the account. */
  storeCount: z.number().int(),
});
export type Account = z.infer<typeof ZAccount>;

/**
 * A store in the account's list with its key figures: openOrders are the open orders of vehicles in
 * the shop, todaysAppointments the open orders of vehicles not in the shop scheduled today (in the
 * caller's time zone). Both may be null for a server that cannot count orders.
 */
export const ZAccountStore = z.object({
  _id: z.string(),
  name: z.string(),
  franchiseName: z.string().nullable(),
  address: z.string().nullable(),
  phoneNo: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  /** Whether the store has an active shared Store account, to log in as (the hijack's asStore). */
  hasStoreAccount: z.boolean(),
  figures: z.object({
    workers: z.number().int(),
    customers: z.number().int(),
    vehicles: z.number().int(),
    openOrders: z.number().int().nullable(),
    todaysAppointments: z.number().int().nullable(),
  }),
});
export type AccountStore = z.infer<typeof ZAccountStore>;

export const ZCreateStore = ZStoreDetails.extend({ openTime: ZOpenTime.default([]) }).superRefine(checkRegion);
export type CreateStoreInput = z.input<typeof ZCreateStore>;

const accountParams = z.strictObject({ accountId: ZId });

export const getAccountRoute = defineRoute({
  id: 'accounts.get',
  method: 'GET',
  path: '/v2/api/account/:accountId',
  summary: "The account: the caller's own, one of its partner's, or any for root.",
  tag: 'accounts',
  access: access.account(STAFF_ROLES),
  params: accountParams,
  response: ZAccount,
});

export const listAccountStoresRoute = defineRoute({
  id: 'accounts.listStores',
  method: 'GET',
  path: '/v2/api/account/:accountId/store',
  summary:
    "The account's stores by name, each with its key figures (workers, customers, vehicles, open orders, today's appointments).",
  tag: 'accounts',
  access: access.account(ACCOUNT_ADMIN_ROLES),
  params: accountParams,
  query: z.object({
    /** The time zone offset of the caller in minutes (Date.getTimezoneOffset), for "today". */
    tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
  }),
  response: z.array(ZAccountStore),
});

export const createAccountStoreRoute = defineRoute({
  id: 'accounts.createStore',
  method: 'POST',
  path: '/v2/api/account/:accountId/store',
  summary:
    "Adds a store to the account (name, contact details, opening hours), with the account's partner and the default settings.",
  tag: 'accounts',
  access: access.account(['owner', 'admin', 'root', 'PartnerAdmin']),
  params: accountParams,
  body: ZCreateStore,
  response: ZStore,
  status: 201,
});

export const accountRoutes = [getAccountRoute, listAccountStoresRoute, createAccountStoreRoute] as const;
