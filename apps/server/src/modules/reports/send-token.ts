import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The report dialog's send token (its hidden token field; docs/reports.md): made when the
 * dialog opens, bound to the order and the worker, valid for a few hours. Its key marks the
 * deliveries it made, so each recipient is sent at most once per token. Stateless: an HMAC of
 * `<orderId>.<userId>.<key>.<expires>` under a key derived from the server secret.
 */
export interface SendTokenSigner {
  issue(inspectionOrderId: string, userId: string, now?: Date): { token: string; expiresAt: Date };
  /** The token's key when it is genuine, unexpired and for this order and user; else why not. */
  verify(
    token: string,
    inspectionOrderId: string,
    userId: string,
    now?: Date,
  ): { ok: true; key: string } | { ok: false; reason: string };
}

export function createSendTokenSigner(secret: Uint8Array, hours: number): SendTokenSigner {
  // A key of its own, so a send token can never pass for a report link or an access token.
  const key = createHmac('sha256', secret).update('servicebay report send token v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(orderId, userId, now = new Date()) {
      const expiresAt = new Date(now.getTime() + hours * 3_600_000);
      const body = `${orderId.toLowerCase()}.${userId.toLowerCase()}.${randomUUID()}.${expiresAt.getTime()}`;
      return { token: `${body}.${mac(body)}`, expiresAt };
    },
    verify(token, orderId, userId, now = new Date()) {
      const parts = token.split('.');
      if (parts.length !== 5) return { ok: false, reason: 'token: malformed' };
      const [order, user, nonce, expires, signature] = parts as [string, string, string, string, string];
      const body = `${order}.${user}.${nonce}.${expires}`;
      const given = Buffer.from(signature);
      const wanted = Buffer.from(mac(body));
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
        return { ok: false, reason: 'token: not a send token of this server' };
      if (order !== orderId.toLowerCase()) return { ok: false, reason: 'token: made for another order' };
      if (user !== userId.toLowerCase()) return { ok: false, reason: 'token: made for another user' };
      if (Number(expires) < now.getTime())
        return { ok: false, reason: 'token: expired; open the report dialog again' };
      return { ok: true, key: nonce };
    },
  };
}
