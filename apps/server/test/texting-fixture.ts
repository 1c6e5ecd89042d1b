import { eq } from 'drizzle-orm';
import { hourIn, ZStoreSettings } from '@servicebay/domain';
import type { TestApp } from './app.js';
import { stores } from '../src/platform/db/schema/tenancy.js';
import { twilioSignature } from '../src/platform/sms/index.js';
import { webhookSigningKey } from '../src/modules/messaging/webhooks.routes.js';

/**
 * What the texting integration tests share (messaging.int.test.ts, webhooks.int.test.ts): stores
 * in a zone where it is now day or night (texts wait during quiet hours), JSON calls, and Twilio's
 * signed form posts.
 */

const ZONES = ['America/Toronto', 'America/Vancouver', 'Europe/Paris', 'Asia/Tokyo', 'Pacific/Auckland', 'Asia/Kolkata', 'America/Sao_Paulo'];
const zoneWhere = (ok: (hour: number) => boolean) => ZONES.find((z) => ok(hourIn(new Date(), z)))!;
/** A zone where it is now the middle of the day: texts go at once. */
export const dayZone = () => zoneWhere((h) => h >= 9 && h <= 19);
/** A zone where it is now the middle of the night: texts wait for 08:00. */
export const nightZone = () => zoneWhere((h) => h >= 22 || h <= 6);

/** A store of the app in `zone`, with a phone number (the HELP answer gives it). */
export async function storeIn(app: TestApp, zone: string = dayZone()) {
  const store = await app.make.store({ name: `Shop ${zone}` });
  await app.platform.database.db
    .update(stores)
    .set({ settings: ZStoreSettings.parse({ timeZone: zone }), phoneNo: '(514) 555-0100' })
    .where(eq(stores.id, store.id));
  return store;
}

/** A call with a JSON body (or none). */
export const injectJson = (app: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  app.app.inject({
    method,
    url,
    headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

/** The advisor's text to a customer. */
export const sendText = (app: TestApp, headers: Record<string, string>, customerId: string, payload: object) =>
  injectJson(app, 'POST', `/messaging/v1/customer/${customerId}/text-message`, headers, payload);

/**
 * A form posted to a webhook as Twilio does, signed for the app's public URL with `key` (the app's
 * own webhook key by default), or with the `signature` given ('' for none).
 */
export function postSignedForm(app: TestApp, path: string, form: Record<string, string>, options: { key?: string; signature?: string } = {}) {
  const key = options.key ?? webhookSigningKey(app.platform.config) ?? '';
  const url = `${app.platform.config.publicUrl.replace(/\/+$/, '')}${path}`;
  const signature = options.signature ?? twilioSignature(key, url, form);
  return app.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === '' ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(form).toString(),
  });
}
