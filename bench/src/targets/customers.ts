import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeVinRoute, fillPath, householdVehiclesRoute, searchHouseholdsRoute } from '@servicebay/domain';
import type { Db } from '../../../apps/server/src/platform/db/client.js';
import { createCustomersRepository } from '../../../apps/server/src/modules/customers/customers.repository.js';
import { DEMO_VEHICLES } from '../../../apps/server/src/modules/demo/demo.customers.js';
import { bearer } from '../../../apps/server/test/factories.js';
import { BENCH_STORE, benchIds } from '../datasets.js';
import type { BenchEnv, Target } from '../scenario.js';
import { onDataset, rotating } from './dataset.js';
import { startServiceBay } from './servicebay.js';

/** What an advisor types in the household search box. */
export type SearchKind = 'name' | 'phone' | 'plate' | 'typo';

export const SEARCH_KINDS: Record<SearchKind, string> = {
  name: 'a last-name fragment (smit, trembl)',
  phone: 'the last seven digits of a phone, as typed (827-6522)',
  plate: "a plate, as written ('RXJ 119') or run together (rxj119)",
  typo: 'a misspelled last name (one letter wrong: gagnen)',
};

/** Terms per kind; each connection sends them in turn, so no answer is a repeat of the last. */
const TERMS = 20;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `n` items spread over the whole list, first to last. */
function spread<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]!);
}

/**
 * One letter of a name changed the way people misspell names: a vowel in its second half
 * (tremblay: trembley, landry: landri), else its last letter doubled.
 */
export function misspell(name: string): string {
  const lower = name.toLowerCase();
  for (let i = lower.length - 1; i >= Math.ceil(lower.length / 2); i--) {
    const c = lower[i]!;
    if ('aeiouy'.includes(c))
      return lower.slice(0, i) + (c === 'e' ? 'a' : c === 'y' ? 'i' : 'e') + lower.slice(i + 1);
  }
  return lower + lower.at(-1);
}

/**
 * Search terms of each kind taken from the store's own rows, so that every one finds something
 * (checked: a term that finds nothing would measure an empty answer).
 */
export async function searchTerms(db: Db, storeId: string): Promise<Record<SearchKind, string[]>> {
  const names = rowsOf<{ last_name: string }>(
    await db.execute(sql`select distinct last_name from customers
      where store_id = ${storeId} and last_name is not null order by last_name`),
  ).map((r) => r.last_name);
  const phones = rowsOf<{ mobile_phone: string }>(
    await db.execute(sql`select mobile_phone from customers
      where store_id = ${storeId} and mobile_phone is not null order by id limit ${TERMS}`),
  ).map((r) => r.mobile_phone);
  const plates = rowsOf<{ license_plate: string }>(
    await db.execute(sql`select license_plate from vehicles
      where store_id = ${storeId} and license_plate is not null order by id limit ${TERMS}`),
  ).map((r) => r.license_plate);
  const terms: Record<SearchKind, string[]> = {
    name: spread(names, TERMS).map((n) => n.toLowerCase().slice(0, Math.max(4, n.length - 2))),
    phone: phones.map((p) => `${p.slice(3, 6)}-${p.slice(6)}`),
    plate: plates.map((p, i) => (i % 2 ? p.replace(/\s+/g, '').toLowerCase() : p)),
    typo: [],
  };
  const repo = createCustomersRepository(db);
  // Misspellings the search is meant to forgive (one letter, trigram word similarity >= 0.45):
  // those it does not find are left out, not measured as empty answers.
  for (const name of names.filter((n) => n.length >= 6)) {
    if (terms.typo.length >= TERMS) break;
    const term = misspell(name);
    if ((await repo.searchHouseholds(storeId, term)).householdIds.length > 0) terms.typo.push(term);
  }
  for (const [kind, list] of Object.entries(terms)) {
    if (list.length === 0)
      throw new Error(`the store has no rows to search by ${kind}: is the data set there?`);
    for (const term of list) {
      const found = await repo.searchHouseholds(storeId, term);
      if (found.householdIds.length === 0)
        throw new Error(`the ${kind} term '${term}' finds nothing in the store`);
    }
  }
  return terms;
}

/** The household search's path for a term, as the staff app calls it (50 vehicles at most). */
export const searchPath = (storeId: string, term: string) =>
  `${fillPath(searchHouseholdsRoute.path, { storeId })}?maxVehicles=50&search=${encodeURIComponent(term)}`;

/** The fleets of the bench store: its businesses' households, 26 vehicles each. */
export const fleetHouseholds = (s: number) =>
  Array.from({ length: 20 }, (_, i) => benchIds.household(s, i * 50));

/** `GET /v2/search/store/{s}/household?maxVehicles=50&search=` with 20 terms of one kind in turn. */
export async function householdSearchTarget(env: BenchEnv, kind: SearchKind): Promise<Target> {
  const { sb, storeId, headers } = await onDataset(env);
  try {
    const terms = (await searchTerms(sb.platform.database.db, storeId))[kind];
    return {
      app: sb.app,
      request: rotating(
        terms.map((t) => searchPath(storeId, t)),
        headers,
      ),
      close: sb.close,
    };
  } catch (error) {
    await sb.close();
    throw error;
  }
}

/** `GET /v2/api/store/{s}/household/{h}/vehicle` (first page of 20) for the store's 20 fleets in turn. */
export async function householdVehiclesTarget(env: BenchEnv): Promise<Target> {
  const { sb, storeId, headers } = await onDataset(env);
  const paths = fleetHouseholds(BENCH_STORE).map((householdId) =>
    fillPath(householdVehiclesRoute.path, { storeId, householdId }),
  );
  return { app: sb.app, request: rotating(paths, headers), close: sb.close };
}

/**
 * Where the VIN scenarios keep the expanded vPIC database: outside the scenario's folder (removed
 * after each scenario), so that it is expanded once, not at every run.
 */
export const VPIC_CACHE = path.join(os.tmpdir(), 'servicebay-bench', 'vpic.lite.db');

/** The demo data's 60 decodable VINs (demo.customers.ts), in turn. */
export const DEMO_VINS = DEMO_VEHICLES.map((v) => v[0]);

/** `GET /v1/api/vin/{vin}` as an advisor, over the 60 demo VINs in turn. */
export async function vinDecodeTarget(env: BenchEnv): Promise<Target> {
  const sb = await startServiceBay(env, 'postgres', { config: { VPIC_DB_PATH: VPIC_CACHE } });
  const store = await sb.make.store();
  const advisor = await sb.make.user('ServiceAdvisor', store);
  const paths = DEMO_VINS.map((vin) => fillPath(decodeVinRoute.path, { vin }));
  return {
    app: sb.app,
    request: rotating(paths, await bearer(sb.platform.tokens, advisor)),
    close: sb.close,
  };
}
