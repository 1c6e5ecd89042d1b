-- The household search's index keys, scoped by store. A multicolumn GIN (store_id, search_text
-- gin_trgm_ops) keeps one posting list per trigram for every store together, so a store's search
-- read all stores' rows of each trigram of its term (docs/customers.md, "Search"). Here each key is
-- a trigram of search_text (pg_trgm's show_trgm) prefixed with a key of the row's store (12 hex
-- digits of md5 of its id), plus the store key alone: a key's posting list holds one store's rows.
-- The functions name pg_trgm's schema and their own: PostgreSQL 17 (PGlite) builds and maintains
-- indexes with search_path = pg_catalog, pg_temp.
DO $do$
DECLARE
  trgm text := (SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
  own text := quote_ident(current_schema());
BEGIN
  -- The store's key: 12 hex digits of md5 of its id (two stores sharing one would only read each
  -- other's rows, filtered out by store_id; they do not change an answer).
  EXECUTE format($f$
    CREATE FUNCTION %1$s.servicebay_store_key(store uuid) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $b$ SELECT left(md5(store::text), 12) $b$
  $f$, own);
  -- A row's keys: store key ':' trigram, for each trigram of its search_text, then the store key.
  -- One expression without a subquery, so that PostgreSQL inlines it (an SQL function it cannot
  -- inline costs an executor start per row). Trigrams hold letters, digits and spaces, never '|'.
  EXECUTE format($f$
    CREATE FUNCTION %1$s.servicebay_search_keys(store uuid, body text) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $b$ SELECT array_remove(string_to_array(%1$s.servicebay_store_key(store) || ':'
                       || array_to_string(%2$s.show_trgm(body), '|' || %1$s.servicebay_store_key(store) || ':'), '|'),
                     %1$s.servicebay_store_key(store) || ':') || %1$s.servicebay_store_key(store) $b$
  $f$, own, trgm);
  -- The two query-side functions below are marked PARALLEL UNSAFE, which they are not, so that a
  -- search is never planned with parallel workers: it reads a few hundred of one store's rows, and
  -- starting workers (several ms) cost more than it saves; the planner's estimates for `&&` on a
  -- large table suggested otherwise.
  -- The keys every row containing `fragment` has (`@>`): the fragment's trigrams that involve no
  -- word padding (a fragment's ends may lie inside a word) and are not hashed (non-ASCII
  -- trigrams, shown as 0x...: they may hide padding); the store key alone when none is left.
  EXECUTE format($f$
    CREATE FUNCTION %1$s.servicebay_like_keys(store uuid, fragment text) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL UNSAFE
      AS $b$ SELECT coalesce(nullif(array(SELECT k || ':' || t FROM unnest(%2$s.show_trgm(fragment)) t
                                            WHERE t !~ ' ' AND t !~ '^0x'), '{}'), ARRAY[k])
               FROM (SELECT %1$s.servicebay_store_key(store) AS k) s $b$
  $f$, own, trgm);
  -- Keys of which a row with word_similarity(term, its text) >= threshold has one at least (`&&`):
  -- such a row shares at least m = floor(threshold * n) of the term's n trigrams, so it has one of
  -- any n - m + 1 of them; those kept are the rarest kinds (inside a word, then a word's end,
  -- then its start). The candidates are then checked with word_similarity itself.
  EXECUTE format($f$
    CREATE FUNCTION %1$s.servicebay_similar_keys(store uuid, term text, threshold float8) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL UNSAFE
      AS $b$ SELECT array(SELECT k || ':' || t FROM unnest(trgm) t
                           ORDER BY CASE WHEN t LIKE '  %%' THEN 0 WHEN t LIKE ' %%' THEN 1 WHEN t LIKE '%% ' THEN 2 ELSE 3 END DESC, t
                           LIMIT greatest(cardinality(trgm) - greatest(floor(cardinality(trgm) * threshold)::int, 1) + 1, 0))
               FROM (SELECT %1$s.servicebay_store_key(store) AS k, %2$s.show_trgm(term) AS trgm) s $b$
  $f$, own, trgm);
END
$do$;--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
CREATE INDEX "customers_search_keys_idx" ON "customers" USING gin (servicebay_search_keys("store_id", "search_text"));--> statement-breakpoint
CREATE INDEX "vehicles_search_keys_idx" ON "vehicles" USING gin (servicebay_search_keys("store_id", "search_text"));--> statement-breakpoint
DROP INDEX IF EXISTS "customers_store_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "vehicles_store_search_idx";
