import { z } from 'zod';
import { topics, type Topic } from '../realtime/topics.js';
import { refuseUnusableCharacters } from '../text/unusable-characters.js';
import { isPlausibleVin, VIN_LENGTH } from './vin.js';

/**
 * The scanned-VIN flow: the staff app opens a scanner in a new window; the scanner hands the VIN
 * to the server through a single-use callback URL and sends the user to the return page, which
 * polls for the VIN and publishes it on the user's realtime topic, where the vehicle details or the
 * dashboard receive it. See docs/vin-scanner.md.
 */

/** Where the scan was started: the vehicle details form or the dashboard search. */
export const VIN_SCAN_ORIGINS = ['vehicleDetails', 'dashboard'] as const;
// A string first, so a missing value reads "from is mandatory" like every other field.
export const ZVinScanOrigin = z.string().pipe(z.enum(VIN_SCAN_ORIGINS, { message: 'must be vehicleDetails or dashboard' }));
export type VinScanOrigin = z.infer<typeof ZVinScanOrigin>;

/** On failure the return page polls again every 3 s while polls are under 5, then rejects. */
export const VIN_SCAN_POLL = { intervalMs: 3000, maxPolls: 5 } as const;

/** How long a launched scan waits for its VIN, and how long a scanned VIN waits to be read. */
export const VIN_SCAN_SESSION_TTL_MS = 10 * 60_000;
export const VIN_SCAN_RESULT_TTL_MS = 5 * 60_000;

/** Staff app pages of the flow (full paths, under /app). */
export const VIN_SCAN_PATHS = {
  /** The external scanner's return page. */
  returnPage: '/app/as1-ui/vinScan',
  /** The local scanner that plays the external scanner's part when none is configured. */
  localScanner: '/app/vin-scanner',
} as const;

/** The realtime topic a scanned VIN is published on: the user's, by the page it was asked from. */
export function vinScanTopic(userId: string, from: VinScanOrigin): Topic {
  const user = topics.user(userId);
  return from === 'dashboard' ? user.vinScannedFromDashboard : user.vinScannedFromVehicleDetails;
}

/** What the return page publishes on that topic. */
export const ZVinScannedEvent = z.object({ vin: z.string().trim().length(VIN_LENGTH) });
export type VinScannedEvent = z.infer<typeof ZVinScannedEvent>;

/**
 * A VIN as the scanner sends it: letters and digits only, plausible (isPlausibleVin), else
 * CANNOT_SCAN_INVALID_VIN (naming the characters that cannot be used, when there are). Upper-cased.
 */
export const ZScannedVin = z
  .string({ message: 'vin is mandatory' })
  .trim()
  .superRefine(refuseUnusableCharacters('vin', 'CANNOT_SCAN_INVALID_VIN'))
  .refine(isPlausibleVin, { message: 'not a VIN (17 letters and digits)', params: { code: 'CANNOT_SCAN_INVALID_VIN' } })
  .transform((vin) => vin.toUpperCase());

const VIN_TOKEN = /(?:^|[^A-Z0-9])I?([A-HJ-NPR-Z0-9]{17})(?=$|[^A-Z0-9])/;
const ALPHANUMERIC_VIN = /^[A-Z0-9]{17}$/;
const barcodeVin = (text: string) => ALPHANUMERIC_VIN.test(text) && isPlausibleVin(text);

/**
 * The VIN a barcode carries, or null. Door-jamb and windshield labels print the VIN as Code 39,
 * some with a leading 'I' (import) marker, or as Data Matrix / QR, sometimes among other text.
 * Only a plausible VIN of letters and digits is accepted, so a part number or a URL
 * never fills the field.
 */
export function vinFromBarcodeText(text: string): string | null {
  const raw = text.trim().toUpperCase();
  if (raw.length === VIN_LENGTH + 1 && raw.startsWith('I') && barcodeVin(raw.slice(1))) return raw.slice(1);
  if (barcodeVin(raw)) return raw;
  const match = VIN_TOKEN.exec(raw);
  return match && barcodeVin(match[1]!) ? match[1]! : null;
}
