import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Measurement } from './measure.js';
import type { Probe, ProbeResult } from './scenario.js';
import type { Scenario } from './scenario.js';

export interface Row {
  scenario: Scenario;
  /** Absent when the scenario was skipped or failed; then `note` says why. */
  measurement?: Measurement;
  note?: string;
}

/** A probe's outcome: its rows and notes, or why there are none. */
export interface ProbeOutcome {
  probe: Probe;
  result?: ProbeResult;
  note?: string;
}

export interface RunInfo {
  date: Date;
  connections: number;
  warmup: number;
  duration: number;
  postgresVersion: string | null;
  /** os.loadavg()[0] when the run started: other work on the machine lowers every figure. */
  loadAverage: number;
  /** Share of CPU time idle over the second before the run, 0 to 1 (the load average lags). */
  idleBefore: number;
  /** os.loadavg()[0] when the run ended. */
  loadAfter?: number;
  /** One line per data set the run read (bench/src/datasets.ts). */
  datasets?: string[];
  /** What was typed to make the run. */
  command?: string;
}

/** Share of the machine's CPU time left idle over `ms` milliseconds, from os.cpus() counters. */
export async function idleShare(ms = 1000): Promise<number> {
  const sum = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const t = cpu.times;
        return { idle: acc.idle + t.idle, total: acc.total + t.user + t.nice + t.sys + t.idle + t.irq };
      },
      { idle: 0, total: 0 },
    );
  const a = sum();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = sum();
  return b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : 1;
}

/** The header RESULTS.md starts with, written when the file is missing. */
export const RESULTS_HEADER = `# Benchmark results

Recorded by \`npm run bench\` (bench/src/run.ts); every run appends a dated section below. How to
run it and what each scenario measures: [docs/benchmarks.md](../docs/benchmarks.md).

How to read a section:

- **req/s**: mean requests answered per second over the measured window (autocannon's one-second
  samples), with the stated number of keep-alive connections, after a warm-up that is not counted.
- **p50 / p99 ms**: latency seen by the client, from sending a request to its last byte, in
  milliseconds; half of the answers came faster than p50, 99 % faster than p99.
- **vs baseline**: the row's req/s divided by its baseline's, a bare Fastify route doing
  \`SELECT 1\` on the same engine in the same run. 0.60× means ServiceBay's route answers 60 % as
  many requests as the least a Fastify process reading from that database can; the gap is what
  ServiceBay's own layers cost (helmet headers, the registrar, token checks, validation...).
  A row compared with another scenario names it instead: \`signed-in-route-pg\` against
  \`public-route-pg\`, the same route called without a token, so its ratio is what verifying the
  token and the access rule cost. A row whose "what" names a number of connections was loaded
  with that many instead of the run's.
- **Measured outside autocannon** (the second table): probes and driven scenarios, each row with
  its operations per second when it has a rate and p50 / p95 / p99 of how long one took. argon2:
  hashes and verifications with the server's own \`hashPassword\` / \`verifyPassword\`, one at a
  time and then one per core at once, the cost parameters after the table. \`vin-decode-service\`:
  the server's VIN decoder called directly. \`*-explain-*\`: a service call's time in the 10k and
  the 1M data set, followed by a table of the shared buffers its statements read in each (EXPLAIN
  (ANALYZE, BUFFERS); the ratio is what the database's size costs one store's query) with links
  to the plans in \`bench/plans/\`. \`orders-ws-*\`: an order update's delivery to 1,000 websockets.
- **Data set** lines name the generated databases the run read (\`bench/sql/\`, docs/benchmarks.md
  "Data sets"); **Command** is what was typed.
- Compare figures within one section only. Across sections, compare the ratios, and only between
  the same machine: the load generator, the server and PostgreSQL share the machine's cores.
- The machine line says how idle the CPU was in the second before the run (and the 1-minute load
  average, which lags): well below 100 % idle, something else was running and the figures are
  low. Nothing can tell whether other work started during the run; the figures vary by some
  10-30 % between runs on a shared virtual machine.
- A row marked ⚠ had answers other than the expected status, errors or time-outs: its figures
  are not to be trusted.
`;

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    // --no-optional-locks: read only, never refresh the index of a tree others work in.
    const dirty = execFileSync(
      'git',
      ['--no-optional-locks', 'status', '--porcelain', '--untracked-files=no'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    ).trim();
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

export function machineLine(info: RunInfo): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  return [
    `${cpus.length} cores (${model})`,
    `${memory} GiB memory`,
    `${os.type()} ${os.release()} ${os.arch()}`,
    `Node ${process.version}`,
    info.postgresVersion ? `PostgreSQL ${info.postgresVersion}` : 'no PostgreSQL',
    `CPU ${Math.round(info.idleBefore * 100)} % idle before the run (load average ${info.loadAverage.toFixed(2)}` +
      (info.loadAfter === undefined ? ')' : `, ${info.loadAfter.toFixed(2)} after it)`),
  ].join(', ');
}

const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** Two decimals, or two significant digits below 0.1 (a login against SELECT 1 is 0.0066×, not 0.00×). */
const ratioText = (n: number) => (Number.isFinite(n) && n > 0 && n < 0.1 ? n.toPrecision(2) : fixed(n, 2));

