import { createHmac, randomBytes } from 'node:crypto';
import { AppError, devOutboxReplyRoute, errors, twilioInboundRoute, twilioStatusRoute } from '@servicebay/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.js';
import { implement } from '../../platform/http/registrar.js';
import { TWILIO_INBOUND_PATH, twilioSignature, verifyTwilioSignature, type FormParams } from '../../platform/sms/index.js';
import type { MessagingService } from './messaging.service.js';

/** Twilio reads the answer as TwiML; an empty one sends nothing back (answers go through the API). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

type WebhookConfig = Pick<Config, 'twilio' | 'production' | 'publicUrl' | 'jwtSecret'>;

/**
 * The key webhooks are signed with: Twilio's auth token, or, for the local gateway, a key derived
 * from the server secret for this use only. In production without Twilio there is none: every
 * webhook call is refused.
 */
export function webhookSigningKey(config: WebhookConfig): string | null {
  if (config.twilio) return config.twilio.authToken;
  if (config.production) return null;
  return createHmac('sha256', config.jwtSecret).update('servicebay local sms gateway').digest('base64url');
}

/** The URL Twilio signed: the public address plus the path and query it called. */
const signedUrl = (config: WebhookConfig, request: FastifyRequest) => `${config.publicUrl.replace(/\/+$/, '')}${request.url}`;

/** A form post's fields; anything else (JSON, nothing) has none, so its signature cannot match. */
function formOf(body: unknown): FormParams {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const entries = Object.entries(body as Record<string, unknown>);
  const valid = entries.every(([, v]) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')));
  return valid ? (body as FormParams) : {};
}

/** Checks the signature before anything is read: a forged call gets 403 and changes nothing. */
function verified(config: WebhookConfig, request: FastifyRequest): FormParams {
  const key = webhookSigningKey(config);
  const params = formOf(request.body);
  if (!key || !verifyTwilioSignature(key, signedUrl(config, request), params, request.headers['x-twilio-signature'])) {
    throw errors.forbidden('The request is not signed by Twilio');
  }
  return params;
}

const twiml = (reply: FastifyReply) => reply.code(200).type('text/xml; charset=utf-8').send(EMPTY_TWIML);

/** Twilio's two webhooks, incoming texts and delivery reports, both signed. */
export function twilioWebhookRoutes(messaging: MessagingService, config: WebhookConfig) {
  return [
    implement(twilioInboundRoute, async ({ request, reply }) => {
      await messaging.receive(verified(config, request));
      return twiml(reply);
    }),
    implement(twilioStatusRoute, async ({ request, reply }) => {
      await messaging.statusCallback(verified(config, request));
      return twiml(reply);
    }),
  ];
}

/**
 * The development outbox's "answer as the customer": the local gateway signs the answer as Twilio
 * would and posts it to the inbound webhook, which checks it like any other (mounted with DEV_TOOLS).
 */
export function devOutboxReplyRoutes(
  messaging: MessagingService,
  outbox: { message(id: string): Promise<{ channel: string; to: string; from: string; storeId: string | null } | null> },
  config: WebhookConfig,
) {
  return [
    implement(devOutboxReplyRoute, async ({ params, body, request }) => {
      const key = webhookSigningKey(config);
      if (messaging.smsKind !== 'local' || !key) throw errors.notFound('Only the local gateway takes answers from the outbox');
      const sent = await outbox.message(params.messageId);
      if (!sent || sent.channel !== 'sms') throw errors.notFound('No such text in the outbox');
      if (body.text.trim().length === 0) throw errors.invalid('text: must not be empty');
      const form: Record<string, string> = {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: `AC${'0'.repeat(32)}`,
        From: sent.to,
        To: sent.from,
        Body: body.text,
        NumMedia: '0',
        SmsStatus: 'received',
        ApiVersion: '2010-04-01',
      };
      const url = `${config.publicUrl.replace(/\/+$/, '')}${TWILIO_INBOUND_PATH}`;
      const res = await request.server.inject({
        method: 'POST',
        url: TWILIO_INBOUND_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(key, url, form) },
        payload: new URLSearchParams(form).toString(),
      });
      if (res.statusCode !== 200) throw new AppError(502, 'SERVICE_UNAVAILABLE', 'The inbound webhook refused the answer');
      // Where the webhook put the answer: its text, by the MessageSid made here (no second number lookup).
      const customerId = sent.storeId ? await messaging.customerOfText(sent.storeId, form.MessageSid!) : null;
      return { customerId };
    }),
  ];
}
