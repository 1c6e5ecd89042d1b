import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@servicebay/locales';
import { portalCatalogs } from './catalogs.js';
import { dashboardTexts } from './dashboard/texts.js';
import { reportTexts } from './report/texts.js';

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

/** What a folder's files may name: the entry's namespaces and those its chunk brings. */
const CHUNKS: Array<{ dirs: string[]; bundled: Array<typeof portalCatalogs> }> = [
  { dirs: ['pages', 'password'], bundled: [portalCatalogs] },
  { dirs: ['report'], bundled: [portalCatalogs, reportTexts] },
  // The dashboard's widgets; sharing a report from the history brings the report's texts itself.
  { dirs: ['dashboard', 'vehicles', 'fleet', 'appointments'], bundled: [portalCatalogs, dashboardTexts, reportTexts] },
];

describe('the portal bundled texts', () => {
  it("hold, in en and fr, every namespace a page names, in the entry or in the page's chunk", () => {
    for (const { dirs, bundled } of CHUNKS) {
      for (const language of ['en', 'fr'] as const) {
        const have = bundled.flatMap((catalogs) => Object.keys(catalogs[language]));
        for (const dir of dirs) {
          const used = namespacesUsed(path.join(here, dir));
          expect(used.size, dir).toBeGreaterThan(0);
          for (const ns of used) expect(have, `${dir} names ${ns} (${language})`).toContain(ns);
        }
      }
    }
  });

  it('hold every namespace the shared widgets name, in the entry or a page chunk', () => {
    const used = namespacesUsed(path.resolve(here, '../../../packages/ui/src'));
    expect(used.size).toBeGreaterThan(3);
    const all = [portalCatalogs, reportTexts, dashboardTexts];
    for (const ns of used) {
      expect(all.some((catalogs) => ns in catalogs.en && ns in catalogs.fr), `namespace ${ns}`).toBe(true);
    }
  });

  it("keep the report's and the dashboard's texts out of the entry", () => {
    expect(Object.keys(portalCatalogs.en).sort()).toEqual(['app', 'portal', 'ui']);
  });

  it('are the catalogs themselves, and no staff namespace', () => {
    for (const language of ['en', 'fr'] as const) {
      for (const bundled of [portalCatalogs, reportTexts, dashboardTexts]) {
        for (const [ns, texts] of Object.entries(bundled[language])) {
          expect(texts).toBe(catalogs[language][ns as keyof typeof catalogs.en]);
        }
      }
    }
    expect(Object.keys(portalCatalogs.en)).not.toContain('staff');
  });
});
