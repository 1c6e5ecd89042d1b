import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { ZId } from '../http/common.js';
import { LANGUAGES } from '../limits.js';
import { type Role } from '../roles.js';
import { ZUser } from '../identity/session.js';
import { ZStrongPassword } from '../identity/password.js';
import { ZStoreEmail } from '../identity/store-settings.js';

/**
 * Store users (/v2/account/{accountId}/store/{storeId}/user): the home of
 * store managers, where a store's workers are listed, created, edited and deactivated.
 * docs/administration.md.
 */

/** Who manages a store's workers and settings: its owner-or-manager roles, and root and partner admins. */
export const STORE_ADMIN_ROLES: readonly Role[] = [
  'owner',
  'admin',
  'StoreManager',
  'ServiceManager',
  'GeneralManager',
  'root',
  'PartnerAdmin',
];

/**
 * The roles a store's worker may be given: the store-level staff roles. Never root, partner roles,
 * account-level roles (they belong to the account, not to one store), portal roles, or the store's
 * shared Store account (one per store, made with the store).
 */
export const GRANTABLE_ROLES = [
  'Technician',
  'MasterTechnician',
  'ServiceAdvisor',
  'ServiceWriter',
  'ServiceManager',
  'GeneralManager',
  'StoreManager',
] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export function isGrantableRole(value: unknown): value is GrantableRole {
  return typeof value === 'string' && (GRANTABLE_ROLES as readonly string[]).includes(value);
}

/** A user as the store and account users pages show it: the user, and whether it may still sign in. */
export const ZStoreUser = ZUser.extend({ active: z.boolean() });
export type StoreUser = z.infer<typeof ZStoreUser>;

/** A username: 3-100 of letters, digits and . _ @ + - (unique whatever the case, checked by the server). */
export const ZUsername = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(100)
  .regex(/^[A-Za-z0-9._@+-]+$/, 'may hold letters, digits and . _ @ + - only');
const ZPin = z.string().trim().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');
const ZRole = z.enum(GRANTABLE_ROLES, { message: `must be one of ${GRANTABLE_ROLES.join(', ')}` });
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

/** The fields of a person, whichever page manages it (store users, account users). */
export const personFields = {
  title: z.string().trim().max(100).nullable().optional().transform(blankToNull),
  firstName: z.string().trim().min(1, 'firstName is mandatory').max(100),
  lastName: z.string().trim().max(100),
  email: ZStoreEmail.nullable().optional().transform(blankToNull),
  language: z.enum(LANGUAGES, { message: 'languageId must be en or fr' }),
};

/** How a new user gets a password: set now, or mailed a link (or neither: set later). */
export const newPasswordFields = {
  /** Set the password directly (it must pass the strength rule)... */
  password: ZStrongPassword.optional(),
  /** ...or mail the user a link to choose one (the password reset e-mail). */
  sendPasswordEmail: z.boolean().default(false),
};

/** The password e-mail goes to the user's address: there must be one. */
export const emailForPasswordEmail: [(b: { sendPasswordEmail: boolean; email?: string | null }) => boolean, { message: string; path: string[] }] = [
  (b) => !b.sendPasswordEmail || !!b.email,
  { message: 'an e-mail address is mandatory to send the password e-mail', path: ['email'] },
];

/** A change must name something to change. */
export const someFieldToChange: [(b: object) => boolean, { message: string }] = [
  (b) => Object.values(b).some((v) => v !== undefined),
  { message: 'a field to change is mandatory' },
];

/** The fields a manager edits on a worker. */
const workerFields = {
  type: ZRole,
  ...personFields,
  authorizedToRefund: z.boolean(),
  /** A legacy user enters the admin area with the store's admin PIN, others with their password. */
  isLegacy: z.boolean(),
  dashboardVersion: z.number().int().min(1).max(2),
};

export const ZCreateStoreUser = z
  .strictObject({
    username: ZUsername,
    ...workerFields,
    lastName: workerFields.lastName.default(''),
    language: workerFields.language.default('en'),
    authorizedToRefund: workerFields.authorizedToRefund.default(false),
    isLegacy: workerFields.isLegacy.default(false),
    dashboardVersion: workerFields.dashboardVersion.default(2),
    ...newPasswordFields,
    pin: ZPin.optional(),
  })
  .refine(...emailForPasswordEmail);
