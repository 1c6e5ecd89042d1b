import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  errors,
  VIN_SCAN_PATHS,
  VIN_SCAN_RESULT_TTL_MS,
  VIN_SCAN_SESSION_TTL_MS,
  type Language,
  type VinScanOrigin,
  type VinScanSession,
} from '@servicebay/domain';
import type { VinScannerRepository } from './vin-scanner.repository.js';

export interface VinScannerSettings {
  /** The server's public address (PUBLIC_URL): the callback and return URLs handed to the scanner are absolute. */
  publicUrl: string;
  /** The external scanner (VIN_SCANNER_URL); null: the local scanner page of the staff app. */
  scannerUrl: string | null;
  now?: () => Date;
}

/** A user may have this many scans waiting for their VIN at once; beyond, 429. */
export const MAX_PENDING_SCANS = 20;
/** Expired scans are kept this long (to look at during an incident), then pruned. */
const KEEP_EXPIRED_MS = 60 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `base?a=b` with more query parameters, for absolute and root-relative URLs alike. */
export function withQuery(base: string, query: Record<string, string>): string {
  const params = new URLSearchParams(query).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${params}`;
}

export function createVinScannerService(repo: VinScannerRepository, settings: VinScannerSettings) {
  const now = settings.now ?? (() => new Date());
  const origin = settings.publicUrl.replace(/\/+$/, '');

  const returnUrl = (scan: { userId: string; origin: string; language: string }) =>
    withQuery(`${origin}${VIN_SCAN_PATHS.returnPage}`, { language: scan.language, userId: scan.userId, from: scan.origin });

  return {
    /**
     * Launches a scan for the caller (user id, origin and language are required). The token goes out
     * once, in the callback URL; only its hash is kept.
     */
    async createSession(
      callerId: string,
      input: { userId: string; from: VinScanOrigin; language: Language },
    ): Promise<VinScanSession> {
      if (input.userId !== callerId) throw errors.notFound('No such user');
      const at = now();
      if ((await repo.pendingCount(callerId, at)) >= MAX_PENDING_SCANS) {
        throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many VIN scans waiting; finish or wait for one to expire');
      }
      await repo.pruneExpired(new Date(at.getTime() - KEEP_EXPIRED_MS));
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + VIN_SCAN_SESSION_TTL_MS);
      const scan = await repo.insert({ userId: callerId, origin: input.from, language: input.language, tokenHash: hashToken(token), expiresAt });
      const callbackUrl = `${origin}/v1/api/vinscanner/callback/${token}`;
      const back = returnUrl(scan);
      return {
        scannerUrl: withQuery(settings.scannerUrl ?? VIN_SCAN_PATHS.localScanner, { callbackUrl, returnUrl: back, language: input.language }),
        callbackUrl,
        returnUrl: back,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The scanner's callback: records the VIN once; an unknown, used or expired token is 404. */
    async receiveVin(token: string, vin: string): Promise<{ returnUrl: string }> {
      const at = now();
      const scan = await repo.recordVin(hashToken(token), vin, at, new Date(at.getTime() + VIN_SCAN_RESULT_TTL_MS));
      if (!scan) throw errors.notFound('This scan link is unknown, was already used or has expired');
      return { returnUrl: returnUrl(scan) };
    },

    /** The return page's poll: the caller's newest scanned VIN from that origin, read once. */
    async takeScannedVin(callerId: string, query: { userId: string; from: VinScanOrigin }): Promise<{ vin: string }> {
      if (query.userId !== callerId) throw errors.notFound('No such user');
      const vin = await repo.consumeScanned(callerId, query.from, now());
      if (!vin) throw errors.notFound('No VIN scanned yet');
      return { vin };
    },
  };
}

export type VinScannerService = ReturnType<typeof createVinScannerService>;
