// Profiles one scenario's server: starts it as the bench does (target-process.ts) under
// `node --cpu-prof`, loads it with autocannon, stops it; the profile is written to the folder given.
//   node --import tsx src/profile-scenario.ts <scenario id> <profile dir> [seconds]
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ChildMessage } from './target-process.js';

const [id, dir, seconds = '10'] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const child = fork(path.join(here, 'target-process.ts'), [], {
  execArgv: ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`],
  env: {
    ...process.env,
    BENCH_SCENARIO: id,
    BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL,
    BENCH_WORK_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-prof-')),
    BENCH_DATASET_URL: process.env.BENCH_DATASET_URL ?? '',
  },
});
const ready = await new Promise<ChildMessage>((resolve) => child.once('message', (m: ChildMessage) => resolve(m)));
if (ready.type !== 'ready') throw new Error(ready.message);
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  autocannon(
    {
      url: `http://127.0.0.1:${ready.port}${ready.request.path}`,
      method: ready.request.method ?? 'GET',
      headers: ready.request.headers,
      connections: 10,
      duration: Number(seconds),
    },
    (error, out) => (error ? reject(error) : resolve(out)),
  );
});
console.log(`${id}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non2xx ${result.non2xx}`);
child.send({ type: 'stop' });
await new Promise((resolve) => child.once('exit', resolve));
