import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { isRole } from '@servicebay/domain';
import type { Principal } from './principal.js';

const ISSUER = 'servicebay';

export interface TokenService {
  signAccess(principal: Principal): Promise<string>;
  /** The caller behind a token, or null when it is missing, forged, expired, malformed or cut off. */
  verifyAccess(token: string): Promise<Principal | null>;
  /**
   * Cuts a user off at once (a deactivated worker, docs/administration.md): access tokens issued
   * until now are refused by this process for as long as they could live. In memory: other server
   * processes refuse the user at its next token renewal (the refresh tokens are revoked).
   */
  revokeUser(userId: string): void;
  /** Lets a reactivated user's new tokens through again. */
  restoreUser(userId: string): void;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  // A key object made once: given raw bytes, jose imports the key again on every sign and verify,
  // which was most of the cost of checking a token (bench/RESULTS.md, signed-in-route-pg).
  const key = createSecretKey(secret);
  // userId -> second (JWT iat resolution) at which the user was cut off; entries outlive no token.
  const cutOff = new Map<string, { at: number; until: number }>();
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const isCutOff = (userId: string, issuedAt: number | undefined) => {
    const entry = cutOff.get(userId);
    if (!entry) return false;
    if (entry.until < nowSeconds()) {
      cutOff.delete(userId);
      return false;
    }
    return issuedAt === undefined || issuedAt <= entry.at;
  };
  return {
    revokeUser(userId) {
      const at = nowSeconds();
      // Drop expired entries now and then so the map never grows with old deactivations.
      if (cutOff.size > 1000) for (const [id, e] of cutOff) if (e.until < at) cutOff.delete(id);
      cutOff.set(userId, { at, until: at + ttlSeconds + 1 });
    },
    restoreUser(userId) {
      cutOff.delete(userId);
    },
    async signAccess(p) {
      return new SignJWT({
        id: p.id,
        type: p.type,
        username: p.username,
        storeId: p.storeId,
        accountId: p.accountId,
        partnerId: p.partnerId,
        customerId: p.customerId,
        isUserOfInactiveStore: p.isUserOfInactiveStore,
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
        if (cutOff.size > 0 && isCutOff(payload.id, payload.iat)) return null;
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