function cells(row: Row, rows: readonly Row[]): string[] {
  const m = row.measurement;
  const what = row.scenario.connections
    ? `${row.scenario.title} (${row.scenario.connections} connections)`
    : row.scenario.title;
  if (!m) return [row.scenario.id, what, '-', '-', '-', row.note ?? 'not run'];
  let ratio = 'baseline';
  if (row.scenario.baseline) {
    const base = rows.find((r) => r.scenario.id === row.scenario.baseline)?.measurement;
    ratio = base
      ? `${ratioText(m.requestsPerSecond / base.requestsPerSecond)}× ${row.scenario.baseline}`
      : `- (${row.scenario.baseline} not run)`;
  }
  const warning = m.problems.length ? ` ⚠ ${m.problems.join('; ')}` : '';
  return [
    row.scenario.id,
    what,
    fixed(m.requestsPerSecond, 0),
    fixed(m.p50, 2),
    fixed(m.p99, 2),
    ratio + warning,
  ];
}

const HEAD = ['scenario', 'what', 'req/s', 'p50 ms', 'p99 ms', 'vs baseline'];
const RIGHT = [false, false, true, true, true, false];

/** The table for the terminal, columns padded. */
export function consoleTable(rows: readonly Row[]): string {
  return padded([HEAD, ...rows.map((r) => cells(r, rows))], RIGHT);
}

/** A table as Prettier would lay it out, so that `npm run format` leaves RESULTS.md alone. */
export function markdownTable(head: string[], right: boolean[], body: string[][]): string[] {
  const table = [head, ...body.map((line) => line.map((c) => c.replace(/\|/g, '\\|')))];
  const widths = head.map((_, i) => Math.max(3, ...table.map((line) => line[i]!.length)));
  const line = (cellsOfLine: string[]) => `| ${cellsOfLine.join(' | ')} |`;
  const pad = (line: string[]) =>
    line.map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)));
  const rule = widths.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(pad(table[0]!)), line(rule), ...table.slice(1).map((l) => line(pad(l)))];
}

const PROBE_HEAD = ['measurement', 'what', 'per s', 'p50 ms', 'p95 ms', 'p99 ms'];
const PROBE_RIGHT = [false, false, true, true, true, true];

/** One decimal, or two significant digits below 1 ms (a cached decode takes 0.05 ms). */
const ms = (n: number | undefined) =>
  n === undefined ? '-' : Number.isFinite(n) && n > 0 && n < 1 ? n.toPrecision(2) : fixed(n, 1);

function probeCells(outcomes: readonly ProbeOutcome[]): string[][] {
  return outcomes.flatMap(({ probe, result, note }) =>
    result
      ? result.rows.map((r) => [r.id, r.what, fixed(r.perSecond, 1), ms(r.p50), ms(r.p95), ms(r.p99)])
      : [[probe.id, `${probe.title}: ${note ?? 'not run'}`, '-', '-', '-', '-']],
  );
}

/** The probes' table for the terminal, with their notes. */
export function consoleProbes(outcomes: readonly ProbeOutcome[]): string {
  if (outcomes.length === 0) return '';
  const table = [PROBE_HEAD, ...probeCells(outcomes)];
  return [padded(table, PROBE_RIGHT), ...outcomes.flatMap((o) => o.result?.notes ?? [])].join('\n');
}

function padded(table: string[][], right: boolean[]): string {
  const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [format(table[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(format)].join(
    '\n',
  );
}

/** The dated section appended to RESULTS.md. */
export function markdownSection(
  rows: readonly Row[],
  info: RunInfo,
  probes: readonly ProbeOutcome[] = [],
): string {
  const stamp = info.date.toISOString().slice(0, 16).replace('T', ' ');
  const lines = ['', `## ${stamp} UTC, commit ${gitCommit()}`, '', `Machine: ${machineLine(info)}.`];
  if (info.command) lines.push(`Command: \`${info.command}\`.`);
  for (const d of info.datasets ?? []) lines.push(`Data set: ${d}.`);
  if (rows.length) {
    lines.push(
      `Load: autocannon, ${info.connections} connections, ${info.warmup} s warm-up then ${info.duration} s measured per scenario, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'warn'}.`,
      '',
      ...markdownTable(
        HEAD,
        RIGHT,
        rows.map((r) => cells(r, rows)),
      ),
    );
  }
  if (probes.length) {
    lines.push(
      '',
      `Measured outside autocannon, each probe in a process of its own (a driven scenario: its server in one, the clients in the harness's): ${info.warmup} s warm-up then ${info.duration} s measured per row unless its notes say otherwise.`,
      '',
      ...markdownTable(PROBE_HEAD, PROBE_RIGHT, probeCells(probes)),
    );
    for (const note of probes.flatMap((o) => o.result?.notes ?? [])) lines.push('', note);
  }
  return lines.join('\n') + '\n';
}

export function appendResults(file: string, section: string): void {
  if (!existsSync(file)) writeFileSync(file, RESULTS_HEADER);
  appendFileSync(file, section);
}
