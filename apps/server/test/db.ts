import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS, fromPglite, fromPool, type Database } from '../src/platform/db/client.js';
import { tables } from '../src/schema.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let templateBytes: Buffer | undefined;

/** A fresh, migrated database of its own for a test file, copied from the run's template. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    templateBytes ??= readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([templateBytes]), extensions: PGLITE_EXTENSIONS });
    return fromPglite(client, tables);
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `servicebay_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.query(`alter database ${name} set synchronous_commit to off`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = fromPool(new pg.Pool({ connectionString: dbUrl.toString(), max: 5 }), tables);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
