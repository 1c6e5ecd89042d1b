import { z } from 'zod';
import { access } from '../http/access.js';
import { ZId, ZPage, ZSize } from '../http/common.js';
import { defineRoute } from '../http/route.js';
import { LANGUAGES, LANGUAGE_ERROR } from '../limits.js';

/**
 * The development outbox: every e-mail and text the server sent or, with the local providers,
 * would have sent. The handlers answer 404 unless DEV_TOOLS is on, so production never shows it.
 */
const DEV_ONLY = 'development outbox, mounted only when DEV_TOOLS is on';

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

export const devOutboxRoute = defineRoute({
  id: 'dev.outbox',
  method: 'GET',
  path: '/v2/api/dev/outbox',
  summary: 'Sent e-mails and texts, newest first (404 unless DEV_TOOLS is on).',
  tag: 'dev',
  access: access.public(DEV_ONLY),
  query: ZDevOutboxQuery,
  response: ZDevOutboxPage,
});

export const ZDevOutboxPageQuery = ZDevOutboxQuery.extend({
  lang: z.enum(LANGUAGES, { message: LANGUAGE_ERROR }).default('en'),
});

export const devOutboxPageRoute = defineRoute({
  id: 'dev.outboxPage',
  method: 'GET',
  path: '/dev/outbox',
  summary: 'The outbox as an HTML page, for a person trying the product (404 unless DEV_TOOLS is on).',
  tag: 'dev',
  access: access.public(DEV_ONLY),
  query: ZDevOutboxPageQuery,
  response: z.string(),
  produces: 'text/html',
});

export const devOutboxMessageHtmlRoute = defineRoute({
  id: 'dev.outboxMessageHtml',
  method: 'GET',
  path: '/v2/api/dev/outbox/:messageId/html',
  summary: "One e-mail's HTML body, rendered in a sandbox without scripts (404 unless DEV_TOOLS is on).",
  tag: 'dev',
  access: access.public(DEV_ONLY),
  params: z.strictObject({ messageId: ZId }),
  response: z.string(),
  produces: 'text/html',
});

export const devRoutes = [devOutboxRoute, devOutboxPageRoute, devOutboxMessageHtmlRoute] as const;
