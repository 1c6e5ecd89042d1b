// `npm start`: builds the web apps when their build is missing or older than their sources,
// then runs the server (API, /ws, the staff app, the portal) on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (full.includes('node_modules') || full.includes(`${path.sep}dist${path.sep}`)) continue;
    newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['packages/ui/src', 'packages/web-core/src', 'packages/locales/src', 'packages/domain/src'];
for (const app of ['staff', 'portal']) {
  const dir = `apps/${app}`;
  if (!existsSync(`${dir}/index.html`)) continue;
  const built = `${dir}/dist/index.html`;
  const stale =
    !existsSync(built) ||
    Math.max(newestMtime(`${dir}/src`), ...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (stale) {
    console.log(`Building the ${app} app...`);
    const result = spawnSync('npm', ['run', 'build', '-w', `@servicebay/${app}`], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
