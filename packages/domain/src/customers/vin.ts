/**
 * VIN rules: plausibility and the 49 CFR 565 check digit. Pure: the staff app uses them while
 * typing, the server before saving and decoding.
 */

export const VIN_LENGTH = 17;

/**
 * A trimmed string of exactly 17 characters with at least one digit and one letter and no
 * space, hyphen, # or parenthesis is taken for a VIN; anything else switches the vehicle to custom
 * year/make/model/engine entry.
 */
export function isPlausibleVin(input: string): boolean {
  const vin = input.trim();
  return vin.length === VIN_LENGTH && /\d/.test(vin) && /[A-Za-z]/.test(vin) && !/[\s\-#()]/.test(vin);
}

// 49 CFR 565.15: transliteration of letters to values (I, O and Q are never assigned) and the
// weight of each position; position 9 carries the check digit.
const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const FORBIDDEN = /[IOQ]/;

function valueOf(char: string): number | null {
  if (/\d/.test(char)) return Number(char);
  return VALUES[char] ?? null;
}

/** The check digit (0-9 or X) a VIN should carry, or null when a character has no value. */
export function vinCheckDigit(vin: string): string | null {
  const upper = vin.trim().toUpperCase();
  if (upper.length !== VIN_LENGTH) return null;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const value = valueOf(upper[i]!);
    if (value === null) return null;
    sum += value * WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

export type VinWarning = 'FORBIDDEN_LETTERS' | 'CHECK_DIGIT';

export interface VinCheck {
  /** Upper-cased, trimmed. */
  vin: string;
  plausible: boolean;
  /** Passes 49 CFR 565 (check digit right, no I, O or Q). */
  valid: boolean;
  warnings: VinWarning[];
  /**
   * The likely intended VIN: I and O read as 1 and 0, Q as 0 (the usual misreadings), then the
   * check digit recomputed. Null when the entry already passes or is not plausible.
   */
  correction: string | null;
}

/**
 * Checks a VIN and proposes the likely correction. A failing check digit is a warning, not a
 * refusal: vehicles built for other markets need not carry one.
 */
export function checkVin(input: string): VinCheck {
  const vin = input.trim().toUpperCase();
  const plausible = isPlausibleVin(vin);
  if (!plausible) return { vin, plausible, valid: false, warnings: [], correction: null };
  const warnings: VinWarning[] = [];
  if (FORBIDDEN.test(vin)) warnings.push('FORBIDDEN_LETTERS');
  const transliterated = vin.replace(/I/g, '1').replace(/[OQ]/g, '0');
  const expected = vinCheckDigit(transliterated);
  if (expected === null || vin[8] !== expected) warnings.push('CHECK_DIGIT');
  if (!warnings.length) return { vin, plausible, valid: true, warnings, correction: null };
  const correction = expected === null ? null : `${transliterated.slice(0, 8)}${expected}${transliterated.slice(9)}`;
  return { vin, plausible, valid: false, warnings, correction: correction === vin ? null : correction };
}

// Position 10 codes cycle every 30 years (49 CFR 565.15(a)); position 7 tells the cycle for
// passenger cars, MPVs and light trucks: a letter there means 2010 or later.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The model year position 10 encodes, or null when it encodes none (0, or a forbidden letter). */
export function vinModelYear(vin: string, now = new Date()): number | null {
  const upper = vin.trim().toUpperCase();
  if (upper.length !== VIN_LENGTH) return null;
  const index = YEAR_CODES.indexOf(upper[9]!);
  if (index < 0) return null;
  let year = (/[A-Z]/.test(upper[6]!) ? 2010 : 1980) + index;
  if (year > now.getUTCFullYear() + 1) year -= 30;
  return year;
}
