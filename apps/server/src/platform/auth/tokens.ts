import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { isRole } from '@servicebay/domain';
import type { Principal } from './principal.js';
import { createTokenCutOffCache, type TokenCutOffs } from './token-cutoffs.js';

const ISSUER = 'servicebay';

export interface TokenService {
  /**
   * An access token for the caller. `tokenVersion` is the user's token version as read with the
   * user (users.token_version): the token is refused once the user's sign-ins are cut off.
   */
  signAccess(principal: Principal, tokenVersion?: number): Promise<string>;
  /** The caller behind a token, or null when it is missing, forged, expired, malformed or cut off. */
  verifyAccess(token: string): Promise<Principal | null>;
  /**
   * Refuses at once, in this process, the user's access tokens older than `version`: called after
   * the change that cut the user off committed (cutOffTokens). Other processes learn it from the
   * database (token-cutoffs.ts).
   */
  cutOff(userId: string, version: number): void;
  /** Tells `listener` of every user cut off from now on, in this process or another (TokenCutOffs.onCutOff). */
  onCutOff(listener: (userId: string) => void): () => void;
}

export function createTokenService(
  secret: Uint8Array,
  ttlSeconds: number,
  cutOffs: TokenCutOffs = createTokenCutOffCache({ ttlSeconds }),
): TokenService {
  // A key object made once: given raw bytes, jose imports the key again on every sign and verify,
  // which was most of the cost of checking a token (bench/RESULTS.md, signed-in-route-pg).
  const key = createSecretKey(secret);
  return {
    cutOff(userId, version) {
      cutOffs.learn(userId, version);
    },
    onCutOff: (listener) => cutOffs.onCutOff(listener),
    async signAccess(p, tokenVersion = 0) {
      return new SignJWT({
        id: p.id,
        type: p.type,
        username: p.username,
        storeId: p.storeId,
        accountId: p.accountId,
        partnerId: p.partnerId,
        customerId: p.customerId,
        isUserOfInactiveStore: p.isUserOfInactiveStore,
        ver: tokenVersion,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(p.id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.id !== 'string' || !isRole(payload.type)) return null;
        // A map lookup, no query: what was cut off is known to this process already.
        const version = typeof payload.ver === 'number' ? payload.ver : 0;
        if (version < cutOffs.minVersion(payload.id)) return null;
        const str = (v: unknown) => (typeof v === 'string' ? v : null);
        return {
          id: payload.id,
          type: payload.type,
          username: str(payload.username) ?? '',
          storeId: str(payload.storeId),
          accountId: str(payload.accountId),
          partnerId: str(payload.partnerId),
          customerId: str(payload.customerId),
          isUserOfInactiveStore: payload.isUserOfInactiveStore === true,
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
