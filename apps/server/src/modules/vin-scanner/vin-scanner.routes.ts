import { AppError, createVinScanSessionRoute, scannedVinRoute, vinScanCallbackRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Config } from '../../platform/config.js';
import { createLimiter } from '../identity/index.js';
import type { VinScannerService, VinScannerSettings } from './vin-scanner.service.js';

/** Callbacks per client address and minute; a person scans a few VINs a minute at most. */
const CALLBACKS_PER_ADDRESS_PER_MINUTE = 30;

/**
 * VIN_SCANNER_URL: the external scanner to open (it receives callbackUrl, returnUrl and language
 * in its query). Unset: the local scanner page of the staff app plays its part.
 */
export function vinScannerSettings(config: Pick<Config, 'publicUrl'>, env: Record<string, string | undefined> = process.env): VinScannerSettings {
  return { publicUrl: config.publicUrl, scannerUrl: env.VIN_SCANNER_URL?.trim() || null };
}

export function vinScannerRoutes(service: VinScannerService) {
  const callbacks = createLimiter({ limit: CALLBACKS_PER_ADDRESS_PER_MINUTE, windowMs: 60_000 });
  return [
    implement(createVinScanSessionRoute, ({ principal, body }) => service.createSession(principal.id, body)),
    implement(vinScanCallbackRoute, ({ params, body, request }) => {
      if (!callbacks.hit(request.ip)) throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many VIN scans from this address; wait a minute');
      return service.receiveVin(params.token, body.vin);
    }),
    implement(scannedVinRoute, ({ principal, query }) => service.takeScannedVin(principal.id, query)),
  ];
}
