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
