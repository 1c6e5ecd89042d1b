import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@servicebay/locales';
import { portalCatalogs } from './catalogs.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The namespaces named in the source files under `dir`: useTranslation('ns' | ['ns', ...]) and t('ns:key'). */
function namespacesUsed(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const call of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
      for (const ns of call[1]!.matchAll(/'([^']+)'/g)) found.add(ns[1]!);
    }
    for (const key of text.matchAll(/\bt\(\s*['`]([A-Za-z]+):/g)) found.add(key[1]!);
  }
  return found;
}

describe('the portal bundled texts', () => {
  it('hold every namespace its pages and the shared widgets name, in en and fr', () => {
    const used = new Set([...namespacesUsed(here), ...namespacesUsed(path.resolve(here, '../../../packages/ui/src'))]);
    expect(used.size).toBeGreaterThan(3);
    for (const ns of used) {
      expect(Object.keys(portalCatalogs.en), `namespace ${ns}`).toContain(ns);
      expect(Object.keys(portalCatalogs.fr), `namespace ${ns}`).toContain(ns);
    }
  });

  it('are the catalogs themselves, and no staff namespace', () => {
    for (const language of ['en', 'fr'] as const) {
      for (const [ns, texts] of Object.entries(portalCatalogs[language])) {
        expect(texts).toBe(catalogs[language][ns as keyof typeof catalogs.en]);
      }
    }
    expect(Object.keys(portalCatalogs.en)).not.toContain('staff');
  });
});
