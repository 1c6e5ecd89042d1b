import { deliverAndRecord, type ProviderOutcome } from '../messages/delivery.js';
import type { MessageStatus } from '../messages/sent-messages.repository.js';
import { parseSmsMessage, type SmsDeps, type SmsProvider } from './sms.js';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A sending number in E.164, or a Messaging Service SID (MG...). */
  from: string;
  /** https://api.twilio.com, or a server speaking the same REST shape (tests, a proxy). */
  baseUrl: string;
  /** Where Twilio reports delivery; left out when the server has no address Twilio can reach. */
  statusCallbackUrl?: string | undefined;
  timeoutMs?: number;
}

/**
 * Twilio's message statuses (https://www.twilio.com/docs/messaging/api/message-resource) in ours.
 * Anything not final yet, or unknown, stays queued: the status webhook will have the last word.
 */
export function mapTwilioStatus(status: string | null | undefined): MessageStatus {
  switch (status) {
    case 'sent':
    case 'partially_delivered':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default: // accepted, scheduled, queued, sending
      return 'queued';
  }
}

interface TwilioMessage {
  sid?: string;
  status?: string;
  error_code?: number | null;
  error_message?: string | null;
}

interface TwilioError {
  code?: number;
  message?: string;
  status?: number;
}

function twilioError(code: number | null | undefined, message: string | undefined): string {
  return `Twilio${code ? ` ${code}` : ''}: ${message ?? 'error'}`;
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Sends texts through Twilio's Messages REST API with fetch: no SDK, nothing hidden. */
export function createTwilioSmsProvider(settings: TwilioSettings, deps: SmsDeps): SmsProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const timeoutMs = settings.timeoutMs ?? 15_000;

  async function post(to: string, text: string): Promise<ProviderOutcome> {
    const form = new URLSearchParams({ To: to, Body: text });
    if (settings.from.startsWith('MG')) form.set('MessagingServiceSid', settings.from);
    else form.set('From', settings.from);
    if (settings.statusCallbackUrl) form.set('StatusCallback', settings.statusCallbackUrl);

    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // fetch says only "fetch failed"; the cause (ECONNREFUSED, a time-out) is what an operator needs.
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      throw new Error(`Twilio unreachable: ${cause ?? (error as Error).message}`, { cause: error });
    }
    const body = await response.text();

    if (!response.ok) {
      const failure = parseJson<TwilioError>(body);
      const message = `${failure?.message ?? body.slice(0, 200)} (HTTP ${response.status})`;
      return { status: 'failed', providerMessageId: null, error: twilioError(failure?.code, message) };
    }
    const sent = parseJson<TwilioMessage>(body);
    if (!sent?.sid) {
      return {
        status: 'failed',
        providerMessageId: null,
        error: `Twilio answered ${response.status} without a message sid`,
      };
    }
    const status = mapTwilioStatus(sent.status);
    if (!sent.error_code && !sent.error_message) return { status, providerMessageId: sent.sid };
    return {
      status,
      providerMessageId: sent.sid,
      error: twilioError(sent.error_code, sent.error_message ?? sent.status),
    };
  }

  return {
    kind: 'twilio',
    async send(input) {
      const message = parseSmsMessage(input);
      return deliverAndRecord(
        deps,
        {
          channel: 'sms',
          provider: 'twilio',
          storeId: message.storeId ?? null,
          to: message.to,
          from: settings.from,
          subject: null,
          text: message.text,
          html: null,
        },
        () => post(message.to, message.text),
      );
    },
  };
}
