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

/** Reads the remembered choice; private modes and disabled storage simply have none. */
export function readStoredLanguage(storage: LanguageStorage | null): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLanguage(storage: LanguageStorage | null, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Full or disabled storage: the choice then lasts for this page only, which is still usable.
  }
}
