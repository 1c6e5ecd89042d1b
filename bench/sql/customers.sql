-- The customers data set of the household search benchmarks (docs/benchmarks.md, "Data sets"):
-- :stores stores of one account, each with five staff users, :customers_per_store customers and
-- :vehicles_per_store vehicles, written straight in SQL (not through the API) into a database
-- the project's migrations made. Run by bench/src/datasets.ts, or by hand:
--   psql -v stores=10 -v customers_per_store=1000 -v vehicles_per_store=1500 -f bench/sql/customers.sql <db>
--
-- Store s of one size of data set holds the same rows as store s of any other (every value is a
-- hash of the store number and the row's number in the store), so a search in store 5 of a
-- 10-store database and in store 5 of a 1,000-store one reads the same rows: only the rest of the
-- database differs. Rows of the stores are interleaved (row i belongs to store i mod :stores), as
-- customers of many stores arrive over the same years: a store's rows are spread over the heap.
--
-- Per store, with 1,000 customers and 1,500 vehicles:
--   - customer k is a business (k mod 50 = 0: 20 per store, no first or last name) or a person;
--   - customer k with k mod 10 = 1 shares the household of customer k - 1 (a couple, or a
--     business's contact person), same last name; every other customer heads a household of its
--     own: 900 households per store;
--   - vehicle m < :customers_per_store belongs to customer m's household; the rest are fleet
--     vehicles of the businesses (25 more each), with fleet numbers;
--   - names from lists of common Canadian and American first and last names (last names skewed
--     so the common ones repeat, as they do), e-mail for seven customers in ten, a mobile phone
--     (ten digits, as the server stores phones) for nine in ten, a home phone for three in ten;
--   - plates 'ABC 123' / 'ABCD 123', VINs built from decodable vPIC patterns (the demo data's)
--     with a made-up serial and the 49 CFR 565 check digit, year, make, model, engine, trim.
-- search_text is written exactly as customers.repository.ts writes it (customerSearchText,
-- vehicleSearchText).
--
-- The secondary indexes of households, customers and vehicles are dropped during the inserts and
-- rebuilt from their own definitions afterwards (pg_get_indexdef), which is many times faster
-- than maintaining trigram indexes row by row and leaves the same indexes the migrations made.

begin;

set local maintenance_work_mem = '512MB';
set local synchronous_commit = off;

-- A non-negative 31-bit hash of a number: the generator's only source of variety.
create function pg_temp.h(x bigint) returns bigint language sql immutable parallel safe
  as $$ select hashint8(x)::bigint & 2147483647 $$;

-- A version-4-shaped uuid from a name (md5, with the version and variant bits the API's ids
-- have), so that the ids are stable across runs and sizes: bench/src/datasets.ts computes the same.
create function pg_temp.uid(name text) returns uuid language sql immutable parallel safe as $$
  select (substr(h, 1, 12) || '4' || substr(h, 14, 3)
          || substr('89ab89ab89ab89ab', position(substr(h, 17, 1) in '0123456789abcdef'), 1)
          || substr(h, 18))::uuid
    from (select md5(name) as h) x
$$;

-- The 49 CFR 565 check digit of a 17-character VIN (position 9 is ignored).
create function pg_temp.vin_check(vin text) returns text language sql immutable parallel safe as $$
  select substr('0123456789X', 1 + (
    select sum(substr(t, i, 1)::int * (array[8,7,6,5,4,3,2,10,0,9,8,7,6,5,4,3,2])[i])::int % 11
      from generate_series(1, 17) i), 1)
    from (select translate(substr(vin, 1, 8) || '0' || substr(vin, 10),
                           'ABCDEFGHJKLMNPRSTUVWXYZ', '12345678123457923456789') as t) x
$$;

create temp table bench_indexes on commit drop as
  select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
    from pg_index
   where indrelid in ('households'::regclass, 'customers'::regclass, 'vehicles'::regclass)
     and not indisprimary and not indisunique;

do $$
declare r record;
begin
  for r in select * from bench_indexes loop
    execute format('drop index %s', r.name);
  end loop;
end $$;

insert into partners (id, name) values (pg_temp.uid('bench-partner'), 'Bench partner');
insert into accounts (id, partner_id, name)
  values (pg_temp.uid('bench-account'), pg_temp.uid('bench-partner'), 'Bench account');

insert into stores (id, account_id, partner_id, name, email, phone_no, address)
select pg_temp.uid('bench-store-' || s), pg_temp.uid('bench-account'), pg_temp.uid('bench-partner'),
       'Bench store ' || lpad(s::text, 4, '0'), 'store' || s || '@bench.example.com',
       '514555' || lpad((s % 10000)::text, 4, '0'), s || ' Main Street'
  from generate_series(0, :stores - 1) s;

-- Five staff users per store, as the factories place them (store and account).
insert into users (id, username, type, store_id, account_id, partner_id, first_name, last_name, email)
select pg_temp.uid('bench-user-' || s || '-' || u), 'bench-s' || s || '-u' || u,
       (array['StoreManager', 'ServiceAdvisor', 'ServiceAdvisor', 'Technician', 'Technician'])[u + 1],
       pg_temp.uid('bench-store-' || s), pg_temp.uid('bench-account'), pg_temp.uid('bench-partner'),
       'Staff' || u, 'Store' || s, 'staff' || u || '.store' || s || '@bench.example.com'
  from generate_series(0, :stores - 1) s, generate_series(0, 4) u;

insert into households (id, store_id, created_at)
select pg_temp.uid('bench-household-' || s || '-' || k), pg_temp.uid('bench-store-' || s),
       timestamptz '2023-01-01 08:00Z' + (k * :stores + s) * interval '1 minute' * 1000 / :stores
  from generate_series(0, :customers_per_store - 1) k, generate_series(0, :stores - 1) s
 where k % 10 <> 1
 order by k, s;

with lists as (
  select array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth',
               'William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen',
               'Christopher','Lisa','Daniel','Nancy','Matthew','Betty','Anthony','Sandra','Mark','Margaret',
               'Donald','Ashley','Steven','Kimberly','Andrew','Emily','Paul','Donna','Joshua','Michelle',
               'Kenneth','Carol','Kevin','Amanda','Brian','Melissa','George','Deborah','Timothy','Stephanie',
               'Ronald','Rebecca','Jason','Sharon','Edward','Laura','Jeffrey','Cynthia','Ryan','Dorothy',
               'Jacob','Amy','Gary','Kathleen','Nicholas','Angela','Eric','Shirley','Jonathan','Emma',
               'Stephen','Brenda','Larry','Pamela','Justin','Nicole','Scott','Anna','Brandon','Samantha',
               'Benjamin','Katherine','Samuel','Christine','Gregory','Debra','Alexander','Rachel','Patrick','Carolyn',
               'Frank','Janet','Raymond','Maria','Jack','Olivia','Dennis','Heather','Jerry','Helen',
               'Jean','Marie','Pierre','Louise','Luc','Sophie','Marc','Isabelle','Alain','Nathalie',
               'Mathieu','Julie','Olivier','Chantal','Sébastien','Geneviève','François','Émilie','Gabriel','Léa',
               'Noah','Chloé','Liam','Zoé','Félix','Camille','Raj','Priya','Wei','Mei',
               'Ahmed','Fatima','Carlos','Sofia','Diego','Lucia','Mohammed','Aisha','Hiroshi','Yuki'] as firsts,
         array['Smith','Tremblay','Johnson','Gagnon','Williams','Roy','Brown','Côté','Jones','Bouchard',
               'Garcia','Gauthier','Miller','Morin','Davis','Lavoie','Rodriguez','Fortin','Martinez','Gagné',
               'Hernandez','Ouellet','Lopez','Pelletier','Gonzalez','Bélanger','Wilson','Lévesque','Anderson','Bergeron',
               'Thomas','Leblanc','Taylor','Paquette','Moore','Girard','Jackson','Simard','Martin','Boucher',
               'Lee','Caron','Perez','Beaulieu','Thompson','Cloutier','White','Dubé','Harris','Poirier',
               'Sanchez','Fournier','Clark','Lapointe','Ramirez','Leclerc','Lewis','Lefebvre','Robinson','Poulin',
               'Walker','Thibault','Young','St-Pierre','Allen','Nadeau','King','Martel','Wright','Gilbert',
               'Scott','Hébert','Torres','Dion','Nguyen','Bédard','Hill','Lachance','Flores','Landry',
               'Green','Mercier','Adams','Deschênes','Nelson','Rousseau','Baker','Vachon','Hall','Arsenault',
               'Rivera','Turcotte','Campbell','Desjardins','Mitchell','Proulx','Carter','Labelle','Roberts','Charbonneau',
               'MacDonald','Campeau','Fraser','Chen','Wong','Patel','Singh','Kim','Li','Zhang',
               'O''Brien','MacLeod','Murphy','Kelly','Sullivan','Ryan','Walsh','McCarthy','Doyle','Kennedy',
               'Schmidt','Müller','Rossi','Russo','Ferrari','Esposito','Kowalski','Nowak','Novak','Horvat',
               'Cohen','Levy','Friedman','Katz','Silva','Santos','Oliveira','Costa','Pereira','Ferreira',
               'Dupont','Durand','Laurent','Petit','Richard','Lambert','Bonnet','François','Mathieu','Chevalier'] as lasts,
         array['Northside Plumbing','Maple Leaf Courier','Rivière Paysagement','Summit Electric','Blue Line Taxi',
               'Lakeview Catering','Harbour Roofing','Pinecrest Landscaping','Metro Florist','Precision HVAC',
               'Saint-Laurent Livraison','Redwood Construction','Atlas Moving','Golden Bakery','Evergreen Cleaning',
               'Ironside Security','Bluewater Pools','Cedar Ridge Farms','Prairie Rentals','Union Glass',
               'Laval Plomberie','Westend Auto Glass','Horizon Telecom','Eastgate Pharmacy','Crescent Tiling'] as businesses,
         array['Inc.','Ltd','Ltée','Co.','Services','Group','& Sons','Enterprises'] as suffixes,
         array['gmail.com','outlook.com','hotmail.com','yahoo.ca','videotron.ca','bell.net','icloud.com','sympatico.ca','rogers.com','proton.me'] as domains,
         array['514','438','450','579','819','418','581','416','647','437','905','289','613','343','604','778','403','587','780','902'] as areas
),
c as (
  select s, k, s::bigint * 1000003 + k as n, k - (case when k % 10 = 1 then 1 else 0 end) as hk,
         k % 50 = 0 as is_business
    from generate_series(0, :customers_per_store - 1) k, generate_series(0, :stores - 1) s
),
named as (
  select c.*,
         case when c.is_business then null
              else firsts[1 + pg_temp.h(n * 8 + 1) % cardinality(firsts)] end as first_name,
         case when c.is_business then null
              -- the household's name, skewed: the first names of the list are the common ones
              else lasts[1 + floor(cardinality(lasts) * power(pg_temp.h((s::bigint * 1000003 + hk) * 8 + 2) / 2147483648.0, 1.4))::int] end as last_name,
         case when c.is_business
              then businesses[1 + pg_temp.h(n * 8 + 3) % cardinality(businesses)] || ' '
                   || suffixes[1 + pg_temp.h(n * 8 + 4) % cardinality(suffixes)] end as business,
         pg_temp.h(n * 8 + 5) as r5, pg_temp.h(n * 8 + 6) as r6, pg_temp.h(n * 8 + 7) as r7,
         lists.domains, lists.areas
    from c, lists
),
contact as (
  select named.*,
         case when r5 % 10 < 7 or is_business then
           translate(lower(case when is_business then 'info.' || split_part(business, ' ', 1)
                                else first_name || '.' || replace(last_name, '''', '') end),
                     'éèêëàâçôîïûùüö ', 'eeeeaacoiiuuuo')
           || case when is_business or r5 % 3 = 0 then '' else (r5 % 97)::text end
           || '@' || domains[1 + r6 % cardinality(domains)] end as email,
         case when r6 % 10 < 9 then areas[1 + r7 % cardinality(areas)] || (200 + r7 % 800)::text
                                    || lpad((pg_temp.h(n * 8) % 10000)::text, 4, '0') end as mobile_phone,
         case when r7 % 10 < 3 then areas[1 + r6 % cardinality(areas)] || (200 + r6 % 800)::text
                                    || lpad((r5 % 10000)::text, 4, '0') end as home_phone
    from named
)
insert into customers (id, store_id, household_id, first_name, last_name, business, honorific, email,
                       mobile_phone, home_phone, work_phone, primary_phone, permission_to_text, search_text, created_at)
select pg_temp.uid('bench-customer-' || s || '-' || k), pg_temp.uid('bench-store-' || s),
       pg_temp.uid('bench-household-' || s || '-' || hk),
       first_name, last_name, business,
       case when is_business then 'Mr' else (array['Mr','Mrs','Ms','Dr','Mr','Ms'])[1 + r5 % 6] end,
       email, mobile_phone, home_phone, null, coalesce(mobile_phone, home_phone), r6 % 2 = 0,
       lower(concat_ws(' ', first_name, last_name, business, email, mobile_phone, home_phone,
                       coalesce(mobile_phone, home_phone))),
       timestamptz '2023-01-01 08:00Z' + (k * :stores + s) * interval '1 minute' * 1000 / :stores
  from contact
 order by k, s;

with templates as (
  select * from (values
    ('1HGCT1A3', 'GA', 2016, 'Honda', 'Accord', '2.4L 4 cyl', 'LX-S'),
    ('1HGCT1A7', 'GA', 2016, 'Honda', 'Accord', '2.4L 4 cyl', 'EX'),
    ('2HGFK7H2', 'JA', 2018, 'Honda', 'Civic', '1.5L 4 cyl', 'LX'),
    ('2HGFK7G2', 'JA', 2018, 'Honda', 'Civic', '1.5L 4 cyl', 'LX'),
    ('5J6RW1H5', 'KA', 2019, 'Honda', 'CR-V', '1.5L 4 cyl', 'EX'),
    ('5J6RW5H3', 'KA', 2019, 'Honda', 'CR-V', '2.4L 4 cyl', 'LX'),
    ('1FT1F1C1', 'HA', 2017, 'Ford', 'F-150', null, 'Regular Cab'),
    ('1FTFW1ET', 'DF', 2013, 'Ford', 'F-150', '3.5L 6 cyl', null),
    ('1FM1U0F1', 'JA', 2018, 'Ford', 'Escape', null, 'S'),
    ('1N4AL3A1', 'HA', 2017, 'Nissan', 'Altima', '2.5L 4 cyl', null),
    ('3VW111AJ', 'JA', 2018, 'Volkswagen', 'Jetta', '1.8L 4 cyl', 'S'),
    ('1C41JFA1', 'JA', 2018, 'Jeep', 'Grand Cherokee', null, 'Laredo'),
    ('2C41DGB1', 'HA', 2017, 'Dodge', 'Grand Caravan', null, 'SE, SXT, Express'),
    ('5YJ3E1EA', 'KF', 2019, 'Tesla', 'Model 3', 'Electric', null),
    ('JTDKB20U', '93', 2009, 'Toyota', 'Prius', '1.5L 4 cyl', 'NHW20L'),
    ('KM8K2CAB', 'PU', 2023, 'Hyundai', 'Kona', '2.0L 4 cyl', 'SE'),
    ('1HGCM826', '3A', 2003, 'Honda', 'Accord', '3.0L 6 cyl', 'EX-V6')
  ) t(prefix, year_plant, year, make, model, engine, trim)
),
fleet_templates as (
  select * from (values
    ('1FTEK1C1', 'LA', 2020, 'Ford', 'Transit', null, 'Medium Roof'),
    ('1FTER5P1', 'LA', 2020, 'Ford', 'Transit', null, '250'),
    ('1FDEF3A1', 'KA', 2019, 'Ford', 'F-350', null, 'Super Duty - Single Rear Wheel'),
    ('3C61RVN1', 'LA', 2020, 'Ram', 'ProMaster 1500', null, 'VF'),
    ('3C61RVE1', 'LA', 2020, 'Ram', 'ProMaster 3500', null, 'VF')
  ) t(prefix, year_plant, year, make, model, engine, trim)
),
v as (
  select s, m, s::bigint * 1000003 + m as n,
         -- the household: customer m's for the first :customers_per_store, then the businesses' fleets
         case when m < :customers_per_store then m - (case when m % 10 = 1 then 1 else 0 end)
              else ((m - :customers_per_store) % greatest(1, :customers_per_store / 50)) * 50 end as hk,
         m >= :customers_per_store or m % 50 = 0 as is_fleet
    from generate_series(0, :vehicles_per_store - 1) m, generate_series(0, :stores - 1) s
),
picked as (
  select v.*, t.prefix, t.year_plant, t.year, t.make, t.model, t.engine, t.trim,
         pg_temp.h(n * 8 + 1) as r1, pg_temp.h(n * 8 + 2) as r2
    from v
    join (select *, false as fleet, (row_number() over (order by prefix) - 1)::int as i from templates
          union all
          select *, true, (row_number() over (order by prefix) - 1)::int from fleet_templates) t
      on t.fleet = v.is_fleet
     and t.i = pg_temp.h(v.n * 8 + 3) % (case when v.is_fleet then 5 else 17 end)
),
built as (
  select picked.*,
         -- serials unique per row (up to a million rows; past that the template keeps them apart);
         -- the check digit makes the VIN well-formed
         prefix || '0' || year_plant || lpad((((s::bigint * :vehicles_per_store + m) * 7919 + 13) % 1000000)::text, 6, '0') as raw_vin,
         substr('ABCDEFGHJKLMNPRSTVWXYZ', 1 + (r1 % 22)::int, 1)
           || substr('ABCDEFGHJKLMNPRSTVWXYZ', 1 + (r1 / 22 % 22)::int, 1)
           || substr('ABCDEFGHJKLMNPRSTVWXYZ', 1 + (r1 / 484 % 22)::int, 1)
           || case when r2 % 3 = 0 then substr('ABCDEFGHJKLMNPRSTVWXYZ', 1 + (r2 / 3 % 22)::int, 1) else '' end
           || ' ' || lpad((r2 % 1000)::text, 3, '0') as plate,
         case when is_fleet then 'U-' || lpad(m::text, 4, '0') end as fleet_number
    from picked
),
vinned as (
  select built.*, overlay(raw_vin placing pg_temp.vin_check(raw_vin) from 9 for 1) as vin from built
)
insert into vehicles (id, store_id, household_id, vin, year, make, model, engine, trim, license_plate,
                      fleet_number, color, search_text, created_at)
select pg_temp.uid('bench-vehicle-' || s || '-' || m), pg_temp.uid('bench-store-' || s),
       pg_temp.uid('bench-household-' || s || '-' || hk),
       vin, year, make, model, engine, trim, plate, fleet_number,
       (array['White','Black','Silver','Grey','Blue','Red','Green','Beige','Brown','Orange'])[1 + r1 % 10],
       lower(concat_ws(' ', plate, replace(plate, ' ', ''), vin, fleet_number)),
       timestamptz '2023-01-01 08:00Z' + (m * :stores + s) * interval '1 minute' * 1000 / :stores
  from vinned
 order by m, s;

do $$
declare r record;
begin
  for r in select * from bench_indexes loop
    execute r.def;
  end loop;
end $$;

commit;
