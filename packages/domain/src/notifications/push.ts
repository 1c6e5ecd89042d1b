import { z } from 'zod';
import { ZId } from '../http/common.js';

/**
 * Web push (docs/notifications.md "Web push"): a browser's subscription as PushSubscription.toJSON()
 * gives it, the server's VAPID public key, and what a push carries to the staff app's service worker.
 */

/** base64url without padding, as browsers write subscription keys. */
const base64url = /^[A-Za-z0-9_-]+$/;

/**
 * An absolute http(s) URL: a host name (or [IPv6]), an optional port, a path of printable ASCII
 * (push services' endpoints are; no space, NUL or other control); no user or password.
 */
const PUSH_ENDPOINT = /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?\/[!-~]*$/;

/** The endpoint the push service gave the browser: an absolute http(s) URL. */
export const ZPushEndpoint = z
  .string()
  .max(2048, { message: 'must be at most 2048 characters' })
  .regex(PUSH_ENDPOINT, { message: 'must be an http(s) URL' });

export const ZPushSubscriptionRequest = z.strictObject({
  endpoint: ZPushEndpoint,
  /** Browsers send null when the subscription does not expire. */
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed: 65 bytes starting with 0x04 (87 characters, the first 'B'). */
    p256dh: z
      .string()
      .regex(base64url, { message: 'must be base64url' })
      .refine((v) => v.length === 87 && v.startsWith('B'), { message: 'must be an uncompressed P-256 public key' }),
    /** The 16-byte authentication secret (22 characters). */
    auth: z
      .string()
      .regex(base64url, { message: 'must be base64url' })
      .refine((v) => v.length === 22, { message: 'must be 16 bytes' }),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

export const ZPushSubscription = z.object({
  _id: ZId,
  endpoint: z.string(),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
});
export type PushSubscriptionView = z.infer<typeof ZPushSubscription>;

export const ZPushPublicKey = z.object({
  /** The VAPID public key (base64url), the applicationServerKey of pushManager.subscribe. */
  publicKey: z.string(),
});

/** The longest title and body a push carries (push services take about 4 KB in all). */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 400;

/**
 * What a push carries. It needs a title or a body; `ignore` (true or false) marks a push the
 * service worker must not show (a silent nudge); `url` is the staff app's page a click opens;
 * `tag` folds pushes about the same thing into one notification.
 */
export const ZPushPayload = z
  .strictObject({
    title: z.string().trim().max(PUSH_TITLE_MAX).optional(),
    body: z.string().trim().max(PUSH_BODY_MAX).optional(),
    ignore: z.boolean(),
    url: z
      .string()
      .max(500)
      .regex(/^\/app\//, { message: 'must be a page of the staff app' })
      .optional(),
    tag: z.string().max(200).optional(),
  })
  .refine((p) => Boolean(p.title) || Boolean(p.body), { message: 'a push needs a title or a body' });
export type PushPayload = z.infer<typeof ZPushPayload>;

/** Prefix of a push's title about a repair order: 'RO#' and the order's number. */
export function orderTitlePrefix(orderNumber: string | number | null | undefined): string | null {
  return orderNumber === null || orderNumber === undefined || orderNumber === '' ? null : `RO#${orderNumber}`;
}
