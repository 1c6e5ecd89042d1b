import { accountStoreFiguresRoute, fillPath, listAccountStoresRoute } from '@servicebay/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { bearer } from '../../../apps/server/test/factories.js';
import { stores } from '../../../apps/server/src/platform/db/schema/tenancy.js';
import type { Db } from '../../../apps/server/src/platform/db/client.js';
import type { BenchEnv, Engine, Target } from '../scenario.js';
import { startServiceBay, type ServiceBay } from './servicebay.js';

/**
 * An owner's account among other shops, with a shop's history in each store, so the day's figures
 * (docs/analytics.md) are read where most rows belong to other days and other accounts:
 * - `accountStores` stores in the owner's account, `otherStores` in accounts of their own;
 * - per store: `closedPerStore` closed orders over two years, a third of them decided by their
 *   customer (three items each: two approved, one declined) an hour after they were written;
 *   `openPerStore` open orders in the shop over the step states, the first `todayPerStore`
 *   written in the last hours, the rest over the past week; 10 appointments; and
 *   `decidedTodayPerStore` of today's orders decided by their customer in the last hour.
 * Every decided item has an estimate line (1.5 h at $120, a $45 part, a $5 fee for the approved,
 * 1 h and a $80 part for the declined).
 */
export interface FiguresShape {
  accountStores: number;
  otherStores: number;
  closedPerStore: number;
  openPerStore: number;
  todayPerStore: number;
  decidedTodayPerStore: number;
}

/** What the load scenarios read: a group of ten stores among fifty, with two years of work each. */
export const FIGURES_SHAPE: FiguresShape = {
  accountStores: 10,
  otherStores: 40,
  closedPerStore: 2_000,
  openPerStore: 40,
  todayPerStore: 15,
  decidedTodayPerStore: 6,
};

/** One store's orders, results, estimates and lines, in one statement (the CTEs' rows are checked at its end). */
function fillStore(db: Db, store: { id: string; customerId: string; vehicleId: string }, shape: FiguresShape, now: Date) {
  const int = (v: number) => sql`${v}::int`;
  const [closed, open, today, decidedToday] = [shape.closedPerStore, shape.openPerStore, shape.todayPerStore, shape.decidedTodayPerStore].map(int);
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.execute(sql`
    with plan as materialized (
      select gen_random_uuid() as id, k,
             k < ${closed} as closed,
             k >= ${closed} + ${open} as appointment,
             case
               when k < ${closed} then ${at} - interval '2 days' - (${closed} - k) * interval '730 days' / ${closed}
               when k < ${closed} + ${today} then ${at} - (k - ${closed}) * interval '20 minutes'
               else ${at} - interval '1 day' - (k - ${closed} - ${today}) * interval '5 hours'
             end as created,
             case when k < ${closed} then 6 else k % 6 end as progress
        from generate_series(0, ${closed} + ${open} + 9) k
    ),
    decided as materialized (
      select id, case
               when k < ${closed} and k % 3 = 0 then created + interval '1 hour'
               when k >= ${closed} and k < ${closed} + ${decidedToday} then ${at} - (k - ${closed}) * interval '5 minutes'
             end as at
        from plan
    ),
    orders as (
      insert into inspection_orders (id, store_id, customer_id, vehicle_id, order_number, order_number_key, vehicle_in_shop,
        scheduled, closed, closed_at, finished, state_inspection, state_estimate, state_approval, state_report, state_parts,
        state_work, created_at, updated_at)
      select id, ${store.id}, ${store.customerId}, ${store.vehicleId}, (10000 + k)::text, '05' || (10000 + k)::text,
             not appointment, case when appointment then ${at} + (k % 5) * interval '1 day' end,
             closed, case when closed then created + interval '1 day' end, closed,
             case when progress >= 2 then 'done' when progress = 1 then 'inProgress' else 'notStarted' end,
             case when progress >= 3 then 'done' when progress = 2 then 'inProgress' else 'notStarted' end,
             case when progress >= 4 then 'done' when progress = 3 then 'pending' else 'notStarted' end,
             case when progress >= 4 then 'done' else 'notStarted' end,
             case when progress >= 5 then 'done' when progress = 4 then 'inProgressSomeParts' else 'notStarted' end,
             case when progress >= 6 then 'done' when progress = 5 then 'inProgress' else 'notStarted' end,
             created, created
        from plan
      returning id
    ),
    priced as (
      insert into estimates (id, store_id, inspection_order_id, currency, labour_rate)
      select gen_random_uuid(), ${store.id}, d.id, 'CAD', 12000 from decided d where d.at is not null
      returning id, inspection_order_id
    ),
    results as (
      insert into inspection_results (store_id, inspection_order_id, group_key, section_key, item_key, result,
        customer_decision, customer_decided_at, client_approved_for_work)
      select ${store.id}, d.id, 'brakes', 'front', 'item' || i, 'warning',
             case when i = 2 then 'declined' else 'approved' end, d.at, i <> 2
        from decided d, generate_series(0, 2) i
       where d.at is not null
      returning id, inspection_order_id, customer_decision
    )
    insert into estimate_lines (store_id, estimate_id, result_id, description, labour_hours, parts, fees)
    select ${store.id}, p.id, r.id, 'Bench work',
           case when r.customer_decision = 'approved' then 1.5 else 1 end,
           case when r.customer_decision = 'approved'
                then '[{"number":"P-1","description":"Part","quantity":1,"unitPrice":4500}]'::jsonb
                else '[{"number":"P-2","description":"Part","quantity":1,"unitPrice":8000}]'::jsonb end,
           case when r.customer_decision = 'approved' then '[{"description":"Shop supplies","amount":500}]'::jsonb else '[]'::jsonb end
      from results r join priced p on p.inspection_order_id = r.inspection_order_id
  `);
}

