import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sentMessages, type RecordedAttachment } from '../db/schema/messages.js';

export type MessageChannel = 'email' | 'sms';
export type MessageProvider = 'smtp' | 'twilio' | 'local';
/**
 * queued: handed to a provider that has not confirmed yet; sent: accepted for delivery (or stored,
 * for the local outbox); delivered / undelivered: the carrier's final word (texts); failed: refused.
 */
export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface NewSentMessage {
  channel: MessageChannel;
  provider: MessageProvider;
  storeId: string | null;
  to: string;
  from: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** E-mail attachments as kept (absent: none). */
  attachments?: RecordedAttachment[];
  status: MessageStatus;
}

export interface SentMessageRow extends NewSentMessage {
  id: string;
  providerMessageId: string | null;
  error: string | null;
  createdAt: Date;
}

export interface DeliveryUpdate {
  status: MessageStatus;
  providerMessageId?: string | null;
  error?: string | null;
}

const columns = {
  id: sentMessages.id,
  channel: sentMessages.channel,
  provider: sentMessages.provider,
  storeId: sentMessages.storeId,
  to: sentMessages.to,
  from: sentMessages.from,
  subject: sentMessages.subject,
  text: sentMessages.text,
  html: sentMessages.html,
  attachments: sentMessages.attachments,
  status: sentMessages.status,
  providerMessageId: sentMessages.providerMessageId,
  error: sentMessages.error,
  createdAt: sentMessages.createdAt,
};

// The columns are plain text in the table; the providers are the only writers, so the narrow
// types hold for every row they wrote.
const asRow = (row: { [K in keyof typeof columns]: unknown }) => row as SentMessageRow;

export function createSentMessagesRepository(db: Db) {
  return {
    async insert(message: NewSentMessage): Promise<SentMessageRow> {
      const [row] = await db.insert(sentMessages).values(message).returning(columns);
      return asRow(row!);
    },

    async recordDelivery(id: string, update: DeliveryUpdate): Promise<void> {
      await db
        .update(sentMessages)
        .set({
          status: update.status,
          ...(update.providerMessageId !== undefined ? { providerMessageId: update.providerMessageId } : {}),
          ...(update.error !== undefined ? { error: update.error } : {}),
        })
        .where(eq(sentMessages.id, id));
    },

    /** The message a provider knows by its own id (Twilio's sid), on sent_messages_provider_message_idx. */
    async findByProviderMessageId(provider: MessageProvider, providerMessageId: string): Promise<SentMessageRow | null> {
      const [row] = await db
        .select(columns)
        .from(sentMessages)
        .where(and(eq(sentMessages.provider, provider), eq(sentMessages.providerMessageId, providerMessageId)))
        .limit(1);
      return row ? asRow(row) : null;
    },

    async find(id: string): Promise<SentMessageRow | null> {
      const [row] = await db.select(columns).from(sentMessages).where(eq(sentMessages.id, id)).limit(1);
      return row ? asRow(row) : null;
    },

    /** Newest first; walks sent_messages_created_idx backwards, filtering by channel on the way. */
    async list(opts: { channel?: MessageChannel; page: number; size: number }) {
      const where = opts.channel ? eq(sentMessages.channel, opts.channel) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select(columns)
          .from(sentMessages)
          .where(where)
          .orderBy(desc(sentMessages.createdAt), desc(sentMessages.id))
          .limit(opts.size)
          .offset(opts.page * opts.size),
        db.select({ total: count() }).from(sentMessages).where(where),
      ]);
      return { items: rows.map(asRow), total: totals[0]?.total ?? 0 };
    },
  };
}

export type SentMessagesRepository = ReturnType<typeof createSentMessagesRepository>;
