import { z } from 'zod';
import { ZDecodedToken } from '@servicebay/domain';

/**
 * The access token's claims: the decoded login token (id, type, storeId, username, customerId,
 * isUserOfInactiveStore), plus the account and partner the server adds for tenancy, and the JWT
 * times.
 */
export const ZSessionClaims = ZDecodedToken.extend({
  accountId: z.string().nullable().default(null),
  partnerId: z.string().nullable().default(null),
  /** Seconds since the epoch, by the server's clock. */
  exp: z.number(),
  iat: z.number().optional(),
});
export type SessionClaims = z.infer<typeof ZSessionClaims>;

function base64UrlToText(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * Reads a JWT's claims without checking its signature: the client cannot, and need not, since
 * the server checks every request. Null for anything that is not a token of ours.
 */
export function decodeAccessToken(token: string): SessionClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = ZSessionClaims.safeParse(JSON.parse(base64UrlToText(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
