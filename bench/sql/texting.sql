-- The texting benchmarks' data (docs/benchmarks.md, "Texting"): two stores of one account in the
-- run's own database, written straight in SQL (not through the API) into tables the project's
-- migrations made. Run by bench/src/targets/texting-data.ts, or by hand on a migrated database:
--   psql -v large_customers=2000 -v large_texts=100000 -v small_customers=20 -v small_texts=1000 \
--        -f bench/sql/texting.sql <db>
--
-- Store 'large' holds :large_texts texts over :large_customers customers; store 'small' the same
-- fifty texts per customer, :small_texts over :small_customers. Per store, customer k has its own
-- household, a vehicle, a ten-digit mobile phone (as the server stores phones), permission to
-- text, and one repair order (the first 40 open in the shop, the rest closed). Text i belongs to
-- customer i mod C, so a customer's texts are spread over the heap and over the last year, the
-- store's and the customer's in turn, all read and delivered, except in the last round:
--   - customers 0-14 wrote last and it is unread (the unread badge counts them),
--   - customers 15-19 were sent a text that failed, not seen yet (the error icon),
-- the same twenty customers in both stores, so the counts read the same rows in both and any
-- difference in cost between the stores is the other texts and conversations. The conversation
-- lines are then written from the texts as messaging.repository.ts's rebuildConversation writes
-- them (latest text, unread and error counts, last inbound time).

begin;

set local synchronous_commit = off;

create function pg_temp.uid(name text) returns uuid language sql immutable parallel safe as $$
  select (substr(h, 1, 12) || '4' || substr(h, 14, 3)
          || substr('89ab89ab89ab89ab', position(substr(h, 17, 1) in '0123456789abcdef'), 1)
          || substr(h, 18))::uuid
    from (select md5(name) as h) x
$$;

insert into partners (id, name) values (pg_temp.uid('texting-partner'), 'Texting bench partner');
insert into accounts (id, partner_id, name)
  values (pg_temp.uid('texting-account'), pg_temp.uid('texting-partner'), 'Texting bench account');

create temp table bench_shapes (tag text, customers int, texts int, area text) on commit drop;
insert into bench_shapes values ('large', :large_customers, :large_texts, '438'), ('small', :small_customers, :small_texts, '450');

insert into stores (id, account_id, partner_id, name, email, phone_no, address, settings)
select pg_temp.uid('texting-store-' || tag), pg_temp.uid('texting-account'), pg_temp.uid('texting-partner'),
       'Texting ' || tag, tag || '@texting.bench.example.com', '5145550199', '1 Main Street',
       '{"timeZone": "America/Toronto"}'::jsonb
  from bench_shapes;

-- Five staff users per store: a manager, two advisors, two technicians.
insert into users (id, username, type, store_id, account_id, partner_id, first_name, last_name, email)
select pg_temp.uid('texting-user-' || tag || '-' || u), 'texting-' || tag || '-u' || u,
       (array['StoreManager', 'ServiceAdvisor', 'ServiceAdvisor', 'Technician', 'Technician'])[u + 1],
       pg_temp.uid('texting-store-' || tag), pg_temp.uid('texting-account'), pg_temp.uid('texting-partner'),
       'Staff' || u, initcap(tag), 'staff' || u || '.' || tag || '@texting.bench.example.com'
  from bench_shapes, generate_series(0, 4) u;

insert into households (id, store_id, created_at)
select pg_temp.uid('texting-household-' || tag || '-' || k), pg_temp.uid('texting-store-' || tag),
       timestamptz '2024-01-01 08:00Z' + k * interval '1 hour'
  from bench_shapes, generate_series(0, customers - 1) k;

insert into customers (id, store_id, household_id, first_name, last_name, honorific, mobile_phone, primary_phone,
                       permission_to_text, search_text, created_at)
