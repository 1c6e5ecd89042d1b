import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
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
      const payload = verifyHs256(token, key);
      if (!payload || typeof payload.id !== 'string' || !isRole(payload.type)) return null;
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
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeJson(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Why a token was refused: its expiry passed (and all else held), or anything else. */
export type Hs256Check = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * A compact HS256 JWS signed with `key` by `issuer`, checked synchronously with node:crypto's HMAC:
 * jose goes through WebCrypto, whose every verify is an asynchronous job on the thread pool, the
 * largest part of a signed-in request's own cost (docs/benchmarks.md, issue 27). The rules of jose's
 * jwtVerify with `{ issuer, algorithms: ['HS256'] }`, in its order (signature, issuer, not-before,
 * expiry), stricter on two: the expiry is required, and a header with `crit` or `b64` (extensions
 * this server never writes) is refused.
 */
export function checkHs256(token: string, key: KeyObject, issuer: string, nowSeconds = Math.floor(Date.now() / 1000)): Hs256Check {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const first = token.indexOf('.');
  const second = first < 0 ? -1 : token.indexOf('.', first + 1);
  if (first <= 0 || second < 0 || token.indexOf('.', second + 1) >= 0) return invalid;
  const header = decodeJson(token.slice(0, first));
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return invalid;
  const signature = token.slice(second + 1);
  if (!BASE64URL.test(signature)) return invalid;
  const given = Buffer.from(signature, 'base64url');
  const expected = createHmac('sha256', key).update(token.slice(0, second)).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  const claims = decodeJson(token.slice(first + 1, second));
  if (!claims || claims.iss !== issuer) return invalid;
  const { exp, nbf, iat } = claims;
  if (iat !== undefined && typeof iat !== 'number') return invalid;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return invalid;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return invalid;
  if (exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** The claims of a valid access token of this server (checkHs256), or null. */
export function verifyHs256(token: string, key: KeyObject, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, unknown> | null {
  const check = checkHs256(token, key, ISSUER, nowSeconds);
  return check.ok ? check.claims : null;
}
