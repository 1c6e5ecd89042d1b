import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.js';

/** Every e-mail and text the product sends, whichever provider carried it. */
export const sentMessages = pgTable(
  'sent_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(), // email | sms
    provider: text('provider').notNull(), // smtp | twilio | local
    storeId: uuid('store_id'),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull(), // queued | sent | failed
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('sent_messages_created_idx').on(t.createdAt)],
);
