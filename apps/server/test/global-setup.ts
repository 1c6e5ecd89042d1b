import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, fromPglite, fromPool, migrateDatabase } from '../src/platform/db/client.js';
import { tables } from '../src/schema.js';

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (architecture decision 4): PGlite from a dumped data folder, PostgreSQL with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-template-'));
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migrateDatabase(fromPglite(client, tables));
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const template = `servicebay_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
  await migrateDatabase(fromPool(pool, tables));
  await pool.end();
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
