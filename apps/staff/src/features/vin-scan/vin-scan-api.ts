import { createVinScanSessionRoute, type Language, type VinScanOrigin } from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';

/** Starts a scan session for the user: the answer names the scanner page to open. */
export function createVinScanSession(api: ApiClient, body: { userId: string; from: VinScanOrigin; language: Language }) {
  return api.call(createVinScanSessionRoute, { body });
}
