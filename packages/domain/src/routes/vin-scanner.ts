import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import { withAliases } from '../http/aliases.js';
import { ZId } from '../http/common.js';
import { STAFF_ROLES } from '../roles.js';
import { LANGUAGES, LANGUAGE_ERROR } from '../limits.js';
import { ZScannedVin, ZVinScanOrigin } from '../customers/vin-scan.js';

/** The callback token: 32 random bytes, base64url. */
export const ZVinScanToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a scan token' });

export const ZVinScanSessionRequest = z.strictObject({
  userId: ZId,
  from: ZVinScanOrigin,
  language: z.string().pipe(z.enum(LANGUAGES, { message: LANGUAGE_ERROR })),
});

export const ZVinScanSession = z.object({
  /** Open this in a new window: the scanner, with callbackUrl, returnUrl and language in its query. */
  scannerUrl: z.string(),
  /** Where the scanner POSTs `{ vin }`; carries the single-use token. Absolute (PUBLIC_URL). */
  callbackUrl: z.string(),
  /** Where the scanner sends the user afterwards: /app/as1-ui/vinScan?language=&userId=&from=. */
  returnUrl: z.string(),
  expiresAt: z.iso.datetime(),
});
export type VinScanSession = z.infer<typeof ZVinScanSession>;

export const createVinScanSessionRoute = defineRoute({
  id: 'vinScanner.createSession',
  method: 'POST',
  path: '/v1/api/vinscanner/session',
  summary:
    'Launches the VIN scanner for the caller (user id, origin and language are mandatory; userId must be the caller): a single-use callback URL valid 10 minutes, the return URL and the scanner URL to open in a new window.',
  tag: 'vin-scanner',
  carriesSecrets: true,
  access: access.signedIn(STAFF_ROLES),
  body: ZVinScanSessionRequest,
  response: ZVinScanSession,
  status: 201,
});

export const vinScanCallbackRoute = defineRoute({
  id: 'vinScanner.callback',
  method: 'POST',
  path: '/v1/api/vinscanner/callback/:token',
  summary:
    "The scanner hands over the VIN it read (VIN, vinNumber accepted). The token is single-use and expires; a VIN that is not plausible is CANNOT_SCAN_INVALID_VIN and leaves the token usable. Answers the return URL to send the user to.",
  tag: 'vin-scanner',
  carriesSecrets: true,
  access: access.public(
    'called by the external VIN scanner, which holds no session of ours: the unguessable single-use token in the path, issued to the signed-in user, is the credential (rate-limited per address)',
  ),
  params: z.strictObject({ token: ZVinScanToken }),
  body: withAliases(z.strictObject({ vin: ZScannedVin }), { VIN: 'vin', vinNumber: 'vin' }),
  response: z.object({ returnUrl: z.string() }),
});

export const scannedVinRoute = defineRoute({
  id: 'vinScanner.scanned',
  method: 'GET',
  path: '/v1/api/vinscanner/scanned/',
  summary:
    "The VIN last scanned for the caller from that origin, read once (404 until one arrives; the return page polls). userId must be the caller, else 404.",
  tag: 'vin-scanner',
  access: access.signedIn(STAFF_ROLES),
  query: z.object({ userId: ZId, from: ZVinScanOrigin }),
  response: z.object({ vin: z.string() }),
});

export const vinScannerRoutes = [createVinScanSessionRoute, vinScanCallbackRoute, scannedVinRoute] as const;