select pg_temp.uid('texting-customer-' || tag || '-' || k), pg_temp.uid('texting-store-' || tag),
       pg_temp.uid('texting-household-' || tag || '-' || k),
       (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth'])[1 + k % 10],
       'Texter' || k, 'Mr', phone, phone, true,
       lower(concat_ws(' ', (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth'])[1 + k % 10],
                       'Texter' || k, phone, phone)),
       timestamptz '2024-01-01 08:00Z' + k * interval '1 hour'
  from (select tag, k, area || '555' || lpad(k::text, 4, '0') as phone
          from bench_shapes, generate_series(0, customers - 1) k) c;

insert into vehicles (id, store_id, household_id, year, make, model, license_plate, search_text, created_at)
select pg_temp.uid('texting-vehicle-' || tag || '-' || k), pg_temp.uid('texting-store-' || tag),
       pg_temp.uid('texting-household-' || tag || '-' || k),
       2010 + k % 15, (array['Toyota','Honda','Ford','Chevrolet','Hyundai'])[1 + k % 5],
       (array['Corolla','Civic','F-150','Malibu','Elantra'])[1 + k % 5],
       'TXT ' || lpad(k::text, 4, '0'), lower('TXT ' || lpad(k::text, 4, '0') || ' txt' || lpad(k::text, 4, '0')),
       timestamptz '2024-01-01 08:00Z' + k * interval '1 hour'
  from bench_shapes, generate_series(0, customers - 1) k;

insert into inspection_orders (id, store_id, customer_id, vehicle_id, service_advisor_id, order_number, order_number_key,
                               vehicle_in_shop, closed, closed_at, finished, created_at, updated_at)
select pg_temp.uid('texting-order-' || tag || '-' || k), pg_temp.uid('texting-store-' || tag),
       pg_temp.uid('texting-customer-' || tag || '-' || k), pg_temp.uid('texting-vehicle-' || tag || '-' || k),
       pg_temp.uid('texting-user-' || tag || '-1'),
       (50000 + k)::text, lpad(length((50000 + k)::text)::text, 2, '0') || (50000 + k)::text,
       k < 40, k >= 40, case when k >= 40 then timestamptz '2026-06-01 08:00Z' end, k >= 40,
       timestamptz '2026-05-01 08:00Z' + k * interval '1 minute', timestamptz '2026-05-01 08:00Z' + k * interval '1 minute'
  from bench_shapes, generate_series(0, customers - 1) k;

-- The texts: round r = i / C of customer k = i mod C; the store writes in even rounds, the
-- customer answers in odd ones; one text every few minutes over the year before 2026-11-30.
with t as (
  select tag, customers, texts, area, i, i % customers as k, i / customers as r, i >= texts - customers as last_round,
         timestamptz '2026-11-30 12:00Z' - (texts - i) * (interval '365 days' / texts) as created
    from bench_shapes, generate_series(0, texts - 1) i
),
u as (
  select t.*, '+1' || area || '555' || lpad(k::text, 4, '0') as phone,
         case when last_round and k < 15 then 'customer'
              when last_round and k < 20 then 'store'
              when r % 2 = 0 then 'store' else 'customer' end as sender,
         last_round and k < 20 as pending
    from t
)
insert into text_messages (id, store_id, customer_id, message_id, user_id, sender_type, sender_name, "from", "to", text,
                           status, via, seen_at, error, created_at, updated_at)
select pg_temp.uid('texting-text-' || tag || '-' || i), pg_temp.uid('texting-store-' || tag),
       pg_temp.uid('texting-customer-' || tag || '-' || k),
       case when sender = 'store' then 'bench-' || tag || '-' || i else 'SM' || md5('texting-' || tag || '-' || i) end,
       case when sender = 'store' then pg_temp.uid('texting-user-' || tag || '-' || (1 + i % 2)) end,
       sender,
       case when sender = 'store' then 'Staff' || (1 + i % 2) || ' ' || initcap(tag) else 'Texter' || k end,
       case when sender = 'store' then 'Texting ' || tag else phone end,
       case when sender = 'store' then phone else '+15145550199' end,
       case when sender = 'store'
            then (array['Your car is ready for pickup.', 'We found worn front brake pads; can we replace them?',
                        'Your appointment is confirmed for tomorrow at 8:00.', 'The parts arrived, we start this afternoon.'])[1 + r % 4]
            else (array['Thanks, see you soon!', 'Yes, go ahead.', 'What time can I pick it up?', 'How much will it be?'])[1 + r % 4] end,
       case when sender = 'customer' then 'received' when pending then 'failed' else 'delivered' end,
       case when sender = 'store' then 'twilio' end,
       case when pending then null else created + interval '5 minutes' end,
       case when sender = 'store' and pending then '30003' end,
       created, created
  from u;

insert into conversations (store_id, customer_id, phone, last_text, last_sender, last_sender_type, last_message_at,
                           last_inbound_at, unread_count, error_count)
select l.store_id, l.customer_id, case when l.sender_type = 'customer' then l."from" else l."to" end,
       l.text, l.sender_name, l.sender_type, l.created_at, a.last_inbound, a.unread, a.errors
  from (select distinct on (store_id, customer_id) *
          from text_messages
         where store_id in (select pg_temp.uid('texting-store-' || tag) from bench_shapes)
         order by store_id, customer_id, created_at desc, id desc) l
  join (select store_id, customer_id,
               count(*) filter (where sender_type = 'customer' and seen_at is null)::int as unread,
               count(*) filter (where sender_type = 'store' and status in ('failed', 'undelivered') and seen_at is null)::int as errors,
               max(created_at) filter (where sender_type = 'customer') as last_inbound
          from text_messages
         where store_id in (select pg_temp.uid('texting-store-' || tag) from bench_shapes)
         group by store_id, customer_id) a using (store_id, customer_id);

commit;
