import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.js';
import { accounts, partners, stores } from './tenancy.js';

// Who signs in, and the refresh tokens of their sign-ins: the platform reads them to end sign-ins
// (token cut-offs) and to tell a shop's workers from portal users.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    type: text('type').notNull(),
    storeId: uuid('store_id').references(() => stores.id),
    accountId: uuid('account_id').references(() => accounts.id),
    partnerId: uuid('partner_id').references(() => partners.id),
    customerId: uuid('customer_id'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    language: text('language').notNull().default('en'),
    email: text('email'),
    title: text('title'),
    lastRoleUsed: text('last_role_used'),
    authorizedToRefund: boolean('authorized_to_refund').notNull().default(false),
    mandatoryTrainingComplete: boolean('mandatory_training_complete').notNull().default(true),
    dashboardVersion: integer('dashboard_version').notNull().default(2),
    isLegacy: boolean('is_legacy').notNull().default(false),
    /** The worker's PIN for worker selection on a shared store tablet, hashed. */
    pinHash: text('pin_hash'),
    /** Dashboard preferences, saved by POST .../user/:userId/filter. */
    dashboardSorting: text('dashboard_sorting'),
    dashboardFilter: text('dashboard_filter'),
    waitingFirst: boolean('waiting_first').notNull().default(false),
    myVehicles: boolean('my_vehicles').notNull().default(false),
    /** The advisor's dashboard view, list or job board (null: never chosen, the list). */
    dashboardView: text('dashboard_view'),
    active: boolean('active').notNull().default(true),
    /**
     * Goes up by one whenever the user's sign-ins must end at once (a role change, a deactivation,
     * a new password). Access and refresh tokens carry the version they were issued at; a token of
     * an older version is refused (docs/security.md).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When tokenVersion last went up: every server process loads the recent cut-offs at start. */
    tokensCutAt: timestamp('tokens_cut_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_store_idx').on(t.storeId),
    index('users_tokens_cut_at_idx').on(t.tokensCutAt).where(sql`${t.tokensCutAt} is not null`),
    // One portal user per customer (docs/portal-users.md), even under concurrent registrations.
    uniqueIndex('users_customer_key').on(t.customerId).where(sql`${t.customerId} is not null`),
  ],
);

/**
 * Refresh tokens rotate on every use; each login starts a family. Presenting a token that was
 * already used revokes its whole family (someone else holds a copy). Only hashes are stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Set when an admin logged in as a role of a store (hijack): the sign-in keeps acting so. */
    actingType: text('acting_type'),
    actingStoreId: uuid('acting_store_id').references(() => stores.id),
    /** The user's token version when this token was issued; an older one than the user's is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);
