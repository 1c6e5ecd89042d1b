import { z } from 'zod';
import { ZId } from '@servicebay/domain';
import type { Logger } from 'pino';
import { validationError } from '../http/errors.js';
import type { SendResult } from '../messages/delivery.js';
import type { SentMessagesRepository } from '../messages/sent-messages.repository.js';

export const ZMailMessage = z.strictObject({
  to: z
    .string()
    .trim()
    .pipe(z.email({ message: 'must be an e-mail address' })),
  subject: z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(998)
    // A line break in a header value would let the caller write headers of its own.
    .refine((v) => !/[\r\n]/.test(v), { message: 'must be one line' }),
  text: z.string().min(1, { message: 'must not be empty' }),
  html: z.string().min(1).optional(),
  /** The store the message is sent for; kept with the record for the store's history. */
  storeId: ZId.optional(),
});
export type MailMessage = z.input<typeof ZMailMessage>;
export type ValidMailMessage = z.output<typeof ZMailMessage>;

/** Sends one e-mail and records it in sent_messages, whichever provider carries it. */
export interface MailProvider {
  readonly kind: 'smtp' | 'local';
  /**
   * Resolves once the provider has taken the message. Bad input throws a 400 AppError before
   * anything is recorded; a provider refusal is recorded as failed and throws MessageDeliveryError.
   */
  send(message: MailMessage): Promise<SendResult>;
}

export interface MailDeps {
  repository: SentMessagesRepository;
  logger: Logger;
  from: string;
}

export function parseMailMessage(message: MailMessage): ValidMailMessage {
  const result = ZMailMessage.safeParse(message);
  if (!result.success) throw validationError('body', result.error);
  return result.data;
}
