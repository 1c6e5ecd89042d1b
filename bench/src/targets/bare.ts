import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { Target } from '../scenario.js';

/**
 * The baselines: the least a Fastify process answering from the database can do. No plugins,
 * no logger, no auth, no schema; the same pool size (10) as ServiceBay's PostgreSQL pool.
 */
export async function bareFastifyPg(databaseUrl: string): Promise<Target> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/select1', async () => {
    const result = await pool.query<{ one: number }>('select 1 as one');
    return { one: result.rows[0]?.one };
  });
  return {
    app,
    request: { path: '/select1' },
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

/** The same on embedded PGlite, with its data in a folder as ServiceBay keeps it. */
export async function bareFastifyPglite(workDir: string): Promise<Target> {
  const db = await PGlite.create(path.join(workDir, 'pglite'));
  const app = Fastify({ logger: false });
  app.get('/select1', async () => {
    const result = await db.query<{ one: number }>('select 1 as one');
    return { one: result.rows[0]?.one };
  });
  return {
    app,
    request: { path: '/select1' },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