/** The owner's account and the other shops, filled as `shape` says; the owner's account's store ids first. */
export async function fillAccountStores(sb: ServiceBay, shape: FiguresShape = FIGURES_SHAPE, now = new Date()) {
  const db = sb.platform.database.db;
  const partner = await sb.make.partner('Bench network');
  const account = await sb.make.account(partner.id, 'Bench auto group');
  const mine: string[] = [];
  for (let s = 0; s < shape.accountStores + shape.otherStores; s++) {
    const ours = s < shape.accountStores;
    const store = await sb.make.store(ours ? { accountId: account.id, partnerId: partner.id, name: `Bench ${s}` } : { name: `Other ${s}` });
    const customer = await sb.make.customer(store);
    const vehicle = await sb.make.vehicle(store, { householdId: customer.householdId });
    await fillStore(db, { id: store.id, customerId: customer.id, vehicleId: vehicle.id }, shape, now);
    if (ours) mine.push(store.id);
  }
  await db.update(stores).set({ settings: { currency: 'CAD' } }).where(inArray(stores.id, mine));
  await db.execute(sql`analyze`);
  const [first] = await db.select().from(stores).where(eq(stores.id, mine[0]!));
  const owner = await sb.make.user('owner', first!);
  return { account, storeIds: mine, owner };
}

/** The time zone of the bench's stores (no province: the default of the United States, the same day as Toronto's). */
export const FIGURES_TIME_ZONE = 'America/Toronto';

/**
 * `GET /v2/api/account/{a}/store/figures` as the owner: every store's cars, average repair order,
 * approval rate and open orders by stage, today in the store's time zone.
 */
export async function storeFiguresTarget(env: BenchEnv, engine: Engine): Promise<Target> {
  const sb = await startServiceBay(env, engine);
  const { account, owner } = await fillAccountStores(sb);
  return {
    app: sb.app,
    request: {
      path: fillPath(accountStoreFiguresRoute.path, { accountId: account.id }),
      headers: await bearer(sb.platform.tokens, owner),
    },
    close: sb.close,
  };
}

/** The page's other call on the same data: `GET /v2/api/account/{a}/store?tzOffset=300`, the stores with their counts. */
export async function accountStoresTarget(env: BenchEnv, engine: Engine): Promise<Target> {
  const sb = await startServiceBay(env, engine);
  const { account, owner } = await fillAccountStores(sb);
  return {
    app: sb.app,
    request: {
      path: `${fillPath(listAccountStoresRoute.path, { accountId: account.id })}?tzOffset=300`,
      headers: await bearer(sb.platform.tokens, owner),
    },
    close: sb.close,
  };
}
