import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { users } from '../../platform/db/schema/users.js';

/**
 * The VIN scanner flow (docs/vin-scanner.md): one row per launched scan. The scanner's callback
 * finds it by the SHA-256 of its single-use token (the token itself is never stored) and fills
 * `vin`; the return page reads it once (`consumed_at`). Rows are pruned after they expire.
 */
export const vinScans = pgTable(
  'vin_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** vehicleDetails | dashboard */
    origin: text('origin').notNull(),
    language: text('language').notNull(),
    tokenHash: text('token_hash').notNull(),
    vin: text('vin'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Until the scanner may call back; once scanned, until the VIN may be read. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vin_scans_token_hash_idx').on(t.tokenHash),
    index('vin_scans_user_origin_idx').on(t.userId, t.origin, t.scannedAt),
    index('vin_scans_expires_idx').on(t.expiresAt),
  ],
);
