import type { Config } from '../config.js';
import { createLocalSmsProvider } from './local.sms.js';
import type { SmsDeps, SmsProvider } from './sms.js';
import { createTwilioSmsProvider } from './twilio.sms.js';

export type { SmsMessage, SmsProvider } from './sms.js';
export { normalizePhone } from './phone.js';
export { mapTwilioStatus } from './twilio.sms.js';

/** The path Twilio posts delivery reports to; the messaging feature mounts it, signed. */
export const TWILIO_STATUS_PATH = '/v2/webhooks/twilio/status';
/** The path Twilio posts customers' texts to (the number's "A message comes in" webhook). */
export const TWILIO_INBOUND_PATH = '/v2/webhooks/twilio/inbound';
export { LOCAL_SMS_FROM } from './local.sms.js';
export { parseForm, twilioSignature, verifyTwilioSignature, type FormParams } from './twilio-signature.js';

/**
 * Twilio cannot reach a loopback address, and a callback it cannot deliver only fills the
 * account's error log, so the default http://localhost:PORT sends none.
 */
export function statusCallbackFor(publicUrl: string): string | undefined {
  let host: string;
  try {
    host = new URL(publicUrl).hostname;
  } catch {
    return undefined;
  }
  const loopback =
    host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
  return loopback ? undefined : `${publicUrl.replace(/\/+$/, '')}${TWILIO_STATUS_PATH}`;
}

/** Twilio when its credentials are set; otherwise the local outbox, which stores every text. */
export function createSmsProvider(config: Pick<Config, 'twilio' | 'publicUrl'>, deps: SmsDeps): SmsProvider {
  if (!config.twilio) return createLocalSmsProvider(deps);
  return createTwilioSmsProvider(
    { ...config.twilio, statusCallbackUrl: statusCallbackFor(config.publicUrl) },
    deps,
  );
}
