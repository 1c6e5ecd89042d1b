import { keepPreviousData } from '@tanstack/react-query';
import { devOutboxMessageRoute, devOutboxReplyRoute, devOutboxRoute } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** The outbox's page size. */
export const OUTBOX_PAGE_SIZE = 20;

export type OutboxChannel = 'all' | 'email' | 'sms';

/** One page (1-based) of the messages the server would have sent, newest first; the previous page shows while the next loads. */
export const devOutboxQuery = (api: ApiClient, channel: OutboxChannel, page: number) => ({
  queryKey: ['devOutbox', channel, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(devOutboxRoute, {
      query: { channel: channel === 'all' ? undefined : channel, page: page - 1, size: OUTBOX_PAGE_SIZE },
      signal,
    }),
  placeholderData: keepPreviousData,
});

/** One message in full (its HTML body). */
export const devOutboxMessageQuery = (api: ApiClient, messageId: string) => ({
  queryKey: ['devOutbox', 'message', messageId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(devOutboxMessageRoute, { params: { messageId }, signal }),
});

/**
 * Answers a text of the outbox as its recipient: the local gateway signs the answer and posts it
 * to the Twilio inbound webhook, which checks and handles it like a customer's text.
 */
export const replyAsCustomer = (api: ApiClient, messageId: string, text: string) =>
  api.call(devOutboxReplyRoute, { params: { messageId }, body: { text } });
