import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every source file of the web apps and shared packages (not tests, not builds). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'build'].includes(entry.name) ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('money on every page', () => {
  it('is written by formatMoney alone, so a store shows its dollars the same way everywhere', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const own = join('packages', 'domain', 'src', 'estimates', 'money.ts');
    const formatters = ['apps/staff/src', 'apps/portal/src', 'apps/server/src', 'packages/ui/src', 'packages/web-core/src', 'packages/domain/src']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) => !file.endsWith(own) && /style:\s*'currency'/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(root.length));
    expect(formatters).toEqual([]);
  });
});
