import { createCustomersRepository } from '../../../apps/server/src/modules/customers/customers.repository.js';
import { createCustomersService } from '../../../apps/server/src/modules/customers/customers.service.js';
import { createStoreRepository } from '../../../apps/server/src/modules/stores/store.repository.js';
import type { Db } from '../../../apps/server/src/platform/db/client.js';
import { BENCH_STORE, benchIds } from '../datasets.js';
import type { ProbeOptions, ProbeResult } from '../scenario.js';
import { fleetHouseholds, SEARCH_KINDS, searchTerms, type SearchKind } from '../targets/customers.js';
import { explainProbe, type ExplainCase } from './explain.js';

/** Pictures are not read by these calls; their links are not signed. */
const noLinks: Parameters<typeof createCustomersService>[2] = () => null;
const service = (db: Db) =>
  createCustomersService(createCustomersRepository(db), createStoreRepository(db), noLinks);

/**
 * The household search and the household vehicle list, as their handlers call the service, in
 * the 10,000-customer and the 1,000,000-customer databases: same store, same rows, same terms.
 */
export function customersExplainProbe(options: ProbeOptions): Promise<ProbeResult> {
  const storeId = benchIds.store(BENCH_STORE);
  return explainProbe(options, {
    id: 'customers-explain',
    labels: { small: '10k', large: '1m' },
    intro:
      'customers-explain: shared buffers (hit + read) one call of the service reads, summed over the ' +
      "statements it sends (each replayed under EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction), mean over five terms; the bench store holds the same 1,000 customers and 1,500 vehicles in the 10k database (10 stores) and the 1M one (1,000 stores), so the ratio is what the rest of the database costs a store's query. The registrar's own lookups (token, store) are not included.",
    async cases(db): Promise<ExplainCase[]> {
      const terms = await searchTerms(db, storeId);
      const search = (Object.keys(SEARCH_KINDS) as SearchKind[]).map((kind) => ({
        id: `search-${kind}`,
        what: `household search by ${kind}`,
        calls: terms[kind].map((term) => (d: Db) => service(d).searchHouseholds(storeId, term, 50)),
      }));
      return [
        ...search,
        {
          id: 'household-vehicles',
          what: "a fleet household's vehicle list",
          calls: fleetHouseholds(BENCH_STORE).map(
            (householdId) => (d: Db) =>
              service(d).householdVehicles(storeId, householdId, { page: 0, size: 20 }),
          ),
        },
      ];
    },
  });
}
