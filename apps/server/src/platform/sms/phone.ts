/**
 * A phone number in E.164 (`+15145550123`), or null when the input is not one.
 *
 * Shops here are North American: ten digits with the usual parentheses, spaces, dots or dashes
 * are a NANP number and get +1; eleven digits starting with 1 are too. Anything else must
 * already be international, written with its leading +.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // E.164: at most 15 digits, country codes never start with 0; the shortest plans have 8.
    if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
    return digits.startsWith('1') && !isNanp(digits.slice(1)) ? null : `+${digits}`;
  }
  if (digits.length === 10) return isNanp(digits) ? `+1${digits}` : null;
  if (digits.length === 11 && digits.startsWith('1')) return isNanp(digits.slice(1)) ? `+${digits}` : null;
  return null;
}

/** Area code and exchange both start with 2-9 in the North American plan; carriers refuse others. */
function isNanp(tenDigits: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(tenDigits);
}
