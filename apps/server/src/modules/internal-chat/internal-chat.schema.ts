import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';

/**
 * The shop's internal chat (docs/internal-chat.md): one channel per repair order. The channel
 * keeps its latest message (text, sender, date) and the index the next message takes, so the
 * dashboard's unread counts read one row per order.
 */
export const internalChatChannels = pgTable(
  'internal_chat_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    /** The latest message's index (0: none yet); the next message takes this plus one. */
    lastMessageIndex: integer('last_message_index').notNull().default(0),
    lastText: text('last_text'),
    lastSender: text('last_sender'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('internal_chat_channels_order').on(t.inspectionOrderId),
    // The store's channels, latest first (the dashboard's unread counts).
    index('internal_chat_channels_store_latest_idx').on(t.storeId, t.lastMessageAt.desc()),
  ],
);

/** Messages, numbered 1, 2, 3... in their channel: history pages are keyset pages on that number. */
export const internalChatMessages = pgTable(
  'internal_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => internalChatChannels.id, { onDelete: 'cascade' }),
    index: integer('idx').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    senderName: text('sender_name').notNull(),
    senderType: text('sender_type').notNull().default('worker'),
    text: text('text').notNull(),
    /** The sender's id for it: a send repeated with the same id stores nothing twice. */
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('internal_chat_messages_channel_idx').on(t.channelId, t.index),
    uniqueIndex('internal_chat_messages_client_id')
      .on(t.channelId, t.senderId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
  ],
);

/** Each worker's place in a channel: the last index it has read. */
export const internalChatMembers = pgTable(
  'internal_chat_members',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => internalChatChannels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadIndex: integer('last_read_index').notNull().default(0),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('internal_chat_members_user_idx').on(t.userId)],
);
