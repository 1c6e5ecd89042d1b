import type { DevOutboxPage, OutboxMessage, OutboxMessageDetail } from '@servicebay/domain';
import type {
  MessageChannel,
  SentMessageRow,
  SentMessagesRepository,
} from '../../platform/messages/sent-messages.repository.js';

export function presentOutboxMessage(row: SentMessageRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    provider: row.provider,
    storeId: row.storeId,
    to: row.to,
    from: row.from,
    subject: row.subject,
    text: row.text,
    // Lists carry a flag, not the HTML: a report e-mail's markup would weigh down every page.
    hasHtml: row.html !== null,
    attachments: (row.attachments ?? []).map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    status: row.status,
    providerMessageId: row.providerMessageId,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the outbox API reads: every message the providers recorded, newest first. */
export function createDevOutboxService(repository: SentMessagesRepository) {
  return {
    async list(query: {
      channel?: MessageChannel | undefined;
      page: number;
      size: number;
    }): Promise<DevOutboxPage> {
      const { items, total } = await repository.list(query);
      return { items: items.map(presentOutboxMessage), total, page: query.page, size: query.size };
    },

    /** One message with its HTML body (null for a text), or null when there is no such message. */
    async message(id: string): Promise<OutboxMessageDetail | null> {
      const row = await repository.find(id);
      if (!row) return null;
      return { ...presentOutboxMessage(row), html: row.channel === 'email' ? row.html : null };
    },
  };
}

export type DevOutboxService = ReturnType<typeof createDevOutboxService>;
