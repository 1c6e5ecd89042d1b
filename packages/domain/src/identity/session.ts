import { z } from 'zod';
import { ROLES } from '../roles.js';
import { LANGUAGES } from '../limits.js';

const ZUsername = z.string().trim().min(1, 'username is mandatory').max(200);

export const ZLoginRequest = z.strictObject({
  username: ZUsername,
  password: z.string().min(1, 'password is mandatory').max(1000),
});

export const ZTokenPair = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof ZTokenPair>;

export const ZLoginStrategyRequest = z.strictObject({ username: ZUsername });
export const ZLoginStrategy = z.object({
  strategy: z.enum(['default', 'sso']),
  /** Where the browser goes for single sign-on. */
  loginUrl: z.string().optional(),
  /**
   * The user's first name, for the portal's welcome text (a known user is
   * greeted by first name); nothing more about the user is told. Only with the default strategy.
   */
  firstName: z.string().optional(),
});

export const ZRefreshRequest = z.strictObject({ refreshToken: z.string().min(1).max(500) });

/** The decoded login token. */
export const ZDecodedToken = z.object({
  id: z.string(),
  type: z.enum(ROLES),
  storeId: z.string().nullable(),
  username: z.string(),
  customerId: z.string().nullable(),
  isUserOfInactiveStore: z.boolean(),
});

/** A worker or user as the API shows it. */
export const ZUser = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  type: z.enum(ROLES),
  lastRoleUsed: z.enum(ROLES).nullable(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  storeId: z.string().nullable(),
  accountId: z.string().nullable(),
  customerId: z.string().nullable(),
  partnerId: z.string().nullable(),
  language: z.enum(LANGUAGES),
  authorizedToRefund: z.boolean(),
  mandatoryTrainingComplete: z.boolean(),
  dashboardVersion: z.number().int(),
  workflowVersion: z.enum(['1', '2']).nullable(),
  isLegacy: z.boolean(),
  /** Whether the worker has a PIN for worker selection; the PIN itself never leaves the server. */
  pinSet: z.boolean(),
  isUserOfInactiveStore: z.boolean(),
  sorting: z.string().nullable(),
  filter: z.string().nullable(),
  waitingFirst: z.boolean(),
  myVehicles: z.boolean(),
  /** The dashboard view the user chose (list or board; null: never chosen). Optional: older answers lack it. */
  dashboardView: z.string().nullable().optional(),
});
export type User = z.infer<typeof ZUser>;
