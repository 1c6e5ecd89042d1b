import { isValidEmail } from './customer.js';

/**
 * A list of e-mail addresses typed in one field, separated by commas or semicolons. A list is
 * valid only when every address in it is: the first one that is not is named.
 */

/** Most addresses one field may list. */
export const EMAIL_LIST_MAX = 20;

/** Most characters such a field may hold (twenty addresses of a usual length and separators). */
export const EMAIL_LIST_MAX_LENGTH = 2000;

export type EmailListResult =
  | { ok: true; emails: string[] }
  | { ok: false; problem: 'invalid'; invalid: string }
  | { ok: false; problem: 'tooMany' };

/**
 * The addresses of a field, trimmed, in the order typed, each once whatever its case; blank
 * entries ('a@x.com, ' or ';;') are skipped. An empty field gives an empty list; more than `max`
 * addresses is refused.
 */
export function parseEmailList(value: string, max: number = EMAIL_LIST_MAX): EmailListResult {
  const emails: string[] = [];
  const seen = new Set<string>();
  for (const entry of value.split(/[,;]/)) {
    const email = entry.trim();
    if (email === '') continue;
    if (!isValidEmail(email)) return { ok: false, problem: 'invalid', invalid: email };
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(email);
  }
  if (emails.length > max) return { ok: false, problem: 'tooMany' };
  return { ok: true, emails };
}

/** The refusal of a list as the API words it, naming the field and the address at fault. */
export function emailListMessage(field: string, result: Exclude<EmailListResult, { ok: true }>): string {
  return result.problem === 'tooMany'
    ? `${field}: at most ${EMAIL_LIST_MAX} e-mail addresses`
    : `${field}: ${result.invalid} is not an e-mail address`;
}
