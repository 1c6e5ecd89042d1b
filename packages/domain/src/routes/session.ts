import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { withAliases } from '../http/aliases.js';
import { LANGUAGE_ERROR, LANGUAGES } from '../limits.js';
import { STAFF_ROLES, ROLES, roleReach, type Role } from '../roles.js';
import {
  ZLoginRequest,
  ZLoginStrategy,
  ZLoginStrategyRequest,
  ZRefreshRequest,
  ZTokenPair,
  ZUser,
} from '../identity/session.js';

export const loginRoute = defineRoute({
  id: 'session.login',
  method: 'POST',
  path: '/v2/api/user/login',
  summary:
    'Sign in with a username and password. 401 INVALID_CREDENTIALS: could not login with that user name and password; 403 ACCOUNT_LOCKED after repeated failures.',
  tag: 'session',
  carriesSecrets: true,
  access: access.public('signing in is how a caller gets a token'),
  body: ZLoginRequest,
  response: ZTokenPair,
});

export const loginStrategyRoute = defineRoute({
  id: 'session.loginStrategy',
  method: 'POST',
  path: '/v2/api/user/login/strategy',
  summary: "Own login or single sign-on for this username; 400 USER_NOT_FOUND: We don't have a user.",
  tag: 'session',
  access: access.public('the login page asks before the user has a token'),
  body: ZLoginStrategyRequest,
  response: ZLoginStrategy,
});

export const refreshTokenRoute = defineRoute({
  id: 'session.refresh',
  method: 'POST',
  path: '/v2/api/user/refresh-token',
  summary:
    'Trade a refresh token for a new token pair. The refresh token rotates: presenting one already used revokes every token of its sign-in.',
  tag: 'session',
  carriesSecrets: true,
  access: access.public('the refresh token in the body is the credential'),
  body: ZRefreshRequest,
  response: ZTokenPair,
});

export const logoutRoute = defineRoute({
  id: 'session.logout',
  method: 'POST',
  path: '/v2/api/user/logout',
  summary: 'Sign out: revokes the refresh token and every token of its sign-in.',
  tag: 'session',
  carriesSecrets: true,
  access: access.public('the refresh token in the body is the credential'),
  body: ZRefreshRequest,
});

export const getUserRoute = defineRoute({
  id: 'session.getUser',
  method: 'GET',
  path: '/v2/api/user/:userRef',
  summary: 'A user by id, or by username when the value is not an id: the caller, or a worker of a store it may act for.',
  tag: 'session',
  access: access.user(ROLES),
  params: z.strictObject({ userRef: z.string().trim().min(1).max(200) }),
  response: ZUser,
});

export const clearLastRoleUsedRoute = defineRoute({
  id: 'session.clearLastRoleUsed',
  method: 'POST',
  path: '/v2/api/user/:userId/clear/last-role-used',
  summary: 'Forget the role the user last acted as, so its own role is displayed again.',
  tag: 'session',
  access: access.self(STAFF_ROLES),
  params: z.strictObject({ userId: ZId }),
  response: ZUser,
});

/** The user's display language; `languageId` is read as `language`. */
export const ZUserLanguageRequest = withAliases(
  z.strictObject({ language: z.enum(LANGUAGES, { message: LANGUAGE_ERROR }) }),
  { languageId: 'language' },
);

export const userLanguageRoute = defineRoute({
  id: 'session.userLanguage',
  method: 'PUT',
  path: '/v2/api/user/:userId/language',
  summary:
    "Save one's own display language (en or fr; languageId accepted for language): the language chosen on the login page before signing in, or in the user menu. Answers the user. 400 INVALID_ARGUMENTS 'languageId must be en or fr'.",
  tag: 'session',
  access: access.self(ROLES),
  params: z.strictObject({ userId: ZId }),
  body: ZUserLanguageRequest,
  response: ZUser,
});

export const ZDashboardFilterRequest = z.strictObject({
  sorting: z.enum(['orderNumber,asc', 'orderNumber,desc']).nullable().optional(),
  filter: z.string().max(50).nullable().optional(),
  waitingFirst: z.boolean().optional(),
  myVehicles: z.boolean().optional(),
  /** The advisor dashboard's view: the list or the job board. */
  view: z.enum(['list', 'board']).nullable().optional(),
});

export const dashboardFilterRoute = defineRoute({
  id: 'session.dashboardFilter',
  method: 'POST',
  path: '/v2/api/store/:storeId/user/:userId/filter',
  summary: "Save the user's dashboard sorting, filter, waiting-first, my-vehicles and view (list or board) choices.",
  tag: 'session',
  access: access.store(STAFF_ROLES),
  params: z.strictObject({ storeId: ZId, userId: ZId }),
  body: ZDashboardFilterRequest,
  response: ZUser,
});

export const adminPinLoginRoute = defineRoute({
  id: 'session.adminPinLogin',
  method: 'POST',
  path: '/v2/api/store/login/admin-pin',
  summary:
    "Confirm entry to the admin area with the store's admin PIN (owner, store manager, admin). 401 INVALID_CREDENTIALS when the PIN is wrong or the store has none.",
  tag: 'session',
  carriesSecrets: true,
  access: access.signedIn(['owner', 'StoreManager', 'admin']),
  body: z.strictObject({ adminPIN: z.string().trim().regex(/^\d{4,8}$/, 'must be 4 to 8 digits'), storeId: ZId }),
});

/** Roles an admin may act as inside a store: the store-level staff roles. */
const STORE_LEVEL_ROLES = ROLES.filter((r) => roleReach(r) === 'store');

export const hijackRoute = defineRoute({
  id: 'session.hijack',
  method: 'POST',
  path: '/v2/api/user/login/hijack',
  summary:
    "Log in as a store (its shared Store account, asStore: true) or as a role of the store (role), for root, partner, partner admin, owner and account manager; hijack: false returns to one's own identity. A new sign-in; 404 for a store the caller may not act for.",
  tag: 'session',
  carriesSecrets: true,
  access: access.signedIn(['root', 'partner', 'PartnerAdmin', 'owner', 'admin']),
  body: z.strictObject({
    storeId: ZId,
    hijack: z.boolean().default(true),
    asStore: z.boolean().default(false),
    role: z.enum(STORE_LEVEL_ROLES as [Role, ...Role[]]).optional(),
  }),
  response: ZTokenPair,
});

export const sessionRoutes = [
  loginRoute,
  loginStrategyRoute,
  refreshTokenRoute,
  logoutRoute,
  getUserRoute,
  clearLastRoleUsedRoute,
  userLanguageRoute,
  dashboardFilterRoute,
  adminPinLoginRoute,
  hijackRoute,
] as const;
