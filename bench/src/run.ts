// `npm run bench`: measures every scenario of scenarios.ts with autocannon, prints the table and
// appends it to bench/RESULTS.md. See docs/benchmarks.md.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DATASETS, describe, ensureDataset, type DatasetPart } from './datasets.js';
import { load, preflight, type LoadOptions } from './measure.js';
import type { ProbeMessage } from './probe-process.js';
import { probes } from './probes.js';
import {
  appendResults,
  consoleProbes,
  consoleTable,
  idleShare,
  machineLine,
  markdownSection,
  type ProbeOutcome,
  type Row,
  type RunInfo,
} from './report.js';
import type { BenchRequest, Probe, Scenario } from './scenario.js';
import { scenarios } from './scenarios.js';
import type { ChildMessage, ParentMessage } from './target-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.resolve(here, '../RESULTS.md');
const TARGET_PROCESS = path.join(here, 'target-process.ts');
const PROBE_PROCESS = path.join(here, 'probe-process.ts');

// The staff bundle's budget check, a browser measurement with its own command line
// (`npm run bench -- staff-size [port]`): it exits non-zero when a page is over its budget.
if (process.argv[2] === 'staff-size') {
  process.argv.splice(2, 1);
  await import('./staff-size.js');
  process.exit(process.exitCode ?? 0);
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string', default: process.env.BENCH_ONLY ?? '' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '2' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '10' },
    'no-record': { type: 'boolean', default: process.env.BENCH_RECORD === '0' },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench -- [id or group...] [--only id,id] [--duration s] [--warmup s] [--connections n] [--no-record] [--list]
Without ids or groups: every scenario and probe that needs no data set. Ids and groups (--list)
select scenarios and probes, with their baselines; those reading a data set generate it first
when it is missing (minutes, once; kept in the databases servicebay_bench and servicebay_bench_small).
The same through the environment:
  BENCH_ONLY=id,id  BENCH_DURATION=10  BENCH_WARMUP=2  BENCH_CONNECTIONS=10  BENCH_RECORD=0
  BENCH_POSTGRES_URL  server on which the run makes (and drops) its database
                      (default postgres://postgres@127.0.0.1:5432/postgres; only connected to, to make databases)`);
  process.exit(0);
}
if (args.list) {
  const tags = (x: { group?: string; dataset?: string }) =>
    [x.group && `group ${x.group}`, x.dataset && `data set: ${x.dataset}`].filter(Boolean).join(', ');
  for (const s of scenarios) {
    const extra = [s.baseline && `vs ${s.baseline}`, tags(s)].filter(Boolean).join('; ');
    console.log(`${s.id.padEnd(30)} ${s.title}${extra ? `  (${extra})` : ''}`);
  }
  for (const p of probes)
    console.log(`${p.id.padEnd(30)} ${p.title}  (not HTTP${tags(p) ? `; ${tags(p)}` : ''})`);
  process.exit(0);
}

function positive(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not ${value}`);
  return n;
}
const loadOptions: LoadOptions = {
  connections: Math.round(positive('connections', args.connections)),
  duration: positive('duration', args.duration),
};
const warmup = Number(args.warmup) > 0 ? Number(args.warmup) : 0;
process.env.LOG_LEVEL ??= 'warn';

/**
 * The scenarios and probes asked for, in the lists' order, with the baselines the scenarios'
 * ratios need (and theirs: a baseline may itself be compared with another).
 */
function selected(): { scenarios: Scenario[]; probes: Probe[] } {
  const asked = [...args.only.split(','), ...positionals].map((s) => s.trim()).filter(Boolean);
  if (asked.length === 0) {
    // The quick suite: what needs no data set.
    return { scenarios: scenarios.filter((s) => !s.dataset), probes: probes.filter((p) => !p.dataset) };
  }
  const wanted = new Set<string>();
  for (const name of asked) {
    const members = [...scenarios, ...probes].filter((x) => x.id === name || x.group === name);
    if (members.length === 0) {
      throw new Error(`no scenario, probe or group ${name}; see npm run bench -- --list`);
    }
    for (const x of members) wanted.add(x.id);
  }
  // A Set iterates over what is added during the loop too, so baselines of baselines are added.
  for (const id of wanted) {
    const scenario = scenarios.find((s) => s.id === id);
    if (scenario?.baseline) wanted.add(scenario.baseline);
  }
  return {
    scenarios: scenarios.filter((s) => wanted.has(s.id)),
    probes: probes.filter((p) => wanted.has(p.id)),
  };
}

/** A database of its own for the run, on the configured server; dropped when the run ends. */
interface RunDatabase {
  url: string;
  version: string;
  drop(): Promise<void>;
}

async function createRunDatabase(adminUrl: string): Promise<RunDatabase> {
  const name = `servicebay_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    const version =
      (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    let dropped = false;
    return {
      url: url.toString(),
      version: version.split(' ')[0] ?? version,
      async drop() {
        if (dropped) return;
        dropped = true;
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`drop database if exists ${name} with (force)`);
        } finally {
          await client.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}

let child: ChildProcess | undefined;

/** Starts a scenario's server in its own process and waits until it listens. */
function startTarget(
  scenario: Scenario,
  databaseUrl: string,
  workDir: string,
): Promise<{ port: number; request: BenchRequest }> {
  const datasetUrl = scenario.dataset ? (datasetUrls.large ?? '') : '';
  return new Promise((resolve, reject) => {
    const proc = fork(TARGET_PROCESS, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_SCENARIO: scenario.id,
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_WORK_DIR: workDir,
        BENCH_DATASET_URL: datasetUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = proc;
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error('the server did not start within 120 s'));
    }, 120_000);
    proc.once('message', (message: ChildMessage) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve({ port: message.port, request: message.request });
      else reject(new Error(message.message));
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server process exited (${signal ?? code}) before it listened`));
    });
  });
}

/** Runs a probe in its own process and waits for its figures. */
function runProbe(probe: Probe): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const proc = fork(PROBE_PROCESS, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_PROBE: probe.id,
        BENCH_PROBE_DURATION: String(loadOptions.duration),
        BENCH_PROBE_WARMUP: String(warmup),
        BENCH_DATASET_URL: probe.dataset ? (datasetUrls.large ?? '') : '',
        BENCH_DATASET_SMALL_URL: probe.dataset ? (datasetUrls.small ?? '') : '',
        BENCH_RUN_DATABASE_URL: probe.runDatabase ? (database?.url ?? '') : '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = proc;
    let settled = false;
    const failed = (message: string) => {
      if (settled) return;
      settled = true;
      console.error(`  ${probe.id} failed: ${message}`);
      resolve({ probe, note: `failed: ${message.split('\n')[0]?.replace(/^Error: /, '')}` });
    };
    proc.once('message', (message: ProbeMessage) => {
      if (message.type !== 'result') return failed(message.message);
      settled = true;
      resolve({ probe, result: message.result });
    });
    proc.once('exit', (code, signal) =>
      failed(`the probe's process exited (${signal ?? code}) without figures`),
    );
  });
}

/** Asks the scenario's process to close its server and pools, and waits for it to exit. */
function stopTarget(): Promise<void> {
  const proc = child;
  child = undefined;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (proc.connected) proc.send({ type: 'stop' } satisfies ParentMessage);
    else proc.kill('SIGTERM');
  });
}

