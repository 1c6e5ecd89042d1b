import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@servicebay/domain';

/** Where the login page's choice is remembered in the browser. */
export const LANGUAGE_STORAGE_KEY = 'servicebay.language';

/** The parts of localStorage the language rule needs; null when the browser refuses storage. */
export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The language before login (en or fr): the one chosen on the login page and remembered,
 * else the browser's own language when it is French, else en.
 */
export function loginLanguage(stored: string | null | undefined, browserLanguage: string | null | undefined): Language {
  if (isLanguage(stored)) return stored;
  // Only the browser's first language counts: a French speaker lists fr, fr-CA, fr-BE... first.
  if (browserLanguage && /^fr(-|_|$)/i.test(browserLanguage)) return 'fr';
  return DEFAULT_LANGUAGE;
}

function read(storage: LanguageStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: LanguageStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or disabled storage: the choice then lasts for this page only, which is still usable.
  }
}

/** Reads the remembered choice; private modes and disabled storage simply have none. */
export function readStoredLanguage(storage: LanguageStorage | null): string | null {
  return read(storage, LANGUAGE_STORAGE_KEY);
}

export function storeLanguage(storage: LanguageStorage | null, language: Language): void {
  write(storage, LANGUAGE_STORAGE_KEY, language);
}

/**
 * Where a choice made on the login page waits for the sign-in it belongs to. Kept in the tab's
 * sessionStorage, so it survives the single sign-on round trip but never reaches another tab or
 * a later visit (the remembered choice above only picks the login page's language).
 */
export const LOGIN_CHOICE_STORAGE_KEY = 'servicebay.loginLanguageChoice';

export function readLoginChoice(storage: LanguageStorage | null): Language | null {
  const value = read(storage, LOGIN_CHOICE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/** Keeps the choice until the next sign-in; null forgets it (taken by a sign-in). */
export function writeLoginChoice(storage: LanguageStorage | null, language: Language | null): void {
  write(storage, LOGIN_CHOICE_STORAGE_KEY, language ?? '');
}
