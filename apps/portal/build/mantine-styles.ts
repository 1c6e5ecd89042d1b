import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The portal's Mantine stylesheet: only the components its sources use. Mantine's whole
 * `styles.css` (about 290 KB, 36 KB gzip) blocks a phone's first paint and costs a few hundred
 * milliseconds of style parsing at a phone's speed; the portal draws some forty components.
 *
 * `import 'virtual:mantine-styles.css'` stands for Mantine's base files (baseline, the default
 * CSS variables, global) followed by the stylesheet of every component imported from
 * `@mantine/core` in the folders given, and of every component those are built from (a Modal
 * draws ModalBase, Overlay, Paper, CloseButton...), dependencies first, as Mantine's documentation
 * orders per-component imports. Computed at each build and dev start, so a component newly used
 * brings its styles without a list to keep.
 */
export const MANTINE_STYLES_ID = 'virtual:mantine-styles.css';
const RESOLVED_ID = `\0${MANTINE_STYLES_ID}`;

const BASE_FILES = ['baseline', 'default-css-variables', 'global'];

/** The names imported from '@mantine/core' by the .ts/.tsx files under `dirs` (types and tests left out). */
export function mantineImportsOf(dirs: string[]): Set<string> {
  const names = new Set<string>();
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      for (const statement of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g)) {
        if (statement[1]) continue;
        for (const part of statement[2]!.split(',')) {
          const name = part.trim();
          if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
        }
      }
    }
  }
  return names;
}

/**
 * The component stylesheets (file names under `@mantine/core/styles`, without `.css`) that the
 * given exports of `@mantine/core` need, each after those it is built from.
 */
export function mantineStylesheetsFor(names: Iterable<string>, coreDir: string): string[] {
  const esm = path.join(coreDir, 'esm');
  const stylesDir = path.join(coreDir, 'styles');
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const line of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const part of line[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()!;
      if (name) fileOf.set(name, path.join(esm, line[2]!));
    }
  }
  // A module's stylesheet is that of the innermost folder on its path that has one:
  // components/Checkbox/CheckboxIndicator/… is CheckboxIndicator, components/Modal/ModalBody is
  // Modal, utils/InlineInput/… is InlineInput. A module of no stylesheet (Box, Portal, an
  // Autocomplete drawn from Combobox and Input) is a node of its own folder, so what it is built
  // from is still followed.
  const folderOf = (file: string) => {
    const folder = path.relative(esm, path.dirname(file));
    return folder.split(path.sep).reverse().find((name) => existsSync(path.join(stylesDir, `${name}.css`))) ?? folder;
  };
  const uses = new Map<string, Set<string>>();
  const read = new Set<string>();
  const scan = (file: string) => {
    if (read.has(file)) return;
    read.add(file);
    const from = folderOf(file);
    for (const spec of readFileSync(file, 'utf8').matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
      const target = path.resolve(path.dirname(file), spec[1]!);
      const to = folderOf(target);
      if (to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
      scan(target);
    }
  };
  const roots: string[] = [];
  for (const name of names) {
    const file = fileOf.get(name);
    if (!file) continue;
    scan(file);
    roots.push(folderOf(file));
  }
  // Depth first over folders: a component comes after every component it is built from, so its
  // rules win where both style one element, as in Mantine's own styles.css.
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (folder: string) => {
    if (placed.has(folder)) return;
    placed.add(folder);
    for (const dependency of uses.get(folder) ?? []) place(dependency);
    if (existsSync(path.join(stylesDir, `${folder}.css`))) ordered.push(folder);
  };
  for (const folder of roots) place(folder);
  return ordered;
}

/** The Vite plugin behind `virtual:mantine-styles.css`, for the sources under `dirs`. */
export function mantineStyles(dirs: string[]): Plugin {
  const require = createRequire(import.meta.url);
  // The package's folder, from its main file (its exports do not include package.json).
  const main = require.resolve('@mantine/core');
  const coreDir = main.slice(0, main.lastIndexOf(`${path.sep}cjs${path.sep}`));
  return {
    name: 'servicebay-mantine-styles',
    resolveId: (id) => (id === MANTINE_STYLES_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const files = [...BASE_FILES, ...mantineStylesheetsFor(mantineImportsOf(dirs), coreDir)];
      return files.map((file) => readFileSync(path.join(coreDir, 'styles', `${file}.css`), 'utf8')).join('\n');
    },
  };
}
