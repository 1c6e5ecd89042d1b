import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers } from '../customers/customers.schema.js';

/**
 * Every text between a store and a customer, both ways. A store's text links to the
 * sent_messages row of its delivery once it is handed to the provider; `message_id` is the
 * sender's id (the client's, or Twilio's MessageSid), unique per store, so a repeated send or a
 * retried webhook is stored once.
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    messageId: text('message_id').notNull(),
    userId: uuid('user_id').references(() => users.id),
    senderType: text('sender_type').notNull(), // store | customer
    senderName: text('sender_name').notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** A TextDeliveryStatus: scheduled, queued, sent, delivered, undelivered, failed, received... */
    status: text('status').notNull(),
    /** Which gateway carries a store's text: twilio, or local (moved along by the local gateway). */
    via: text('via'),
    sentMessageId: uuid('sent_message_id').references(() => sentMessages.id),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** A customer's text read by the store, or a failed text of the store's seen since. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** STOP, START and HELP answers: sent at once, whatever the quiet hours or the consent. */
    automatic: boolean('automatic').notNull().default(false),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('text_messages_store_message_id_idx').on(t.storeId, t.messageId),
    // A customer's messages, newest first.
    index('text_messages_store_customer_idx').on(t.storeId, t.customerId, t.createdAt.desc(), t.id.desc()),
    index('text_messages_sent_message_idx').on(t.sentMessageId),
    // What the background jobs pick up: texts due at the end of quiet hours, and the local
    // gateway's texts on their way.
    index('text_messages_scheduled_idx').on(t.scheduledFor).where(sql`${t.status} = 'scheduled'`),
    index('text_messages_local_gateway_idx')
      .on(t.updatedAt)
      .where(sql`${t.via} = 'local' and ${t.status} in ('queued', 'sent')`),
  ],
);

/**
 * One row per customer a store has texted with: the latest text and the counts the lists and
 * badges show, kept in the transaction of each change, so a list page costs one index walk.
 */
export const conversations = pgTable(
  'conversations',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The number of the latest text, E.164: an inbound text finds its customer by it. */
    phone: text('phone'),
    lastText: text('last_text').notNull(),
    lastSender: text('last_sender').notNull(),
    lastSenderType: text('last_sender_type').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** When the customer last wrote: a store text within the answer window is an answer. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.customerId] }),
    // The conversation list: failures first, then unread, then the latest.
    index('conversations_store_list_idx').on(
      t.storeId,
      t.errorCount.desc(),
      t.unreadCount.desc(),
      t.lastMessageAt.desc(),
      t.customerId,
    ),
    // The unread badge: only conversations with something to count.
    index('conversations_store_counts_idx')
      .on(t.storeId, t.customerId)
      .where(sql`${t.unreadCount} > 0 or ${t.errorCount} > 0`),
    index('conversations_phone_idx').on(t.phone, t.lastMessageAt.desc()),
  ],
);

/** Every change of a customer's permission to text: who, when, and how. */
export const textConsentEvents = pgTable(
  'text_consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    permissionToText: boolean('permission_to_text').notNull(),
    source: text('source').notNull(), // keyword | staff
    keyword: text('keyword'),
    phone: text('phone'),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('text_consent_events_store_customer_idx').on(t.storeId, t.customerId, t.createdAt.desc())],
);