export type CreateStoreUserInput = z.input<typeof ZCreateStoreUser>;

export const ZUpdateStoreUser = z
  .strictObject({
    username: ZUsername.optional(),
    type: workerFields.type.optional(),
    title: workerFields.title,
    firstName: workerFields.firstName.optional(),
    lastName: workerFields.lastName.optional(),
    email: workerFields.email,
    language: workerFields.language.optional(),
    authorizedToRefund: workerFields.authorizedToRefund.optional(),
    isLegacy: workerFields.isLegacy.optional(),
    dashboardVersion: workerFields.dashboardVersion.optional(),
    /** false deactivates: the worker can no longer sign in and its sign-ins end at once. */
    active: z.boolean().optional(),
  })
  .refine(...someFieldToChange);
export type UpdateStoreUserInput = z.input<typeof ZUpdateStoreUser>;

const storeParams = z.strictObject({ storeId: ZId });
const userParams = z.strictObject({ storeId: ZId, userId: ZId });

export const listStoreUsersRoute = defineRoute({
  id: 'storeUsers.list',
  method: 'GET',
  path: '/v2/api/store/:storeId/user',
  summary: "The store's workers, active and deactivated, active first, then by last and first name.",
  tag: 'storeUsers',
  access: access.store(STORE_ADMIN_ROLES),
  params: storeParams,
  response: z.array(ZStoreUser),
});

export const createStoreUserRoute = defineRoute({
  id: 'storeUsers.create',
  method: 'POST',
  path: '/v2/api/store/:storeId/user',
  summary:
    'Adds a worker to the store with a role a manager may grant. 409 CONFLICT when the username is taken. With sendPasswordEmail the worker receives the password e-mail.',
  tag: 'storeUsers',
  carriesSecrets: true,
  access: access.store(STORE_ADMIN_ROLES),
  params: storeParams,
  body: ZCreateStoreUser,
  response: ZStoreUser,
  status: 201,
});

export const updateStoreUserRoute = defineRoute({
  id: 'storeUsers.update',
  method: 'PUT',
  path: '/v2/api/store/:storeId/user/:userId',
  summary:
    "Changes a worker of the store; active: false deactivates it and ends its sign-ins at once. A worker of another store answers 404; one's own account cannot be deactivated or given another role.",
  tag: 'storeUsers',
  access: access.store(STORE_ADMIN_ROLES),
  params: userParams,
  body: ZUpdateStoreUser,
  response: ZStoreUser,
});

export const setStoreUserPasswordRoute = defineRoute({
  id: 'storeUsers.setPassword',
  method: 'PUT',
  path: '/v2/api/store/:storeId/user/:userId/password',
  summary: "Sets a worker's password (it must pass the strength rule); its other sign-ins end.",
  tag: 'storeUsers',
  carriesSecrets: true,
  access: access.store(STORE_ADMIN_ROLES),
  params: userParams,
  body: z.strictObject({ password: ZStrongPassword }),
});

export const sendStoreUserPasswordEmailRoute = defineRoute({
  id: 'storeUsers.sendPasswordEmail',
  method: 'POST',
  path: '/v2/api/store/:storeId/user/:userId/password/email',
  summary: 'Mails the worker the password reset link. 400 when the worker has no e-mail address or is deactivated.',
  tag: 'storeUsers',
  access: access.store(STORE_ADMIN_ROLES),
  params: userParams,
});

export const setStoreUserPinRoute = defineRoute({
  id: 'storeUsers.setPin',
  method: 'PUT',
  path: '/v2/api/store/:storeId/user/:userId/pin',
  summary: "Sets the worker's PIN for worker selection (4 to 8 digits), or removes it with null.",
  tag: 'storeUsers',
  carriesSecrets: true,
  access: access.store(STORE_ADMIN_ROLES),
  params: userParams,
  body: z.strictObject({ pin: ZPin.nullable() }),
});

export const storeUserRoutes = [
  listStoreUsersRoute,
  createStoreUserRoute,
  updateStoreUserRoute,
  setStoreUserPasswordRoute,
  sendStoreUserPasswordEmailRoute,
  setStoreUserPinRoute,
] as const;
