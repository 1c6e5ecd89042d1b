import { countRepairOrdersRoute, listRepairOrdersRoute } from '@servicebay/domain';
import { createCustomersRepository } from '../../../apps/server/src/modules/customers/customers.repository.js';
import { createCustomersService } from '../../../apps/server/src/modules/customers/customers.service.js';
import {
  createRepairOrdersService,
  type RepairOrdersDeps,
} from '../../../apps/server/src/modules/repair-orders/repair-orders.service.js';
import { createStoreRepository } from '../../../apps/server/src/modules/stores/store.repository.js';
import type { Db } from '../../../apps/server/src/platform/db/client.js';
import { BENCH_STORE, benchIds } from '../datasets.js';
import type { ProbeOptions, ProbeResult } from '../scenario.js';
import { COUNT_QUERY, DASHBOARD_QUERY } from '../targets/repair-orders.js';
import { explainProbe } from './explain.js';

/** The reads never write: an outbox that refuses, and picture links left unsigned. */
const readOnly = {
  outbox: {
    transaction: () => Promise.reject(new Error('the bench reads only')),
  } as unknown as RepairOrdersDeps['outbox'],
  link: (() => null) as RepairOrdersDeps['link'],
};

function service(db: Db) {
  return createRepairOrdersService({
    db,
    ...readOnly,
    customers: (d: Db) =>
      createCustomersService(createCustomersRepository(d), createStoreRepository(d), readOnly.link),
  });
}

/** The query string as the route parses it, so the service gets what the handler gives it. */
const parsed = <T>(schema: { parse(v: unknown): T } | undefined, query: string): T => {
  if (!schema) throw new Error('the route has no query schema');
  return schema.parse(Object.fromEntries(new URLSearchParams(query)));
};

/**
 * The dashboard's list and count, as their handlers call the service, in the 10,000-order and
 * the 1,000,000-order databases: same store, same orders.
 */
export function ordersExplainProbe(options: ProbeOptions): Promise<ProbeResult> {
  const storeId = benchIds.store(BENCH_STORE);
  const listQuery = parsed(listRepairOrdersRoute.query, DASHBOARD_QUERY);
  const countQuery = parsed(countRepairOrdersRoute.query, COUNT_QUERY);
  return explainProbe(options, {
    id: 'orders-explain',
    labels: { small: '10k', large: '1m' },
    intro:
      'orders-explain: shared buffers (hit + read) one call of the service reads, summed over the statements it sends ' +
      '(each replayed under EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction); the bench store holds the same ' +
      '1,000 orders (35 open in the shop) in the 10k database (10 stores) and the 1M one (1,000 stores). The goal: within 3×.',
    cases: () =>
      Promise.resolve([
        {
          id: 'dashboard-list',
          what: "the dashboard's first page (in the shop, RO desc, 10)",
          calls: [(db: Db) => service(db).list(storeId, listQuery as never)],
        },
        {
          id: 'dashboard-count',
          what: "the dashboard's order count (in the shop)",
          calls: [(db: Db) => service(db).count(storeId, countQuery as never)],
        },
      ]),
  });
}
