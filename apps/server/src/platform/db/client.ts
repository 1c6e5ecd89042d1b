import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-dir-lock.js';

/**
 * Every table of the server, as drizzle's relational queries (`db.query.<table>`) know them. Each
 * table is declared beside its owner (docs/architecture.md, Database), and the platform imports no
 * module, so this interface is filled in by apps/server/src/schema.ts (declaration merging), and
 * whoever opens a database hands that file's `tables` over.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}
/** The one database type the repositories see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, { [K in keyof Tables]: Tables[K] }>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Hears every `pg_notify(channel, payload)` committed on this database, by any process. On a
   * PostgreSQL server a connection of its own listens; when it is lost it comes back by itself and
   * `onRestored` is called, since what was notified meanwhile was missed. Resolves with a function
   * that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onRestored?: () => void): Promise<() => Promise<void>>;
}

/** Extensions the migrations create (household search); PGlite must load them at every open. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);

/** A PGlite instance already open (a test clone, say) wrapped for the repositories. */
export function fromPglite(client: PGlite, tables: Tables): Database {
  const db = drizzlePglite(client, { schema: tables }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
    async listen(channel, onMessage) {
      // One PGlite is one process's, so nothing is ever missed.
      const unlisten = await client.listen(channel, onMessage);
      return () => unlisten();
    },
  };
}

const RELISTEN_MS = { first: 500, max: 30_000 };

/** A connection of its own that LISTENs on a channel and reconnects when it is lost. */
async function listenOnServer(
  config: pg.ClientConfig,
  channel: string,
  onMessage: (payload: string) => void,
  onRestored: (() => void) | undefined,
  onError: ((error: Error) => void) | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RELISTEN_MS.first;

  const lost = (failed: pg.Client, error?: Error) => {
    if (client !== failed) return;
    client = null;
    failed.removeAllListeners('notification');
    failed.end().catch(() => {});
    if (stopped) return;
    if (error) onError?.(error);
    retry = setTimeout(() => void connect(true), delay);
    retry.unref();
    delay = Math.min(delay * 2, RELISTEN_MS.max);
  };

  async function connect(again: boolean): Promise<void> {
    const next = new pg.Client(config);
    client = next;
    // An unheard 'error' event would end the process; a lost connection is retried instead.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(next, error as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    delay = RELISTEN_MS.first;
    if (again) onRestored?.();
  }

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

export function fromPool(pool: pg.Pool, tables: Tables, onIdleError?: (error: Error) => void): Database {
  // An idle connection can die under us (server restart, database dropped by an operator);
  // node-postgres emits that on the pool, and an unheard 'error' event would end the process.
  // The broken client is discarded and the next query gets a new one.
  pool.on('error', (error) => onIdleError?.(error));
  const db = drizzlePg(pool, { schema: tables }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
    listen: (channel, onMessage, onRestored) => listenOnServer(pool.options, channel, onMessage, onRestored, onIdleError),
  };
}

/**
 * Opens the configured database: a PostgreSQL server by URL, else PGlite in dataDir, which one
 * process at a time may open (DataDirLockedError otherwise); closing it releases the folder.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  tables: Tables;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    return fromPool(pool, opts.tables, opts.onIdleError);
  }
  const dir = path.join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataFolder(dir);
  try {
    const database = fromPglite(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }), opts.tables);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Applies the forward-only migrations; safe to run at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select not exists (select 1 from partners) and not exists (select 1 from accounts) as empty`,
  );
  const rows = (result as unknown as { rows: Array<{ empty: boolean }> }).rows;
  return rows[0]?.empty ?? true;
}
