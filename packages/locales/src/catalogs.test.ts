import { describe, expect, it } from 'vitest';
import { en, fr } from './index.js';

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogs', () => {
  it('fr has exactly the keys of en', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('has no empty translation', () => {
    for (const catalog of [en, fr]) {
      for (const key of keys(catalog)) {
        const value = key.split('.').reduce<any>((node, part) => node[part], catalog);
        expect(value, key).toMatch(/\S/);
      }
    }
  });
});

/** Every string of a catalog branch. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(strings);
}

describe('French punctuation', () => {
  // The customer's report and its gallery so far; the staff screens still use plain spaces.
  const checked = { customerReport: fr.customerReport, media: fr.media };

  it('puts a no-break space before : ; ! ? % and » and after «, never a plain one or none', () => {
    for (const [ns, catalog] of Object.entries(checked)) {
      for (const text of strings(catalog)) {
        expect(text, `${ns}: ${text}`).not.toMatch(/ [:;!?%»]|« /);
        expect(text, `${ns}: ${text}`).not.toMatch(/[^\s\u00a0\u202f][:;!?»]|«[^\u00a0\u202f]/);
      }
    }
  });
});
