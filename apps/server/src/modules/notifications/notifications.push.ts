import webpush from 'web-push';
import type { Logger } from 'pino';
import { errors, ZPushPayload, type PushPayload, type PushSubscriptionRequest, type PushSubscriptionView } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { createNotificationsRepository, type PushSubscriptionRow } from './notifications.repository.js';

/** What one push to a user came to: devices reached, devices removed as gone, devices that failed. */
export interface PushOutcome {
  sent: number;
  gone: number;
  failed: number;
}

export interface PushSenderOptions {
  db: Db;
  vapid: { publicKey: string; privateKey: string; subject: string };
  logger: Pick<Logger, 'warn' | 'debug'>;
  /**
   * Whether plain-http endpoints may be stored (a local push service in development and tests);
   * false in production, where every push service speaks https.
   */
  allowHttpEndpoints: boolean;
  /** How long a push service may take to answer one request. */
  timeoutMs?: number;
  /** How long a push service keeps a push for a device that is offline, in seconds. */
  ttlSeconds?: number;
}

/** Push services answer these for a subscription that no longer exists: it is removed. */
const GONE = new Set([404, 410]);

/**
 * Web push (RFC 8030/8291/8292): a user's devices' subscriptions, and pushes to them signed with
 * the server's VAPID keys. The request is built and encrypted by `web-push` and sent with fetch,
 * so a local push service over http works in development and tests.
 */
export function createPushSender(options: PushSenderOptions) {
  const { db, vapid, logger } = options;
  const repo = createNotificationsRepository(db);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const ttlSeconds = options.ttlSeconds ?? 24 * 60 * 60;

  const present = (row: PushSubscriptionRow): PushSubscriptionView => ({
    _id: row.id,
    endpoint: row.endpoint,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  });

  async function deliver(subscription: PushSubscriptionRow, body: string): Promise<'sent' | 'gone' | 'failed'> {
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, body, {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      // Keys the encryption refuses: the subscription can never be pushed to.
      logger.warn({ err: error, subscriptionId: subscription.id }, 'push subscription unusable; removed');
      await repo.removeSubscriptionById(subscription.id);
      return 'gone';
    }
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return 'sent';
      if (GONE.has(response.status)) {
        await repo.removeSubscriptionById(subscription.id);
        return 'gone';
      }
      logger.warn({ status: response.status, subscriptionId: subscription.id }, 'push service refused a push');
      return 'failed';
    } catch (error) {
      logger.warn({ err: error, subscriptionId: subscription.id }, 'push service unreachable');
      return 'failed';
    }
  }

  return {
    /** The applicationServerKey browsers subscribe with. */
    publicKey: vapid.publicKey,

    /**
     * Stores a device's subscription for the user. The same endpoint again updates its keys (and
     * moves it to this user if another had it): one row per device, never two.
     */
    async subscribe(userId: string, request: PushSubscriptionRequest, now: Date = new Date()): Promise<PushSubscriptionView> {
      if (!options.allowHttpEndpoints && !request.endpoint.startsWith('https://')) {
        throw errors.invalid('endpoint must be an https URL');
      }
      const row = await repo.upsertSubscription({ userId, endpoint: request.endpoint, p256dh: request.keys.p256dh, auth: request.keys.auth, at: now });
      return present(row);
    },

    /**
     * Pushes `payload` to every device of the user; subscriptions the push service reports gone
     * (404, 410) are removed. Never throws for a device: a push is a nudge, the notification itself
     * is kept in the user's list. A payload without a title or a body is refused (TypeError).
     */
    async sendToUser(userId: string, payload: PushPayload): Promise<PushOutcome> {
      const checked = ZPushPayload.safeParse(payload);
      if (!checked.success) throw new TypeError(`Not a push payload: ${checked.error.message}`);
      const body = JSON.stringify(checked.data);
      const subscriptions = await repo.subscriptionsOf(userId);
      const results = await Promise.all(subscriptions.map((s) => deliver(s, body)));
      const outcome = { sent: 0, gone: 0, failed: 0 };
      for (const result of results) outcome[result]++;
      if (subscriptions.length) logger.debug({ userId, ...outcome }, 'push sent');
      return outcome;
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
