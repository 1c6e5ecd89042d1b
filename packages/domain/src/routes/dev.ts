import { z } from 'zod';
import { access } from '../http/access.js';
import { ZId, ZPage, ZSize } from '../http/common.js';
import { defineRoute } from '../http/route.js';

/**
 * The development outbox: every e-mail and text the server sent or, with the local providers,
 * would have sent, read on the staff app's outbox page. It holds password-reset links, so it is
 * for a signed-in root user only, and mounted only when DEV_TOOLS is on, which NODE_ENV=production
 * always turns off: there, these paths answer 404 like any path that does not exist.
 */
const DEV_OUTBOX_ROLES = ['root'] as const;

export const ZMessageChannel = z.enum(['email', 'sms']);
export const ZMessageProvider = z.enum(['smtp', 'twilio', 'local']);
export const ZMessageStatus = z.enum(['queued', 'sent', 'delivered', 'undelivered', 'failed']);

export const ZOutboxMessage = z.object({
  id: ZId,
  channel: ZMessageChannel,
  provider: ZMessageProvider,
  storeId: ZId.nullable(),
  to: z.string(),
  from: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  hasHtml: z.boolean(),
  /** E-mail attachments: names, types and sizes (their bytes stay in the database). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  status: ZMessageStatus,
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZDevOutboxQuery = z.strictObject({
  channel: ZMessageChannel.optional(),
  page: ZPage,
  size: ZSize(100, 20),
});

export const ZDevOutboxPage = z.object({
  items: z.array(ZOutboxMessage),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type DevOutboxPage = z.infer<typeof ZDevOutboxPage>;

export const ZOutboxMessageDetail = ZOutboxMessage.extend({
  /** The e-mail's HTML body, or null for a text or an e-mail without one. */
  html: z.string().nullable(),
});
export type OutboxMessageDetail = z.infer<typeof ZOutboxMessageDetail>;

export const devOutboxRoute = defineRoute({
  id: 'dev.outbox',
  method: 'GET',
  path: '/v2/api/dev/outbox',
  summary:
    'Sent e-mails and texts, newest first: the development outbox, for root only, mounted only when DEV_TOOLS is on (never with NODE_ENV=production).',
  tag: 'dev',
  access: access.signedIn(DEV_OUTBOX_ROLES),
  query: ZDevOutboxQuery,
  response: ZDevOutboxPage,
});

export const devOutboxMessageRoute = defineRoute({
  id: 'dev.outboxMessage',
  method: 'GET',
  path: '/v2/api/dev/outbox/:messageId',
  summary:
    'One sent message with its HTML body, from the development outbox (root only, mounted only when DEV_TOOLS is on). 404 for an unknown message.',
  tag: 'dev',
  access: access.signedIn(DEV_OUTBOX_ROLES),
  params: z.strictObject({ messageId: ZId }),
  response: ZOutboxMessageDetail,
});

export const ZDevOutboxReplyRequest = z.strictObject({
  text: z.string().max(1600, { message: 'must be at most 1600 characters' }),
});
export const ZDevOutboxReply = z.object({
  /** The customer the answer was attached to, or null when no customer has that number. */
  customerId: ZId.nullable(),
});

export const devOutboxReplyRoute = defineRoute({
  id: 'dev.outboxReply',
  method: 'POST',
  path: '/v2/api/dev/outbox/:messageId/reply',
  summary:
    "Answers a text of the outbox as its recipient: the local SMS gateway signs the answer and hands it to the Twilio inbound webhook's own check and handling (root only, DEV_TOOLS on, no Twilio configured). 404 for an unknown message or an e-mail.",
  tag: 'dev',
  access: access.signedIn(DEV_OUTBOX_ROLES),
  params: z.strictObject({ messageId: ZId }),
  body: ZDevOutboxReplyRequest,
  response: ZDevOutboxReply,
});

export const devRoutes = [devOutboxRoute, devOutboxMessageRoute, devOutboxReplyRoute] as const;
