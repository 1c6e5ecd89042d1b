import { describe, expect, it } from 'vitest';
import { translate } from './translate.js';

describe('translate', () => {
  it('fills placeholders in the language asked for', () => {
    expect(translate('en', 'email:greeting', { name: 'Ava' })).toBe('Hello Ava,');
    expect(translate('fr', 'email:greeting', { name: 'Ava' })).toBe('Bonjour Ava,');
  });

  it('falls back to English for an unknown language', () => {
    expect(translate('de', 'email:greeting', { name: 'Ava' })).toBe('Hello Ava,');
  });

  it('throws on a missing key', () => {
    expect(() => translate('en', 'email:nope')).toThrow('No text for email:nope in en');
  });
});
