import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId, ZPage, ZSize } from '../http/common.js';
import { STAFF_ROLES, type Role } from '../roles.js';
import { ZPageInfo } from '../customers/vehicle.js';

/**
 * Partners (GET /partner/{id}) and the admin page of root, partner and partner admin
 * (/admin): partners, accounts and stores, paged and searchable.
 * docs/administration.md.
 */

/** Who opens the admin page: root sees everything, partner users their partner's network. */
export const ADMIN_PAGE_ROLES: readonly Role[] = ['root', 'partner', 'PartnerAdmin'];

export const ZPartner = z.object({
  _id: z.string(),
  name: z.string(),
  accountCount: z.number().int(),
  storeCount: z.number().int(),
});
export type Partner = z.infer<typeof ZPartner>;

export const ZAdminAccount = z.object({
  _id: z.string(),
  name: z.string(),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
  storeCount: z.number().int(),
});
export type AdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAdminStore = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  active: z.boolean(),
  accountId: z.string(),
  accountName: z.string(),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
  /** Whether the store has its shared Store account, which "log in as store" signs in as. */
  hasStoreAccount: z.boolean(),
});
export type AdminStore = z.infer<typeof ZAdminStore>;

const ZSearch = z.string().trim().max(100).optional();
const paging = { page: ZPage, size: ZSize(100, 20), search: ZSearch };

export const getPartnerRoute = defineRoute({
  id: 'partners.get',
  method: 'GET',
  path: '/v2/api/partner/:partnerId',
  summary: "The partner: the caller's own, or any for root.",
  tag: 'admin',
  access: access.partner(STAFF_ROLES),
  params: z.strictObject({ partnerId: ZId }),
  response: ZPartner,
});

export const ZAdminPartnerPage = z.object({ _embedded: z.object({ partner: z.array(ZPartner) }), page: ZPageInfo });
export const ZAdminAccountPage = z.object({ _embedded: z.object({ account: z.array(ZAdminAccount) }), page: ZPageInfo });
export const ZAdminStorePage = z.object({ _embedded: z.object({ store: z.array(ZAdminStore) }), page: ZPageInfo });

export const adminPartnersRoute = defineRoute({
  id: 'admin.partners',
  method: 'GET',
  path: '/v2/api/admin/partner',
  summary: 'Partners by name (root: all; partner users: their own), searchable by name.',
  tag: 'admin',
  access: access.signedIn(ADMIN_PAGE_ROLES),
  query: z.object(paging),
  response: ZAdminPartnerPage,
});

export const adminAccountsRoute = defineRoute({
  id: 'admin.accounts',
  method: 'GET',
  path: '/v2/api/admin/account',
  summary: "Accounts by name, within the caller's partner (root: all), searchable by name, optionally of one partner.",
  tag: 'admin',
  access: access.signedIn(ADMIN_PAGE_ROLES),
  query: z.object({ ...paging, partnerId: ZId.optional() }),
  response: ZAdminAccountPage,
});

export const adminStoresRoute = defineRoute({
  id: 'admin.stores',
  method: 'GET',
  path: '/v2/api/admin/store',
  summary:
    "Stores by name, within the caller's partner (root: all), searchable by store, franchise, account name or address, optionally of one account or partner.",
  tag: 'admin',
  access: access.signedIn(ADMIN_PAGE_ROLES),
  query: z.object({ ...paging, partnerId: ZId.optional(), accountId: ZId.optional() }),
  response: ZAdminStorePage,
});

export const adminRoutes = [getPartnerRoute, adminPartnersRoute, adminAccountsRoute, adminStoresRoute] as const;
