import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed URLs live minutes, long enough for a page to load its pictures, short enough not to be shared. */
export const DEFAULT_URL_TTL_SECONDS = 300;
export const MAX_URL_TTL_SECONDS = 3600;
/** Expiries are rounded up to this step (see sign). */
export const URL_EXPIRY_STEP_SECONDS = 60;
/** How many keys' last signatures a signer keeps (a few MB at most). */
const RECENT_SIGNATURES = 20_000;

/**
 * HMAC-SHA256 over key and expiry. The signing key is derived from the server secret with its own
 * label, so a file signature can never pass for a token signature or the other way round.
 */
export function createUrlSigner(secret: Uint8Array, now: () => number = Date.now) {
  const signingKey = createHmac('sha256', secret).update('servicebay:file-urls').digest();
  const hmac = (key: string, expires: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('base64url');
  // Expiries move by the minute, so a page listing a file again within the minute (150 results'
  // pictures, five URLs each, the same report opened again) needs no new HMAC: the last signature
  // of each key is kept with its expiry. Bounded: emptied when it holds too many keys.
  const recent = new Map<string, { expires: number; signature: string }>();
  const sign = (key: string, expires: number) => {
    const known = recent.get(key);
    if (known && known.expires === expires) return known.signature;
    const signature = hmac(key, expires);
    if (recent.size >= RECENT_SIGNATURES) recent.clear();
    recent.set(key, { expires, signature });
    return signature;
  };

  return {
    /** The expiry (unix seconds) and signature for a key. */
    sign(key: string, ttlSeconds = DEFAULT_URL_TTL_SECONDS) {
      const ttl = Math.min(Math.max(Math.floor(ttlSeconds), 1), MAX_URL_TTL_SECONDS);
      const at = Math.floor(now() / 1000);
      // Rounded up to the minute, so the same file listed twice within a minute has the same URL
      // and the browser's cache serves it; never past the longest life a URL may have.
      const rounded = Math.ceil((at + ttl) / URL_EXPIRY_STEP_SECONDS) * URL_EXPIRY_STEP_SECONDS;
      const expires = rounded <= at + MAX_URL_TTL_SECONDS ? rounded : at + ttl;
      return { expires, signature: sign(key, expires) };
    },
    verify(key: string, expires: string | number, signature: string): boolean {
      const at = typeof expires === 'number' ? expires : /^\d{1,12}$/.test(expires) ? Number(expires) : NaN;
      if (!Number.isSafeInteger(at) || at < Math.floor(now() / 1000)) return false;
      // A URL claiming to live longer than any we hand out was not made here.
      if (at > Math.floor(now() / 1000) + MAX_URL_TTL_SECONDS) return false;
      const expected = Buffer.from(hmac(key, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
