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
 * - customer: a portal user for its own customer, or staff allowed in the customer's store.
 * - self: the user named by `userParam` must be the caller.
 * - user: the user named by `userParam` (an id, or a username) must be the caller, or a worker
 *   of a store the caller may act for.
 */
export type Access =
  | { readonly kind: 'public'; readonly reason: string }
  | { readonly kind: 'signedIn'; readonly roles: readonly Role[] }
  | { readonly kind: 'store'; readonly storeParam: string; readonly roles: readonly Role[] }
  | { readonly kind: 'customer'; readonly customerParam: string; readonly staffRoles: readonly Role[] }
  | { readonly kind: 'self'; readonly userParam: string; readonly roles: readonly Role[] }
  | { readonly kind: 'user'; readonly userParam: string; readonly roles: readonly Role[] };

export const access = {
  public: (reason: string): Access => ({ kind: 'public', reason }),
  signedIn: (roles: readonly Role[]): Access => ({ kind: 'signedIn', roles }),
  store: (roles: readonly Role[], storeParam = 'storeId'): Access => ({
    kind: 'store',
    storeParam,
    roles,
  }),
  customer: (staffRoles: readonly Role[], customerParam = 'customerId'): Access => ({
    kind: 'customer',
    customerParam,
    staffRoles,
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
};

/** Roles a rule lets in, for documentation and the generated authorization test. */
export function rolesOf(rule: Access): readonly Role[] | 'everyone' {
  switch (rule.kind) {
    case 'public':
      return 'everyone';
    case 'signedIn':
    case 'store':
    case 'self':
    case 'user':
      return rule.roles;
    case 'customer':
      return [...rule.staffRoles, 'consumer', 'customer'];
  }
}
