import type { Role } from '../roles.js';

/**
 * Who may call a route. Every route in the table must carry one; there is no default.
 *
 * - public: anyone, signed in or not; the reason is reviewed like code.
 * - signedIn: any signed-in caller whose role is listed; not tied to a tenant
 *   (the handler only ever acts on the caller's own data).
 * - store: the store named by `storeParam` (a path parameter) must be one the caller may act for
 *   (its own store, a store of its account, a store of its partner); then its role must be listed.
 *   Handlers read and write only inside `ctx.storeId`.
 * - customer: a portal user for its own customer, or staff allowed in the customer's store;
 *   with `portal: false` (customerStaff) staff only, portal users get 404.
 * - self: the user named by `userParam` (its id, or its user name in any case) must be the caller.
 * - user: the user named by `userParam` (an id, or a username) must be the caller, or a worker
 *   of a store the caller may act for.
 * - account: the account named by `accountParam` must be the caller's own (account- and store-level
 *   users), one of its partner's (partner users), or any (root); then its role must be listed.
 * - partner: the partner named by `partnerParam` must be the caller's own, or any for root.
 * - report: the customer's report of the order named by `orderParam` (docs/reports.md): the holder
 *   of a valid, unrevoked report link for that order (token in the `t` query parameter or the
 *   `X-Report-Token` header; no sign-in needed), a portal user of the order's customer, or staff
 *   allowed in the order's store whose role is listed. Anyone else gets 404, never 401: a report
 *   link that is wrong, tampered with or revoked shows nothing, not even that the order exists.
 * - household: the resource named by `resourceParam` (a vehicle, a vehicle's to-do item) must be
 *   in the household of the caller's customer (portal users), or in a store the caller may act for
 *   with a listed role (staff). Anyone else gets 404: another household's vehicle, in the same
 *   store or another tenant, is not shown to exist.
 */
export type Access =
  | { readonly kind: 'public'; readonly reason: string }
  | { readonly kind: 'signedIn'; readonly roles: readonly Role[] }
  | {
      readonly kind: 'store';
      readonly storeParam: string;
      readonly roles: readonly Role[];
      /** Where the store id travels: a path parameter (default), or a field of the JSON body. */
      readonly storeIn?: 'path' | 'body';
    }
  | {
      readonly kind: 'customer';
      readonly customerParam: string;
      readonly staffRoles: readonly Role[];
      /** False: staff only, a portal user (even the customer itself) is answered 404. Default true. */
      readonly portal?: boolean;
    }
  | { readonly kind: 'self'; readonly userParam: string; readonly roles: readonly Role[] }
  | { readonly kind: 'user'; readonly userParam: string; readonly roles: readonly Role[] }
  | { readonly kind: 'account'; readonly accountParam: string; readonly roles: readonly Role[] }
  | { readonly kind: 'partner'; readonly partnerParam: string; readonly roles: readonly Role[] }
  | { readonly kind: 'report'; readonly orderParam: string; readonly staffRoles: readonly Role[] }
  | { readonly kind: 'household'; readonly resourceParam: string; readonly staffRoles: readonly Role[] };

export const access = {
  public: (reason: string): Access => ({ kind: 'public', reason }),
  signedIn: (roles: readonly Role[]): Access => ({ kind: 'signedIn', roles }),
  store: (roles: readonly Role[], storeParam = 'storeId'): Access => ({
    kind: 'store',
    storeParam,
    roles,
  }),
  /**
   * Like `store`, for the few routes whose store travels in the body (`POST /inspectionOrder`, a
   * shop system's ticket, with `storeId` in its body): the registrar reads `body[storeField]`
   * before any other check.
   */
  storeInBody: (roles: readonly Role[], storeField = 'storeId'): Access => ({
    kind: 'store',
    storeParam: storeField,
    roles,
    storeIn: 'body',
  }),
  customer: (staffRoles: readonly Role[], customerParam = 'customerId'): Access => ({
    kind: 'customer',
    customerParam,
    staffRoles,
  }),
  /**
   * Like `customer`, for the store's side of a customer (its text messages): staff of the
   * customer's store with a listed role; a portal user, even that customer, gets 404.
   */
  customerStaff: (staffRoles: readonly Role[], customerParam = 'customerId'): Access => ({
    kind: 'customer',
    customerParam,
    staffRoles,
    portal: false,
  }),
  self: (roles: readonly Role[], userParam = 'userId'): Access => ({
    kind: 'self',
    userParam,
    roles,
  }),
  user: (roles: readonly Role[], userParam = 'userRef'): Access => ({
    kind: 'user',
    userParam,
    roles,
  }),
  account: (roles: readonly Role[], accountParam = 'accountId'): Access => ({ kind: 'account', accountParam, roles }),
  partner: (roles: readonly Role[], partnerParam = 'partnerId'): Access => ({ kind: 'partner', partnerParam, roles }),
  report: (staffRoles: readonly Role[], orderParam = 'inspectionOrderId'): Access => ({ kind: 'report', orderParam, staffRoles }),
  household: (staffRoles: readonly Role[], resourceParam = 'vehicleId'): Access => ({ kind: 'household', resourceParam, staffRoles }),
};

/** Where a report route's link token travels: the `t` query parameter, or this header. */
export const REPORT_TOKEN_HEADER = 'x-report-token';

/** Roles a rule lets in, for documentation and the generated authorization test. */
export function rolesOf(rule: Access): readonly Role[] | 'everyone' {
  switch (rule.kind) {
    case 'public':
      return 'everyone';
    case 'signedIn':
    case 'store':
    case 'self':
    case 'user':
    case 'account':
    case 'partner':
      return rule.roles;
    case 'customer':
      return rule.portal === false ? rule.staffRoles : [...rule.staffRoles, 'consumer', 'customer'];
    case 'report':
    case 'household':
      return [...rule.staffRoles, 'consumer', 'customer'];
  }
}
