import { z } from 'zod';
import { ZId } from '@servicebay/domain';
import type { Logger } from 'pino';
import { validationError } from '../http/errors.js';
import type { SendResult } from '../messages/delivery.js';
import type { SentMessagesRepository } from '../messages/sent-messages.repository.js';
import { normalizePhone } from './phone.js';

/** Twilio refuses bodies over 1600 characters; refusing them here gives the caller a 400, not a 502. */
export const SMS_MAX_LENGTH = 1600;

export const ZSmsMessage = z.strictObject({
  to: z.string().transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'must be a phone number' });
      return z.NEVER;
    }
    return phone;
  }),
  text: z
    .string()
    .min(1, { message: 'must not be empty' })
    .max(SMS_MAX_LENGTH, { message: `must be at most ${SMS_MAX_LENGTH} characters` })
    .refine((v) => v.trim().length > 0, { message: 'must not be empty' }),
  /** The store the text is sent for; kept with the record for the store's history. */
  storeId: ZId.optional(),
});
export type SmsMessage = z.input<typeof ZSmsMessage>;
export type ValidSmsMessage = z.output<typeof ZSmsMessage>;

/** Sends one text message and records it in sent_messages, whichever provider carries it. */
export interface SmsProvider {
  readonly kind: 'twilio' | 'local';
  /**
   * Resolves once the provider has taken the message (status queued or sent; the final word comes
   * later through the status webhook). The number is normalized to E.164 first. Bad input throws a
   * 400 AppError before anything is recorded; a refusal is recorded and throws MessageDeliveryError.
   */
  send(message: SmsMessage): Promise<SendResult>;
}

export interface SmsDeps {
  repository: SentMessagesRepository;
  logger: Logger;
}

export function parseSmsMessage(message: SmsMessage): ValidSmsMessage {
  const result = ZSmsMessage.safeParse(message);
  if (!result.success) throw validationError('body', result.error);
  return result.data;
}
