import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { accounts } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';

/** Single-use, expiring password reset tokens sent by e-mail; only hashes are stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per typed username (trimmed, lower-cased), whether or not such a user exists, so
 * an unknown name is locked exactly like a real one and the answer tells nothing. Five failures in
 * a row lock the name; a success or a password reset deletes the row; quiet rows are purged.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    usernameKey: text('username_key').primaryKey(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_last_failed_idx').on(t.lastFailedAt)],
);

/**
 * An account's OpenID Connect identity provider (docs/sso.md). At most one is enabled per account,
 * so the login strategy lookup has one answer. The client secret is needed in clear to authenticate
 * to the provider; it never leaves the server.
 */
export const ssoConfigurations = pgTable(
  'sso_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** Space-separated scopes asked for; always includes openid. */
    scopes: text('scopes').notNull().default('openid email profile'),
    /** The claim whose value is the user's username or e-mail address. */
    usernameClaim: text('username_claim').notNull().default('email'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('sso_configurations_account_idx').on(t.accountId),
    uniqueIndex('sso_configurations_enabled_account_key').on(t.accountId).where(sql`${t.enabled}`),
  ],
);

/**
 * Sign-ons in progress: what the callback needs to finish one (PKCE verifier, nonce) and to know
 * it is the browser that started it. Deleted when used, so a replayed callback finds nothing.
 */
export const ssoLoginAttempts = pgTable(
  'sso_login_attempts',
  {
    /** SHA-256 of the state sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    configurationId: uuid('configuration_id')
      .notNull()
      .references(() => ssoConfigurations.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** SHA-256 of the random value in the starting browser's httpOnly cookie. */
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_login_attempts_expires_idx').on(t.expiresAt)],
);
