import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { checkHs256 } from '../../platform/auth/tokens.js';

/**
 * Chat tokens: a JWT (HS256) under a key of its own, derived from the server secret, so a chat
 * token never passes for an access token nor the reverse. It names the user (sub) and the store's
 * chat workspace (ws); nothing is stored, the signature is the proof. A token is valid only if its
 * identity equals the caller's id and its workspace equals the store's workspace of today.
 */
export type ChatTokenCheck =
  | { ok: true }
  | { ok: false; reason: 'expired' | 'invalid' };

export interface ChatTokenSigner {
  sign(identity: string, workspaceId: string, now?: Date): Promise<{ token: string; expiresAt: Date }>;
  verify(token: string | undefined, identity: string, workspaceId: string, now?: Date): Promise<ChatTokenCheck>;
}

const ISSUER = 'servicebay-internal-chat';

export function createChatTokenSigner(secret: Uint8Array, ttlSeconds: number): ChatTokenSigner {
  const key = createSecretKey(createHmac('sha256', secret).update('servicebay internal chat token v1').digest());
  return {
    async sign(identity, workspaceId, now = new Date()) {
      const issued = Math.floor(now.getTime() / 1000);
      const expires = issued + ttlSeconds;
      const token = await new SignJWT({ ws: workspaceId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(identity)
        .setIssuer(ISSUER)
        .setIssuedAt(issued)
        .setExpirationTime(expires)
        .sign(key);
      return { token, expiresAt: new Date(expires * 1000) };
    },
    async verify(token, identity, workspaceId, now = new Date()) {
      if (!token || token.length > 2000) return { ok: false, reason: 'invalid' };
      // node:crypto's HMAC, synchronously, as for access tokens (platform/auth/tokens.ts).
      const check = checkHs256(token, key, ISSUER, Math.floor(now.getTime() / 1000));
      if (!check.ok) return check;
      if (check.claims.sub !== identity || check.claims.ws !== workspaceId) return { ok: false, reason: 'invalid' };
      return { ok: true };
    },
  };
}
