import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { isRole } from '@servicebay/domain';
import type { Principal } from './principal.js';

const ISSUER = 'servicebay';

export interface TokenService {
  signAccess(principal: Principal): Promise<string>;
  /** The caller behind a token, or null when it is missing, forged, expired or malformed. */
  verifyAccess(token: string): Promise<Principal | null>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  // A key object made once: given raw bytes, jose imports the key again on every sign and verify,
  // which was most of the cost of checking a token (bench/RESULTS.md, signed-in-route-pg).
  const key = createSecretKey(secret);
  return {
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
