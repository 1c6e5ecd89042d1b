import { z } from 'zod';
import { ZId } from '@servicebay/domain';
import type { Logger } from 'pino';
import { validationError } from '../http/errors.js';
import type { SendResult } from '../messages/delivery.js';
import type { SentMessagesRepository } from '../messages/sent-messages.repository.js';

/** Attachments of one message: how many, and their bytes together (the .ics of an appointment is about 1 KB). */
export const MAIL_ATTACHMENT_LIMITS = { count: 10, totalBytes: 1024 * 1024 } as const;

const ZMailAttachment = z.strictObject({
  /** The name the recipient sees; no path, no line break. */
  filename: z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(200)
    .refine((v) => !/[\r\n/\\"]/.test(v), { message: 'must be a plain file name' }),
  /** A MIME type, with parameters (`text/calendar; charset=utf-8; method=PUBLISH`). */
  contentType: z
    .string()
    .regex(/^[a-z]+\/[a-z0-9.+-]+(\s*;\s*[a-z-]+=[a-z0-9-]+)*$/i, { message: 'must be a MIME type' }),
  /** Text (sent as UTF-8) or bytes. */
  content: z.union([z.string(), z.instanceof(Buffer)]),
});
export type MailAttachment = z.input<typeof ZMailAttachment>;

const attachmentBytes = (a: { content: string | Buffer }) => (typeof a.content === 'string' ? Buffer.byteLength(a.content, 'utf8') : a.content.length);

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
  attachments: z
    .array(ZMailAttachment)
    .max(MAIL_ATTACHMENT_LIMITS.count, { message: `at most ${MAIL_ATTACHMENT_LIMITS.count} attachments` })
    .refine((list) => list.reduce((n, a) => n + attachmentBytes(a), 0) <= MAIL_ATTACHMENT_LIMITS.totalBytes, {
      message: `at most ${MAIL_ATTACHMENT_LIMITS.totalBytes} bytes in all`,
    })
    .optional(),
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

/** What sent_messages keeps of a message's attachments: name, type, size and the bytes (base64). */
export function recordedAttachments(message: ValidMailMessage) {
  return (message.attachments ?? []).map((a) => {
    const bytes = typeof a.content === 'string' ? Buffer.from(a.content, 'utf8') : a.content;
    return { filename: a.filename, contentType: a.contentType, size: bytes.length, content: bytes.toString('base64') };
  });
}
