import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form post as Twilio sends it: each field once, or several times (kept in order). */
export type FormParams = Record<string, string | string[]>;

/**
 * Twilio's X-Twilio-Signature (https://www.twilio.com/docs/usage/security): the full URL Twilio
 * called (scheme, host, path and query), then each POST field name followed by its value, names in
 * sorted order (a repeated name once per value, values sorted), HMAC-SHA1 keyed with the account's
 * auth token, in base64.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    for (const one of Array.isArray(value) ? [...value].sort() : [value]) data += name + one;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether the header is the signature of this request; a missing or malformed one never is. */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: FormParams,
  signature: string | string[] | undefined,
): boolean {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 200) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A form body as a FormParams: a field sent once is a string, several times an array. */
export function parseForm(body: string): FormParams {
  const params: FormParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = params[name];
    params[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}
