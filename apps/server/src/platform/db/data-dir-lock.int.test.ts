import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Two real server processes on one DATA_DIR: the second refuses to start, and a first one killed
 * with SIGKILL does not keep the folder locked. It is about PGlite only, so it runs in int-pglite.
 */
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
// A server's first start migrates a fresh PGlite folder: seconds alone, over a minute on two cores
// shared with the end-to-end run and the other passes.
const START_MS = 150_000;

interface ServerProcess {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

const started: ServerProcess[] = [];

function spawnServer(dataDir: string): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, output, exited };
  started.push(server);
  return server;
}

/** Resolves once the server listens; fails if it exits first. */
async function listening(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (!/ServiceBay is running/.test(server.output.join(''))) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output.join('')}`);
    if (Date.now() > deadline)
      throw new Error(`server did not start within ${START_MS / 1000} s:\n${server.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
});

describe.runIf(process.env.TEST_DB !== 'postgres')('one server process per PGlite data folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const folder = path.join(dataDir, 'pglite');

  it(
    'a second server on the same DATA_DIR refuses to start, naming the folder and the pid that holds it',
    async () => {
      const first = spawnServer(dataDir);
      await listening(first);

      const second = spawnServer(dataDir);
      expect(await second.exited).toBe(1);
      const output = second.output.join('');
      expect(output).toContain(
        `The PGlite database in ${folder} is in use by another ServiceBay server (pid ${first.child.pid} `,
      );
      expect(output).toContain('stop the other server first');
      expect(output).toContain('DATABASE_URL');
      expect(output).not.toContain('ServiceBay is running');

      // The first is untouched, and a clean stop frees the folder.
      expect(first.child.exitCode).toBeNull();
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(`${folder}.lock`)).toBe(false);
    },
    3 * START_MS,
  );

  it(
    'a server killed with SIGKILL leaves the folder free for the next one',
    async () => {
      const first = spawnServer(dataDir);
      await listening(first);
      expect(existsSync(`${folder}.lock`)).toBe(true);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(existsSync(`${folder}.lock`)).toBe(true);

      const next = spawnServer(dataDir);
      await listening(next);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    },
    3 * START_MS,
  );
});
