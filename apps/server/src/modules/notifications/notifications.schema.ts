import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { users } from '../../platform/db/schema/users.js';

/**
 * System notifications (docs/notifications.md), one row per user told. The headline is not stored
 * as text: `kind` and `params` are, and the headline is written in the reader's language when read.
 * `sourceKey` names the event it came from, so an event handled twice tells nobody twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id'),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default({}),
    sourceKey: text('source_key').notNull(),
    inspectionOrderId: uuid('inspection_order_id'),
    customerId: uuid('customer_id'),
    read: boolean('read').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_user_source_key').on(t.userId, t.sourceKey),
    // The list: a user's notifications not archived, newest first.
    index('notifications_user_list_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archived} = false`),
  ],
);

/**
 * Web push subscriptions, one per device (endpoint): a device belongs to the user who subscribed
 * it last (a shared tablet moves to whoever signs in and subscribes), so an endpoint is stored
 * once. Removed when its user unsubscribes or the push service answers it is gone (404, 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
