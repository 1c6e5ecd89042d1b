/**
 * The statements the day's figures send (docs/analytics.md), under EXPLAIN (ANALYZE, BUFFERS), on
 * PostgreSQL, with the indexes made for them and without (the plans PostgreSQL would take
 * otherwise). Not a timed load: what each statement reads, recorded in bench/RESULTS.md with its
 * plans in bench/plans/.
 *
 *   node --import tsx bench/src/store-figures-explain.ts [stores-in-all]
 *
 * Makes a database of its own on BENCH_POSTGRES_URL's server (dropped at the end), migrated as a
 * server migrates it, and fills it as the `store-figures-pg` scenario does (targets/store-figures.ts):
 * the owner's 10 stores among 50 by default, each with 2,000 closed orders over two years.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dayIn } from '@servicebay/domain';
import { createStoreFiguresRepository, createStoreFiguresService } from '../../apps/server/src/modules/analytics/index.js';
import { explainEach, PLANS_DIR, recordingPool, type ExplainedStatement } from './probes/explain.js';
import { FIGURES_SHAPE, FIGURES_TIME_ZONE, fillAccountStores } from './targets/store-figures.js';
import { startServiceBay } from './targets/servicebay.js';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const allStores = Number(process.argv[2] ?? FIGURES_SHAPE.accountStores + FIGURES_SHAPE.otherStores);
const NEW_INDEXES = ['inspection_orders_created_idx', 'inspection_results_decided_idx'];

/** What each statement is, from its text. */
function nameOf(text: string): string {
  if (/from "accounts"/.test(text)) return 'the account';
  if (/"settings"/.test(text)) return 'store settings';
  if (/"customer_decision"/.test(text)) return 'decided items';
  if (/"created_at" >=/.test(text)) return 'cars';
  if (/"state_inspection"/.test(text)) return 'open orders by state';
  return text.slice(0, 40);
}

const name = `servicebay_explain_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-explain-'));
const recording = recordingPool(url.toString());
try {
  const sb = await startServiceBay({ databaseUrl: url.toString(), workDir, datasetUrl: '' }, 'postgres');
  const started = Date.now();
  const { account, storeIds } = await fillAccountStores(sb, { ...FIGURES_SHAPE, otherStores: allStores - FIGURES_SHAPE.accountStores });
  const filled = (Date.now() - started) / 1000;
  await sb.close();
  const counts = await recording.pool.query<{ orders: string; results: string; lines: string }>(
    'select (select count(*) from inspection_orders) orders, (select count(*) from inspection_results) results, (select count(*) from estimate_lines) lines',
  );
  const figures = createStoreFiguresService({ repo: createStoreFiguresRepository(recording.db) });
  const day = dayIn(new Date(), FIGURES_TIME_ZONE);
  const statements = await recording.record(() => figures.accountStoreFigures(account.id, { day }));
  const withIndexes = await explainEach(recording.pool, statements);
  for (const index of NEW_INDEXES) await recording.pool.query(`drop index ${index}`);
  const without = await explainEach(recording.pool, statements);

  mkdirSync(PLANS_DIR, { recursive: true });
  const write = (st: ExplainedStatement, label: string) => {
    const file = `store-figures-${nameOf(st.text).replace(/\W+/g, '-')}-${label}.txt`;
    writeFileSync(
      path.join(PLANS_DIR, file),
      `-- ${nameOf(st.text)} of the day's figures, ${label}; ${storeIds.length} stores of ${allStores}, recorded ${new Date().toISOString()}\n\n${st.text}\n\n${st.plan}\n`,
    );
    return file;
  };
  const { orders, results, lines } = counts.rows[0]!;
  console.log(`Data: ${allStores} stores (${storeIds.length} in the account), ${orders} orders, ${results} decided items, ${lines} estimate lines; filled in ${filled.toFixed(1)} s.\n`);
  console.log('| statement | buffers | ms | plan | buffers without the new indexes | ms | plan |');
  console.log('|---|---:|---:|---|---:|---:|---|');
  withIndexes.forEach((st, i) => {
    const other = without[i]!;
    const top = (p: string) => p.split('\n').find((l) => /Scan|Join/.test(l))?.trim().replace(/\s+\(cost.*$/, '') ?? '';
    console.log(
      `| ${nameOf(st.text)} | ${st.buffers} | ${st.executionMs.toFixed(2)} | [${top(st.plan)}](plans/${write(st, 'indexed')}) | ` +
        `${other.buffers} | ${other.executionMs.toFixed(2)} | [${top(other.plan)}](plans/${write(other, 'without-new-indexes')}) |`,
    );
  });
} finally {
  await recording.pool.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(workDir, { recursive: true, force: true });
}
