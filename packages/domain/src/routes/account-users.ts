import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { ZStrongPassword } from '../identity/password.js';
import { type Role } from '../roles.js';
import { emailForPasswordEmail, newPasswordFields, personFields, someFieldToChange, ZStoreUser, ZUsername } from './store-users.js';

/**
 * The account's users (/v2/account/{accountId}/user): its account-level users, who belong to the
 * account rather than one store (owner, account managers, analytics viewers, payment managers).
 * docs/administration.md "Account users".
 */

/**
 * Who manages the account's users: its owners, and root. Not account managers: the owner decides
 * who manages the account, so an account manager cannot make, remove or change another one.
 */
export const ACCOUNT_USERS_ADMIN_ROLES: readonly Role[] = ['owner', 'root'];

/** The roles given on the account users page: every account-level role but owner (the account's holder). */
export const ACCOUNT_GRANTABLE_ROLES = ['admin', 'AnalyticsViewer', 'paymentManager'] as const satisfies readonly Role[];
export type AccountGrantableRole = (typeof ACCOUNT_GRANTABLE_ROLES)[number];

export function isAccountGrantableRole(value: unknown): value is AccountGrantableRole {
  return typeof value === 'string' && (ACCOUNT_GRANTABLE_ROLES as readonly string[]).includes(value);
}

/** An account-level user as the account users page shows it: the user, and whether it may still sign in. */
export const ZAccountUser = ZStoreUser;
export type AccountUser = z.infer<typeof ZAccountUser>;

const ZAccountRole = z.enum(ACCOUNT_GRANTABLE_ROLES, { message: `must be one of ${ACCOUNT_GRANTABLE_ROLES.join(', ')}` });

export const ZCreateAccountUser = z
  .strictObject({
    username: ZUsername,
    type: ZAccountRole,
    ...personFields,
    lastName: personFields.lastName.default(''),
    language: personFields.language.default('en'),
    ...newPasswordFields,
  })
  .refine(...emailForPasswordEmail);
export type CreateAccountUserInput = z.input<typeof ZCreateAccountUser>;

export const ZUpdateAccountUser = z
  .strictObject({
    username: ZUsername.optional(),
    type: ZAccountRole.optional(),
    title: personFields.title,
    firstName: personFields.firstName.optional(),
    lastName: personFields.lastName.optional(),
    email: personFields.email,
    language: personFields.language.optional(),
    /** false deactivates: the user can no longer sign in and its sign-ins end at once. */
    active: z.boolean().optional(),
  })
  .refine(...someFieldToChange);
export type UpdateAccountUserInput = z.input<typeof ZUpdateAccountUser>;

const accountParams = z.strictObject({ accountId: ZId });
const userParams = z.strictObject({ accountId: ZId, userId: ZId });

export const listAccountUsersRoute = defineRoute({
  id: 'accountUsers.list',
  method: 'GET',
  path: '/v2/api/account/:accountId/user',
  summary: "The account's account-level users (owners, account managers, analytics viewers, payment managers), active first, then by name.",
  tag: 'accountUsers',
  access: access.account(ACCOUNT_USERS_ADMIN_ROLES),
  params: accountParams,
  response: z.array(ZAccountUser),
});

export const createAccountUserRoute = defineRoute({
  id: 'accountUsers.create',
  method: 'POST',
  path: '/v2/api/account/:accountId/user',
  summary:
    'Adds an account manager, analytics viewer or payment manager to the account. 409 CONFLICT when the username is taken. With sendPasswordEmail the user receives the password e-mail.',
  tag: 'accountUsers',
  carriesSecrets: true,
  access: access.account(ACCOUNT_USERS_ADMIN_ROLES),
  params: accountParams,
  body: ZCreateAccountUser,
  response: ZAccountUser,
  status: 201,
});

export const updateAccountUserRoute = defineRoute({
  id: 'accountUsers.update',
  method: 'PUT',
  path: '/v2/api/account/:accountId/user/:userId',
  summary:
    "Changes an account-level user of the account; active: false deactivates it and ends its sign-ins at once, as a new role does. A user of another account answers 404; the owner is not changed here.",
  tag: 'accountUsers',
  access: access.account(ACCOUNT_USERS_ADMIN_ROLES),
  params: userParams,
  body: ZUpdateAccountUser,
  response: ZAccountUser,
});

export const setAccountUserPasswordRoute = defineRoute({
  id: 'accountUsers.setPassword',
  method: 'PUT',
  path: '/v2/api/account/:accountId/user/:userId/password',
  summary: "Sets an account-level user's password (it must pass the strength rule); its other sign-ins end.",
  tag: 'accountUsers',
  carriesSecrets: true,
  access: access.account(ACCOUNT_USERS_ADMIN_ROLES),
  params: userParams,
  body: z.strictObject({ password: ZStrongPassword }),
});

export const sendAccountUserPasswordEmailRoute = defineRoute({
  id: 'accountUsers.sendPasswordEmail',
  method: 'POST',
  path: '/v2/api/account/:accountId/user/:userId/password/email',
  summary: 'Mails the account-level user the password reset link. 400 when the user has no e-mail address or is deactivated.',
  tag: 'accountUsers',
  access: access.account(ACCOUNT_USERS_ADMIN_ROLES),
  params: userParams,
});

export const accountUserRoutes = [
  listAccountUsersRoute,
  createAccountUserRoute,
  updateAccountUserRoute,
  setAccountUserPasswordRoute,
  sendAccountUserPasswordEmailRoute,
] as const;
