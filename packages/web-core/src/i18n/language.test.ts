import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, loginLanguage, readStoredLanguage, storeLanguage } from './language.js';

describe('loginLanguage', () => {
  it('prefers the language chosen on the login page', () => {
    expect(loginLanguage('fr', 'en-US')).toBe('fr');
    expect(loginLanguage('en', 'fr-FR')).toBe('en');
  });

  it("uses the browser's language when it is French", () => {
    expect(loginLanguage(null, 'fr')).toBe('fr');
    expect(loginLanguage(null, 'fr-CA')).toBe('fr');
    expect(loginLanguage(undefined, 'FR-be')).toBe('fr');
  });

  it('falls back to en for any other browser language', () => {
    expect(loginLanguage(null, 'de-DE')).toBe('en');
    expect(loginLanguage(null, 'en-GB')).toBe('en');
    // Frisian is not French.
    expect(loginLanguage(null, 'fry')).toBe('en');
    expect(loginLanguage(null, undefined)).toBe('en');
  });

  it('ignores a remembered value that is not a supported language', () => {
    expect(loginLanguage('de', 'fr-FR')).toBe('fr');
    expect(loginLanguage('', 'en-US')).toBe('en');
  });
});

describe('remembered language', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
  };

  it('round-trips through storage under one key', () => {
    const storage = memory();
    storeLanguage(storage, 'fr');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(readStoredLanguage(storage)).toBe('fr');
  });

  it('survives a browser that refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readStoredLanguage(refusing)).toBeNull();
    expect(() => storeLanguage(refusing, 'fr')).not.toThrow();
    expect(readStoredLanguage(null)).toBeNull();
  });
});
