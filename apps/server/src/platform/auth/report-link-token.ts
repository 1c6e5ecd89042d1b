import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Report link tokens (docs/reports.md): `<linkId>.<signature>`, the signature an HMAC-SHA256 of
 * the link and its order under a key derived from the server secret. The signature proves the
 * server made the link for that order; the link's row says whether the shop has revoked it.
 * No expiry: a customer may open a report months later, unless the shop revoked the link.
 */
export interface ReportLinkSigner {
  sign(linkId: string, inspectionOrderId: string): string;
  /** The link id of a token made for this order; null when it is malformed, forged or for another order. */
  verify(token: string, inspectionOrderId: string): string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createReportLinkSigner(secret: Uint8Array): ReportLinkSigner {
  // A key of its own, so a report link can never pass for an access token or the reverse.
  const key = createHmac('sha256', secret).update('servicebay report link v1').digest();
  const mac = (linkId: string, orderId: string) => createHmac('sha256', key).update(`${linkId}:${orderId}`).digest();
  return {
    sign: (linkId, orderId) => `${linkId}.${mac(linkId, orderId).toString('base64url')}`,
    verify(token, orderId) {
      if (token.length > 200) return null;
      const dot = token.indexOf('.');
      const linkId = token.slice(0, dot).toLowerCase();
      if (dot < 0 || !UUID.test(linkId)) return null;
      // Compared as text: base64 decoding ignores the last character's spare bits, so a changed
      // character could decode to the same bytes and a token would have several spellings.
      const given = Buffer.from(token.slice(dot + 1));
      const wanted = Buffer.from(mac(linkId, orderId.toLowerCase()).toString('base64url'));
      return given.length === wanted.length && timingSafeEqual(given, wanted) ? linkId : null;
    },
  };
}
