// The benchmarks' data sets: databases of their own on the benchmark's PostgreSQL server, made
// from scratch, migrated with the project's migrations, and filled by the SQL generators of
// bench/sql/ (never through the API). They are kept between runs: making the large one takes
// minutes, so a run checks what is there and generates only what is missing. See
// docs/benchmarks.md, "Data sets".
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../apps/server/src/platform/db/client.js';
import { tables } from '../../apps/server/src/schema.js';

const SQL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sql');

export type DatasetSize = 'large' | 'small';
export type DatasetPart = 'customers' | 'orders';

export interface DatasetShape {
  /** The database's name on the benchmark's server. */
  database: string;
  stores: number;
  customersPerStore: number;
  vehiclesPerStore: number;
  ordersPerStore: number;
}

/**
 * Store s holds the same rows in both (the generators hash the store's number and the row's), so
 * the small one is the large one's first ten stores without the other 990: a query on store 5
 * reads the same rows in both, and any difference in its cost is the size of the rest.
 */
export const DATASETS: Record<DatasetSize, DatasetShape> = {
  large: {
    database: 'servicebay_bench',
    stores: 1000,
    customersPerStore: 1000,
    vehiclesPerStore: 1500,
    ordersPerStore: 1000,
  },
  small: {
    database: 'servicebay_bench_small',
    stores: 10,
    customersPerStore: 1000,
    vehiclesPerStore: 1500,
    ordersPerStore: 1000,
  },
};

/** The store the benchmarks query: in both data sets, with the same rows. */
export const BENCH_STORE = 5;

/** The ids the generators give (md5 of a name, as a uuid), for the benchmarks to find their rows. */
export const benchIds = {
  store: (s: number) => md5Uuid(`bench-store-${s}`),
  user: (s: number, u: number) => md5Uuid(`bench-user-${s}-${u}`),
  household: (s: number, k: number) => md5Uuid(`bench-household-${s}-${k}`),
  order: (s: number, k: number) => md5Uuid(`bench-order-${s}-${k}`),
};

/** As pg_temp.uid of bench/sql/customers.sql: md5 of the name, shaped as a version 4 uuid. */
export function md5Uuid(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  const variant = '89ab'[parseInt(h[16]!, 16) % 4]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20)}`;
}

/** The admin URL with another database name. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A short digest of a generator's SQL: a data set made by another version is made again. */
export function generatorVersion(part: DatasetPart): string {
  return createHash('sha1')
    .update(readFileSync(path.join(SQL_DIR, `${part}.sql`)))
    .digest('hex')
    .slice(0, 12);
}

/** The generator's SQL with its psql-style variables (`:stores`...) replaced by numbers. */
export function generatorSql(file: string, vars: Record<string, number>): string {
  const text = readFileSync(path.join(SQL_DIR, file), 'utf8');
  return text.replace(/(?<!:):([a-z_]+)\b/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
    return String(value);
  });
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl: string, database: string, recreate: boolean) {
  await withClient(adminUrl, async (admin) => {
    if (recreate) await admin.query(`drop database if exists ${database} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${database}`);
  });
}

async function migrate(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: '', tables });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}

const MARKERS = `create table if not exists bench_dataset (
  part text primary key, shape jsonb not null, rows bigint not null, seconds numeric not null,
  generated_at timestamptz not null default now())`;

export interface DatasetInfo {
  url: string;
  /** PostgreSQL's version, as `server_version` says. */
  version: string;
  /** What was done: generated now (with the seconds it took) or found. */
  log: string[];
}

type Log = (line: string) => void;

/**
 * The data set's database with the parts asked for, made if missing: the database is created and
 * migrated (new migrations are applied to a kept one), then each missing part is generated.
 * A part found half-made (an interrupted run) has the whole database made again.
 */
export async function ensureDataset(
  adminUrl: string,
  size: DatasetSize,
  parts: readonly DatasetPart[],
  log: Log = (line) => console.log(line),
): Promise<DatasetInfo> {
  const shape = DATASETS[size];
  const url = databaseUrl(adminUrl, shape.database);
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    log(`  [${shape.database}] ${line}`);
  };
  await createDatabase(adminUrl, shape.database, false);
  await migrate(url);
  // A part counts as done when its marker names this shape and this version of its generator
  // (compared key by key: jsonb keeps its own order of keys).
  const current = (part: DatasetPart): Record<string, unknown> => ({
    ...shape,
    generator: generatorVersion(part),
  });
  const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);
  let done = await withClient(url, async (client) => {
    await client.query(MARKERS);
    const rows = (
      await client.query<{ part: DatasetPart; shape: Record<string, unknown> }>(
        'select part, shape from bench_dataset',
      )
    ).rows;
    return rows.filter((r) => same(r.shape, current(r.part))).map((r) => r.part);
  });
  const hasCustomers = await withClient(
    url,
    async (c) => (await c.query('select 1 from stores limit 1')).rowCount,
  );
  if (!done.includes('customers') && hasCustomers) {
    say('found half-made, or made by another version of the generator: making it again from scratch');
    await createDatabase(adminUrl, shape.database, true);
    await migrate(url);
    await withClient(url, (c) => c.query(MARKERS));
    done = [];
  }
  const wanted: DatasetPart[] = parts.includes('orders') ? ['customers', 'orders'] : ['customers'];
  for (const part of wanted) {
    if (done.includes(part)) continue;
    const vars = {
      stores: shape.stores,
      customers_per_store: shape.customersPerStore,
      vehicles_per_store: shape.vehiclesPerStore,
      orders_per_store: shape.ordersPerStore,
    };
    say(`generating ${part} (${describe(shape, part)})...`);
    const started = performance.now();
    await withClient(url, async (client) => {
      await client.query(generatorSql(`${part}.sql`, vars));
      const tables =
        part === 'customers'
          ? ['households', 'customers', 'vehicles', 'users', 'stores']
          : ['inspection_orders'];
      await client.query(`vacuum analyze ${tables.join(', ')}`);
      const rows =
        part === 'customers' ? shape.customersPerStore + shape.vehiclesPerStore : shape.ordersPerStore;
      const seconds = (performance.now() - started) / 1000;
      await client.query(
        `insert into bench_dataset (part, shape, rows, seconds) values ($1, $2, $3, $4)
         on conflict (part) do update set shape = excluded.shape, rows = excluded.rows,
           seconds = excluded.seconds, generated_at = now()`,
        [part, JSON.stringify(current(part)), rows * shape.stores, seconds.toFixed(1)],
      );
      say(`${part} generated in ${seconds.toFixed(0)} s`);
    });
  }
  if (lines.length === 0) say(`found (${wanted.map((p) => describe(shape, p)).join('; ')})`);
  const version = await withClient(url, async (c) => {
    const row = (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0];
    return row?.v.split(' ')[0] ?? '?';
  });
  return { url, version, log: lines };
}

export function describe(shape: DatasetShape, part: DatasetPart): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return part === 'customers'
    ? `${n(shape.stores)} stores, ${n(shape.stores * shape.customersPerStore)} customers, ${n(shape.stores * shape.vehiclesPerStore)} vehicles`
    : `${n(shape.stores * shape.ordersPerStore)} orders`;
}