let workDir: string | undefined;

function removeWorkDir() {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
}

async function measure(scenario: Scenario, databaseUrl: string): Promise<Row> {
  workDir = mkdtempSync(path.join(os.tmpdir(), `servicebay-bench-${scenario.id}-`));
  const options = { ...loadOptions, connections: scenario.connections ?? loadOptions.connections };
  try {
    const { port, request } = await startTarget(scenario, databaseUrl, workDir);
    await preflight(port, request);
    if (scenario.drive) {
      const result = await scenario.drive(port, request);
      outcomes.push({
        probe: { id: scenario.id, title: scenario.title, run: () => Promise.resolve(result) },
        result,
      });
      return { scenario, note: 'driven: see the second table' };
    }
    if (warmup) await load(port, request, { ...options, duration: warmup });
    const measurement = await load(port, request, options);
    // autocannon drops its sockets at the bell with requests still in the handlers; let them
    // finish before the pools close under them (else each logs a "pool has ended" error).
    await sleep(500);
    return { scenario, measurement };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  ${scenario.id} failed: ${message}`);
    return { scenario, note: `failed: ${message.split('\n')[0]?.replace(/^Error: /, '')}` };
  } finally {
    await stopTarget();
    removeWorkDir();
  }
}

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const plan = selected();
let database: RunDatabase | undefined;

async function cleanUp() {
  await stopTarget();
  removeWorkDir();
  await database?.drop();
}

/** The data sets' databases, once made or found; only those the selection needs. */
const datasetUrls: { large?: string; small?: string } = {};
let datasetVersion: string | null = null;

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const rows: Row[] = [];
const outcomes: ProbeOutcome[] = [];
const datasetLines: string[] = [];
try {
  const largeParts = new Set<DatasetPart>(
    [...plan.scenarios, ...plan.probes].flatMap((x) => (x.dataset ? [x.dataset] : [])),
  );
  const smallParts = new Set<DatasetPart>(plan.probes.flatMap((p) => (p.dataset ? [p.dataset] : [])));
  for (const [size, parts] of [
    ['small', smallParts],
    ['large', largeParts],
  ] as const) {
    if (parts.size === 0 || interrupted) continue;
    const started = performance.now();
    const made = await ensureDataset(adminUrl, size, [...parts]);
    datasetUrls[size] = made.url;
    datasetVersion = made.version;
    const shape = DATASETS[size];
    const generated = made.log.filter((l) => l.includes('generated')).join('; ');
    // The orders are made on the customers' stores, vehicles and users: both parts are there.
    const madeParts: DatasetPart[] = parts.has('orders') ? ['customers', 'orders'] : ['customers'];
    datasetLines.push(
      `${shape.database}: ${madeParts.map((p) => describe(shape, p)).join(', ')}` +
        (generated ? ` (${generated} in this run)` : ' (made by an earlier run)'),
    );
    console.log(`  data set ${size} ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  if (plan.scenarios.some((s) => s.engine === 'postgres') || plan.probes.some((p) => p.runDatabase)) {
    try {
      database = await createRunDatabase(adminUrl);
    } catch (error) {
      console.error(
        `PostgreSQL at ${adminUrl} is not usable (${(error as Error).message}); its scenarios are skipped.`,
      );
    }
  }
  const info: RunInfo = {
    date: new Date(),
    connections: loadOptions.connections,
    warmup,
    duration: loadOptions.duration,
    postgresVersion: database?.version ?? datasetVersion,
    loadAverage: os.loadavg()[0] ?? 0,
    idleBefore: await idleShare(),
    datasets: datasetLines,
    command: process.env.npm_lifecycle_script
      ? `npm run bench -- ${[...positionals, ...(args.only ? [`--only ${args.only}`] : [])].join(' ')}`.trim()
      : `node --import tsx bench/src/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
  };
  console.log(`Machine: ${machineLine(info)}`);
  console.log(
    `Load: ${info.connections} connections, ${warmup} s warm-up + ${info.duration} s per scenario\n`,
  );
  if (info.idleBefore < 0.8) {
    console.warn(
      `Warning: the machine is busy (CPU ${Math.round(info.idleBefore * 100)} % idle); figures will be low.\n`,
    );
  }

  for (const scenario of plan.scenarios) {
    if (interrupted) break;
    if (scenario.engine === 'postgres' && !database) {
      rows.push({ scenario, note: 'skipped: no PostgreSQL' });
      continue;
    }
    console.log(`- ${scenario.id}: ${scenario.title}`);
    const row = await measure(scenario, database?.url ?? '');
    // A driven scenario's figures are in the second table.
    if (!row.note?.startsWith('driven')) rows.push(row);
  }

  for (const probe of plan.probes) {
    if (interrupted) break;
    console.log(`- ${probe.id}: ${probe.title}`);
    outcomes.push(await runProbe(probe));
    await stopTarget();
  }

  if (rows.length) console.log(`\n${consoleTable(rows)}`);
  if (outcomes.length) console.log(`\n${consoleProbes(outcomes)}`);
  console.log('');
  info.loadAfter = os.loadavg()[0] ?? 0;
  console.log(
    `Load average ${info.loadAverage.toFixed(2)} before, ${info.loadAfter.toFixed(2)} after the run`,
  );
  if (!args['no-record'] && !interrupted) {
    appendResults(RESULTS_FILE, markdownSection(rows, info, outcomes));
    console.log(`Appended to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  }
} finally {
  await cleanUp();
}

const bad =
  rows.some((r) =>
    !r.measurement
      ? !r.note?.startsWith('skipped') && !r.note?.startsWith('driven')
      : r.measurement.problems.length > 0,
  ) || outcomes.some((o) => !o.result);
process.exit(bad ? 1 : 0);
