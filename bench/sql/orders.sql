-- The orders data set of the dashboard benchmarks (docs/benchmarks.md, "Data sets"):
-- :orders_per_store inspection orders in each of the :stores stores that bench/sql/customers.sql
-- made (run after it, on the same database), written straight in SQL, not through the API.
-- Run by bench/src/datasets.ts, or by hand:
--   psql -v stores=10 -v orders_per_store=1000 -v customers_per_store=1000 -v vehicles_per_store=1500 -f bench/sql/orders.sql <db>
--
-- As customers.sql: every value is a hash of the store's number and the order's, so store s holds
-- the same orders in a database of any size, and the stores' rows are interleaved in the heap.
--
-- Per store, with 1,000 orders: RO numbers 10000 up in creation order (one in a hundred written
-- without a number), created over two years; a shop's history is closed orders, so:
--   - the newest 40 are open: 30 in the shop (the dashboard's default list), 10 appointments (out
--     of the shop, scheduled in the coming days);
--   - one older order in two hundred was never closed (5 per store, in the shop): stale tickets;
--   - every other order is closed and finished, all steps done;
--   - open orders are spread over the step states, a fifth of them waiting, most assigned to one
--     of the store's two advisors and two technicians (bench users 1-4);
--   - each order is for a vehicle of the store and that vehicle's owner (customers.sql's
--     households).
-- order_number_key is orderNumberSortKey of packages/domain (orders/order.ts) for these numbers:
-- two digits of length, then the digits.

begin;

set local maintenance_work_mem = '512MB';
set local synchronous_commit = off;

create function pg_temp.h(x bigint) returns bigint language sql immutable parallel safe
  as $$ select hashint8(x)::bigint & 2147483647 $$;

create function pg_temp.uid(name text) returns uuid language sql immutable parallel safe as $$
  select (substr(h, 1, 12) || '4' || substr(h, 14, 3)
          || substr('89ab89ab89ab89ab', position(substr(h, 17, 1) in '0123456789abcdef'), 1)
          || substr(h, 18))::uuid
    from (select md5(name) as h) x
$$;

truncate inspection_orders cascade;

create temp table bench_indexes on commit drop as
  select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
    from pg_index
   where indrelid = 'inspection_orders'::regclass and not indisprimary and not indisunique;

do $$
declare r record;
begin
  for r in select * from bench_indexes loop
    execute format('drop index %s', r.name);
  end loop;
end $$;

with o as (
  select s, k, s::bigint * 1000003 + k as n,
         k >= :orders_per_store - 40 as recent_open,
         k >= :orders_per_store - 10 as appointment,
         k < :orders_per_store - 40 and k % 200 = 7 as stale,
         -- the vehicle: one of the store's, and the customer owning it (customers.sql)
         pg_temp.h((s::bigint * 1000003 + k) * 8 + 1) % :vehicles_per_store as m
    from generate_series(0, :orders_per_store - 1) k, generate_series(0, :stores - 1) s
),
d as (
  select o.*, recent_open or stale as open,
         case when m < :customers_per_store then m
              else ((m - :customers_per_store) % greatest(1, :customers_per_store / 50)) * 50 end as owner,
         pg_temp.h(n * 8 + 2) as r2, pg_temp.h(n * 8 + 3) as r3, pg_temp.h(n * 8 + 4) as r4,
         timestamptz '2024-11-22 08:00Z' + (k::float8 / :orders_per_store) * interval '730 days'
           + (s % 60) * interval '1 minute' as created
    from o
),
e as (
  select d.*,
         case when k % 100 = 99 then null else (10000 + k)::text end as order_number,
         -- an open order's progress: 0 just written ... 5 work in progress
         case when open then r2 % 6 else 6 end as progress
    from d
)
insert into inspection_orders (
  id, store_id, customer_id, vehicle_id, service_advisor_id, technician_id, order_number, order_number_key,
  waiting, note, time_promised, mileage_in, mileage_out, vehicle_in_shop, scheduled,
  state_inspection, state_estimate, state_approval, state_report, state_parts, state_work,
  closed, closed_at, finished, estimate_status, estimate_delivery, report_status, meeting_status, created_at, updated_at)
select pg_temp.uid('bench-order-' || s || '-' || k), pg_temp.uid('bench-store-' || s),
       pg_temp.uid('bench-customer-' || s || '-' || owner), pg_temp.uid('bench-vehicle-' || s || '-' || m),
       pg_temp.uid('bench-user-' || s || '-' || (1 + r3 % 2)),
       case when open and r3 % 5 = 0 then null else pg_temp.uid('bench-user-' || s || '-' || (3 + r4 % 2)) end,
       order_number,
       case when order_number is null then null else lpad(length(order_number)::text, 2, '0') || order_number end,
       open and r4 % 5 = 0,
       case when r4 % 4 = 0 then (array['Customer waiting in the lounge', 'Noise from the front left when braking',
                                         'Check engine light on', 'Oil change and tire rotation', 'Winter tires on',
                                         'Pulls to the right', 'AC not cold', 'Annual inspection'])[1 + r3 % 8] end,
       case when open and r2 % 3 = 0 then created + interval '4 hours' end,
       20000 + (r2 % 180000)::int,
       case when not open then 20000 + (r2 % 180000)::int + (r3 % 30)::int end,
       not appointment,
       case when appointment then timestamptz '2026-11-23 08:00Z' + (r3 % 14) * interval '12 hours'
            when not open and r3 % 3 = 0 then created end,
       case when progress >= 2 then 'done' when progress = 1 then 'inProgress' else 'notStarted' end,
       case when progress >= 3 then 'done' when progress = 2 then 'inProgress' else 'notStarted' end,
       case when progress >= 4 then 'done' when progress = 3 then 'pending' else 'notStarted' end,
       case when progress >= 4 then 'done' else 'notStarted' end,
       case when progress >= 5 then 'done' when progress = 4 then 'inProgressSomeParts' else 'notStarted' end,
       case when progress >= 6 then 'done' when progress = 5 then 'inProgress' else 'notStarted' end,
       not open,
       case when not open then created + interval '1 day' end,
       not open,
       case when progress >= 4 then 'AUTHORIZED' when progress = 3 then 'IN_PROGRESS' end,
       case when progress >= 3 then 'DELIVERED' else 'NOT_SENT' end,
       case when progress >= 4 then 'sent' end,
       case when progress >= 4 then 'finished' end,
       created, case when open then created + interval '1 hour' else created + interval '1 day' end
  from e
 order by k, s;

do $$
declare r record;
begin
  for r in select * from bench_indexes loop
    execute r.def;
  end loop;
end $$;

commit;
