// Type-checks every workspace against its own tsconfig.json, in as few TypeScript programs as
// their settings allow: each program re-checks the shared packages it imports, so the workspaces
// whose compiler options agree (the browser ones; the Node ones) are checked together, in one
// program made from their own configs. The pure packages stay alone: checked without Node's or
// the browser's types, they cannot come to depend on either.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const groups = [
  ['packages/domain'],
  ['packages/locales'],
  ['packages/web-core', 'packages/ui', 'apps/staff', 'apps/portal'],
  ['apps/server', 'e2e', 'bench'],
];

/** A workspace's tsconfig.json, its paths made absolute. */
function configOf(dir) {
  const file = path.join(root, dir, 'tsconfig.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  return {
    extends: path.resolve(root, dir, config.extends),
    compilerOptions: config.compilerOptions ?? {},
    include: (config.include ?? ['.']).map((entry) => path.resolve(root, dir, entry)),
  };
}

/** One program for the group: the same base and options, the union of includes and types. */
function programOf(dirs) {
  const [first, ...others] = dirs.map(configOf);
  const { types = [], ...options } = first.compilerOptions;
  const merged = { extends: first.extends, compilerOptions: { ...options, types: [...types] }, include: [...first.include] };
  for (const [i, other] of others.entries()) {
    const { types: more = [], ...otherOptions } = other.compilerOptions;
    if (other.extends !== first.extends || JSON.stringify(otherOptions) !== JSON.stringify(options))
      throw new Error(`${dirs[i + 1]}: its compiler options differ from ${dirs[0]}'s; give it a group of its own`);
    merged.compilerOptions.types = [...new Set([...merged.compilerOptions.types, ...more])];
    merged.include.push(...other.include);
  }
  return merged;
}

const out = path.join(root, 'node_modules', '.cache', 'typecheck');
mkdirSync(out, { recursive: true });
let failed = 0;
for (const dirs of groups) {
  const present = dirs.filter((dir) => existsSync(path.join(root, dir, 'tsconfig.json')));
  if (!present.length) continue;
  const file = path.join(out, `${path.basename(present[0])}.tsconfig.json`);
  writeFileSync(file, JSON.stringify(programOf(present), null, 2));
  console.log(`tsc: ${present.join(', ')}`);
  const run = spawnSync('npx', ['tsc', '--noEmit', '-p', file], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
