// Type-checks every workspace with its own tsconfig (server: node types; apps: DOM).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const projects = [
  'packages/domain',
  'packages/locales',
  'packages/web-core',
  'packages/ui',
  'apps/server',
  'apps/staff',
  'apps/portal',
  'e2e',
  'bench',
];
let failed = 0;
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  // A workspace with no TypeScript yet has nothing to check.
  if (!readdirSync(dir, { recursive: true }).some((f) => /\.tsx?$/.test(String(f)) && !String(f).includes('node_modules'))) continue;
  const run = spawnSync('npx', ['tsc', '--noEmit', '-p', dir], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
