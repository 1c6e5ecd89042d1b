import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.js';

/** What is kept of an e-mail attachment. */
export interface RecordedAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: string;
}

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
    /** E-mail attachments: [{ filename, contentType, size, content (base64) }]. */
    attachments: jsonb('attachments').$type<RecordedAttachment[]>().notNull().default([]),
    status: text('status').notNull(), // queued | sent | delivered | undelivered | failed
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sent_messages_created_idx').on(t.createdAt),
    // Twilio's status callback names the message by its sid.
    index('sent_messages_provider_message_idx').on(t.provider, t.providerMessageId),
  ],
);
