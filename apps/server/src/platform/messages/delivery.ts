import { AppError } from '@servicebay/domain';
import type { Logger } from 'pino';
import type { MessageStatus, NewSentMessage, SentMessagesRepository } from './sent-messages.repository.js';

/** What every provider answers for a message it took: the sent_messages row id and its status. */
export interface SendResult {
  id: string;
  status: MessageStatus;
}

/** What a provider learnt from handing one message over. */
export interface ProviderOutcome {
  status: MessageStatus;
  providerMessageId: string | null;
  /** Set when the provider answered but refused the message. */
  error?: string;
}

/**
 * A message the provider refused or could not be reached for. It is an AppError so a route that
 * lets it through answers 502 in the error shape; the provider's own words stay in sent_messages
 * and the log, never in the answer.
 */
export class MessageDeliveryError extends AppError {
  constructor(
    readonly sentMessageId: string,
    readonly channel: NewSentMessage['channel'],
  ) {
    super(
      502,
      'SERVICE_UNAVAILABLE',
      channel === 'email' ? 'The e-mail could not be sent' : 'The text message could not be sent',
    );
    this.name = 'MessageDeliveryError';
  }
}

const MAX_ERROR_LENGTH = 1000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/**
 * Records the message as queued before handing it over, so a crash mid-send still leaves a trace,
 * then records what the provider said. A refusal is recorded as failed and thrown.
 */
export async function deliverAndRecord(
  deps: { repository: SentMessagesRepository; logger: Logger },
  message: Omit<NewSentMessage, 'status'>,
  deliver: () => Promise<ProviderOutcome>,
): Promise<SendResult> {
  const row = await deps.repository.insert({ ...message, status: 'queued' });
  let outcome: ProviderOutcome;
  try {
    outcome = await deliver();
  } catch (error) {
    outcome = { status: 'failed', providerMessageId: null, error: errorText(error) };
  }
  await deps.repository.recordDelivery(row.id, {
    status: outcome.status,
    providerMessageId: outcome.providerMessageId,
    error: outcome.error ?? null,
  });
  if (outcome.status === 'failed' || outcome.status === 'undelivered') {
    deps.logger.warn(
      { sentMessageId: row.id, channel: message.channel, provider: message.provider, error: outcome.error },
      'message not delivered',
    );
    throw new MessageDeliveryError(row.id, message.channel);
  }
  return { id: row.id, status: outcome.status };
}

/** The local outbox: storing the message is the whole delivery. */
export async function storeLocally(
  repository: SentMessagesRepository,
  message: Omit<NewSentMessage, 'status' | 'provider'>,
): Promise<SendResult> {
  const row = await repository.insert({ ...message, provider: 'local', status: 'sent' });
  return { id: row.id, status: 'sent' };
}
