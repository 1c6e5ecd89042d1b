import { createVinScanSessionRoute, type Language, type VinScanOrigin } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** Starts a scan session for the user: the answer names the scanner page to open. */
export function createVinScanSession(api: ApiClient, body: { userId: string; from: VinScanOrigin; language: Language }) {
  return api.call(createVinScanSessionRoute, { body });
}

/**
 * Hands the VIN to the scan session's callback, as an external scanner does. The callback's path
 * comes from the scanner link (its token is the credential), so it is no route of the table.
 */
export function sendScannedVin(api: ApiClient, callbackPath: string, vin: string) {
  return api.request({ method: 'POST', path: callbackPath, body: { vin } });
}
