import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fromPool, type Db } from '../../../apps/server/src/platform/db/client.js';
import { tables } from '../../../apps/server/src/schema.js';
import type { DatasetSize } from '../datasets.js';
import { markdownTable } from '../report.js';
import type { ProbeOptions, ProbeResult, ProbeRow } from '../scenario.js';
import { sequential } from '../timing.js';

/** Where the plans of the heaviest statements are written, one file per call and data set. */
export const PLANS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../plans');

/** One service call measured in both data sets, with several arguments (search terms...) in turn. */
export interface ExplainCase {
  id: string;
  what: string;
  /** One per argument; each makes the call the route's handler makes, on the given database. */
  calls: Array<(db: Db) => Promise<unknown>>;
  /**
   * When the two sizes are two stores of one database rather than one store in two databases:
   * the calls on each (the small one's, the large one's); `calls` is then not used.
   */
  callsBySize?: Record<DatasetSize, Array<(db: Db) => Promise<unknown>>>;
}

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A pool whose clients note every statement while `recording` is set: the SQL the repositories
 * really send (drizzle's text and parameters), to be explained afterwards.
 */
export function recordingPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const state: { recording: Statement[] | null } = { recording: null };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (state.recording) {
        const [config, values] = args;
        const text = typeof config === 'string' ? config : (config as { text: string }).text;
        const given = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
        state.recording.push({ text, values: given });
      }
      return query(...args);
    };
  });
  return {
    pool,
    db: fromPool(pool, tables).db,
    async record(call: () => Promise<unknown>): Promise<Statement[]> {
      state.recording = [];
      try {
        await call();
        return state.recording;
      } finally {
        state.recording = null;
      }
    },
  };
}

type PlanNode = Record<string, unknown> & { Plan: Record<string, number> };

interface Explained {
  /** Shared buffers hit + read by the statements' execution, summed. */
  buffers: number;
  statements: number;
  heaviest: { buffers: number; text: string; plan: string };
}

/** One statement under EXPLAIN (ANALYZE, BUFFERS): its shared buffers (hit + read), execution time and plan. */
export interface ExplainedStatement {
  text: string;
  buffers: number;
  executionMs: number;
  plan: string;
}

/**
 * Replays the statements in a transaction that is rolled back, each query under
 * EXPLAIN (ANALYZE, BUFFERS); set_config and the like run as they are (the search's trigram
 * threshold is one), transaction control is left out.
 */
export async function explainEach(pool: pg.Pool, statements: Statement[]): Promise<ExplainedStatement[]> {
  const client = await pool.connect();
  const explained: ExplainedStatement[] = [];
  try {
    await client.query('begin');
    for (const st of statements) {
      if (/^\s*(begin|commit|rollback)\b/i.test(st.text)) continue;
      if (/^\s*select\s+set_config\(/i.test(st.text)) {
        await client.query(st.text, st.values);
        continue;
      }
      const json = await client.query<{ 'QUERY PLAN': Array<PlanNode & { 'Execution Time': number }> }>(
        `explain (analyze, buffers, format json) ${st.text}`,
        st.values,
      );
      const top = json.rows[0]!['QUERY PLAN'][0]!;
      const plan = top.Plan;
      const text = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${st.text}`, st.values);
      explained.push({
        text: st.text,
        buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
        executionMs: top['Execution Time'],
        plan: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
      });
    }
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
  return explained;
}

async function explain(pool: pg.Pool, statements: Statement[]): Promise<Explained> {
  const each = await explainEach(pool, statements);
  const result: Explained = { buffers: 0, statements: each.length, heaviest: { buffers: -1, text: '', plan: '' } };
  for (const st of each) {
    result.buffers += st.buffers;
    if (st.buffers > result.heaviest.buffers) result.heaviest = { buffers: st.buffers, text: st.text, plan: st.plan };
  }
  return result;
}

const SAMPLES = 5;

export interface ExplainProbeOptions {
  /** The probe's id: it prefixes the rows and names the plan files. */
  id: string;
  /** How each data set is named in the rows: `10k`, `1m`. */
  labels: Record<DatasetSize, string>;
  /** Sentences before the buffers table. */
  intro: string;
  /** The calls, built on the small data set (the bench store holds the same rows in both). */
  cases(db: Db): Promise<ExplainCase[]>;
}

/**
 * For each call and each data set: the shared buffers its statements read (EXPLAIN ANALYZE
 * BUFFERS, mean over the first arguments) and how long it takes (one at a time, the arguments in
 * turn), so that a cost growing with the database's size shows as a ratio.
 */
export async function explainProbe(options: ProbeOptions, probe: ExplainProbeOptions): Promise<ProbeResult> {
  const { large, small } = options.datasets;
  if (!large || !small) throw new Error('the probe needs both data sets');
  const sizes: DatasetSize[] = ['small', 'large'];
  const pools = { small: recordingPool(small), large: recordingPool(large) };
  const rows: ProbeRow[] = [];
  const table: string[][] = [];
  const seconds = Math.min(options.duration, 3);
  const warmup = Math.min(options.warmup, 1);
  mkdirSync(PLANS_DIR, { recursive: true });
  try {
    const cases = await probe.cases(pools.small.db);
    for (const c of cases) {
      const buffers: Record<DatasetSize, number> = { small: 0, large: 0 };
      let statements = 0;
      for (const size of sizes) {
        const { db, pool, record } = pools[size];
        const calls = c.callsBySize?.[size] ?? c.calls;
        const samples = calls.slice(0, SAMPLES);
        let sum = 0;
        let heaviest: Explained['heaviest'] | undefined;
        for (const call of samples) {
          const explained = await explain(pool, await record(() => call(db)));
          sum += explained.buffers;
          statements = explained.statements;
          if (!heaviest || explained.heaviest.buffers > heaviest.buffers) heaviest = explained.heaviest;
        }
        buffers[size] = sum / samples.length;
        const file = `${probe.id}-${c.id}-${probe.labels[size]}.txt`;
        writeFileSync(
          path.join(PLANS_DIR, file),
          `-- ${c.what}, ${probe.labels[size]} data set; the heaviest statement of ${samples.length} calls ` +
            `(${heaviest!.buffers} buffers), recorded ${new Date().toISOString()}\n\n${heaviest!.text}\n\n${heaviest!.plan}\n`,
        );
        const timing = await sequential((i) => calls[i % calls.length]!(db), seconds, warmup);
        rows.push({
          id: `${probe.id}-${c.id}-${probe.labels[size]}`,
          what: `${c.what}, ${probe.labels[size]} data set`,
          ...timing,
        });
      }
      table.push([
        c.id,
        String(statements),
        buffers.small.toFixed(0),
        buffers.large.toFixed(0),
        `${(buffers.large / buffers.small).toFixed(2)}×`,
        `[plans](plans/${probe.id}-${c.id}-${probe.labels.large}.txt)`,
      ]);
    }
  } finally {
    await Promise.all(sizes.map((s) => pools[s].pool.end()));
  }
  const head = [
    'call',
    'statements',
    `buffers, ${probe.labels.small}`,
    `buffers, ${probe.labels.large}`,
    'ratio',
    'plan',
  ];
  const lines = markdownTable(head, [false, true, true, true, true, false], table);
  return {
    rows,
    notes: [
      `${probe.intro} Rows: the call's time, one at a time, its arguments in turn, ${warmup} s warm-up then ${seconds} s per row.`,
      lines.join('\n'),
    ],
  };
}
