import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { customers, households, vehicles } from './customers.schema.js';
import { showcaseQueries } from './customers.showcase.repository.js';

export type CustomerRow = typeof customers.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type NewCustomer = Omit<typeof customers.$inferInsert, 'id' | 'searchText' | 'createdAt'>;
export type NewVehicle = Omit<typeof vehicles.$inferInsert, 'id' | 'searchText' | 'createdAt'>;

const digits = (v: string | null | undefined) => (v ? v.replace(/\D/g, '') : '');
const compact = (v: string | null | undefined) => (v ? v.replace(/[^0-9A-Za-z]/g, '') : '');
const join = (parts: Array<string | null | undefined>) =>
  parts.filter((p) => p && p.trim()).join(' ').toLowerCase();

/** What the household search matches for a customer: names, business, e-mail, phone digits. */
export function customerSearchText(c: Partial<CustomerRow>): string {
  return join([c.firstName, c.lastName, c.business, c.email, ...[c.mobilePhone, c.homePhone, c.workPhone, c.primaryPhone].map(digits)]);
}

/** For a vehicle: plate as typed and compact, VIN, fleet number. */
export function vehicleSearchText(v: Partial<VehicleRow>): string {
  return join([v.licensePlate, compact(v.licensePlate), v.vin, v.fleetNumber]);
}

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The patterns one search box term is matched with: as typed, compact (a plate typed with a space
 * or dash) and, when it looks like a phone fragment, its digits.
 */
export function searchPatterns(term: string): { term: string; forms: string[]; likes: string[] } {
  const lower = term.trim().toLowerCase();
  const forms = new Set([lower]);
  const squeezed = compact(lower);
  if (squeezed.length >= 2) forms.add(squeezed);
  if (/^[\d\s().+-]+$/.test(lower) && digits(lower).length >= 2) forms.add(digits(lower));
  return { term: lower, forms: [...forms], likes: [...forms].map(containing) };
}

/**
 * The household's first customer is its main one (the staff app takes the first of a vehicle's
 * customers): now() is the transaction's start, the same for a whole batch, so rows take the
 * wall clock instead to keep their order.
 */
const insertedAt = sql`clock_timestamp()`;

// Typo tolerance: pg_trgm's word similarity, with a threshold below its 0.6 default so one wrong
// letter in a surname still matches ('trembley' finds 'tremblay'); exact fragments rank first.
// Compared as float8, as pg_trgm's `<%` compares it with its setting (no set_config needed).
const WORD_SIMILARITY_THRESHOLD = 0.45;
/** Households per answer at most, before the vehicle budget cuts in. */
const MAX_HOUSEHOLDS = 25;

type Searchable = typeof customers | typeof vehicles;

/**
 * Rows of the store whose search_text matches a search box term: contains one of its forms, or
 * is word-similar to it. The first condition is on the row's store-scoped trigram keys (the GIN
 * indexes `customers_search_keys_idx` / `vehicles_search_keys_idx` over
 * `servicebay_search_keys(store_id, search_text)`, migration search_keys): `@>` the keys every
 * row containing a form has, `&&` keys of which every similar row has one. It reads only the
 * store's posting lists and lets through a superset of the matches; the second condition, the
 * real test, then runs on those candidates only (the keys are not computed again for them).
 */
export function searchMatches(table: Searchable, storeId: string, p: ReturnType<typeof searchPatterns>): SQL {
  const keys = sql`servicebay_search_keys(${table.storeId}, ${table.searchText})`;
  const candidates = [
    ...p.forms.map((form) => sql`${keys} @> servicebay_like_keys(${storeId}::uuid, ${form})`),
    sql`${keys} && servicebay_similar_keys(${storeId}::uuid, ${p.term}, ${WORD_SIMILARITY_THRESHOLD}::float8)`,
  ];
  const tests = [
    ...p.likes.map((like) => sql`${table.searchText} like ${like}`),
    sql`word_similarity(${p.term}, ${table.searchText}) >= ${WORD_SIMILARITY_THRESHOLD}::float8`,
  ];
  return sql`${table.storeId} = ${storeId} and ${table.householdId} is not null
    and (${sql.join(candidates, sql` or `)}) and (${sql.join(tests, sql` or `)})`;
}
/** How well a matching row matches: 1 for containing a form, plus its word similarity. */
function score(table: Searchable, p: ReturnType<typeof searchPatterns>) {
  const likes = p.likes.map((l) => sql`${table.searchText} like ${l}`);
  return sql`((case when ${sql.join(likes, sql` or `)} then 1 else 0 end + word_similarity(${p.term}, ${table.searchText}))::float8)`;
}

/** Households: created, read, counted, their members moved; the store owning any row of the registry. */
function householdQueries(db: Db) {
  return {
    async createHousehold(storeId: string) {
      const [row] = await db.insert(households).values({ storeId }).returning();
      return row!;
    },
    async household(storeId: string, id: string) {
      const rows = await db.select().from(households).where(and(eq(households.id, id), eq(households.storeId, storeId))).limit(1);
      return rows[0] ?? null;
    },
    /** Owner of a household, customer or vehicle, for the registrar's path check. */
    async storeOf(table: 'households' | 'customers' | 'vehicles', id: string): Promise<string | null> {
      const t = { households, customers, vehicles }[table];
      const rows = await db.select({ storeId: t.storeId }).from(t).where(eq(t.id, id)).limit(1);
      return rows[0]?.storeId ?? null;
    },
    async countVehicles(storeId: string, householdId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(vehicles)
        .where(and(eq(vehicles.storeId, storeId), eq(vehicles.householdId, householdId)));
      return row?.n ?? 0;
    },
    async countCustomers(storeId: string, householdId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(customers)
        .where(and(eq(customers.storeId, storeId), eq(customers.householdId, householdId)));
      return row?.n ?? 0;
    },
    async setCustomerHousehold(storeId: string, id: string, householdId: string | null) {
      await db.update(customers).set({ householdId }).where(and(eq(customers.id, id), eq(customers.storeId, storeId)));
    },
    async setVehicleHousehold(storeId: string, id: string, householdId: string | null) {
      await db.update(vehicles).set({ householdId }).where(and(eq(vehicles.id, id), eq(vehicles.storeId, storeId)));
    },
  };
}

/** Customers: written with their search text, read one by one, by household, or as a filtered page. */
function customerQueries(db: Db) {
  return {
    /** Inserts a customer; without a household it starts one of its own, in the same transaction. */
    async insertCustomer(values: NewCustomer) {
      return db.transaction(async (tx) => {
        let householdId = values.householdId ?? null;
        if (!householdId) {
          const [household] = await tx.insert(households).values({ storeId: values.storeId }).returning();
          householdId = household!.id;
        }
        const [row] = await tx
          .insert(customers)
          .values({ ...values, householdId, searchText: customerSearchText(values), createdAt: insertedAt })
          .returning();
        return row!;
      });
    },
    async updateCustomer(storeId: string, id: string, values: Partial<NewCustomer>, current: CustomerRow) {
      const [row] = await db
        .update(customers)
        .set({ ...values, searchText: customerSearchText({ ...current, ...values }) })
        .where(and(eq(customers.id, id), eq(customers.storeId, storeId)))
        .returning();
      return row ?? null;
    },
    async customer(storeId: string, id: string) {
      const rows = await db.select().from(customers).where(and(eq(customers.id, id), eq(customers.storeId, storeId))).limit(1);
      return rows[0] ?? null;
    },
    /** The customer, locked until the end of the caller's transaction: two changes of it take turns. */
    async lockedCustomer(storeId: string, id: string) {
      const rows = await db.select().from(customers).where(and(eq(customers.id, id), eq(customers.storeId, storeId))).limit(1).for('update');
      return rows[0] ?? null;
    },
    async customersOf(storeId: string, householdIds: string[]) {
      if (!householdIds.length) return [];
      return db
        .select()
        .from(customers)
        .where(and(eq(customers.storeId, storeId), inArray(customers.householdId, householdIds)))
        .orderBy(asc(customers.createdAt), asc(customers.id));
    },
    /**
     * Paged, by last then first name; filters match the start of a field, e-mail the whole of it,
     * the mobile phone the start of its digits (index customers_store_mobile_idx); a phone filter
     * without a digit matches no one.
     */
    async listCustomers(
      storeId: string,
      filter: { email?: string; firstName?: string; lastName?: string; business?: string; mobilePhone?: string },
      page: number,
      size: number,
    ) {
      const starts = (v: string) => `${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const phoneStart = filter.mobilePhone ? digits(filter.mobilePhone) : undefined;
      const where = and(
        eq(customers.storeId, storeId),
        filter.email ? sql`lower(${customers.email}) = ${filter.email.toLowerCase()}` : undefined,
        filter.firstName ? ilike(customers.firstName, starts(filter.firstName)) : undefined,
        filter.lastName ? ilike(customers.lastName, starts(filter.lastName)) : undefined,
        filter.business ? ilike(customers.business, starts(filter.business)) : undefined,
        phoneStart === undefined ? undefined : phoneStart ? sql`${customers.mobilePhone} like ${`${phoneStart}%`}` : sql`false`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customers)
          .where(where)
          .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(customers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

/**
 * How a household's vehicles are listed, the same on every read: newest model year first (unknown
 * years last), then in the order they were added, then by id (two added at one instant). Served by
 * `vehicles_household_idx`, which has these columns in this order.
 */
const vehicleOrder = [sql`${vehicles.year} desc nulls last`, asc(vehicles.createdAt), asc(vehicles.id)] as const;

/** Vehicles: written with their search text, read one by one, by household, or as a household's filtered page. */
function vehicleQueries(db: Db) {
  return {
    async insertVehicle(values: NewVehicle) {
      const [row] = await db
        .insert(vehicles)
        .values({ ...values, searchText: vehicleSearchText(values), createdAt: insertedAt })
        .returning();
      return row!;
    },
    async updateVehicle(storeId: string, id: string, values: Partial<NewVehicle>, current: VehicleRow) {
      const [row] = await db
        .update(vehicles)
        .set({ ...values, searchText: vehicleSearchText({ ...current, ...values }) })
        .where(and(eq(vehicles.id, id), eq(vehicles.storeId, storeId)))
        .returning();
      return row ?? null;
    },
    async vehicle(storeId: string, id: string) {
      const rows = await db.select().from(vehicles).where(and(eq(vehicles.id, id), eq(vehicles.storeId, storeId))).limit(1);
      return rows[0] ?? null;
    },
    async vehiclesOf(storeId: string, householdIds: string[]) {
      if (!householdIds.length) return [];
      return db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.storeId, storeId), inArray(vehicles.householdId, householdIds)))
        .orderBy(...vehicleOrder);
    },
    /** A household's vehicles, newest first, optionally filtered by a term (plate, VIN, fleet number, make, model). */
    async householdVehicles(storeId: string, householdId: string, term: string | undefined, page: number, size: number | null) {
      const like = term ? containing(term.toLowerCase()) : null;
      const where = and(
        eq(vehicles.storeId, storeId),
        eq(vehicles.householdId, householdId),
        like
          ? sql`(${vehicles.searchText} like ${like} or lower(coalesce(${vehicles.make}, '') || ' ' || coalesce(${vehicles.model}, '')) like ${like})`
          : undefined,
      );
      const query = db.select().from(vehicles).where(where).orderBy(...vehicleOrder);
      const [rows, [total]] = await Promise.all([
        size === null ? query : query.limit(size).offset(page * size),
        db.select({ n: count() }).from(vehicles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

/** The search box: matching households, best first, and how many households, customers and vehicles match. */
function searchQueries(db: Db) {
  return {
    /**
     * The household search, in one statement: households whose customers or vehicles match,
     * best first, with the scores of their matching vehicles (to list those first). Both
     * branches read only the store's rows of the store-scoped trigram keys (searchMatches), so a
     * store's search costs the same however many stores the database holds.
     */
    async searchHouseholds(storeId: string, rawTerm: string, limit = MAX_HOUSEHOLDS) {
      const p = searchPatterns(rawTerm);
      const result = await db.execute(sql`
        with hits as (
          select ${customers.householdId} as household_id, null::text as vehicle_id, ${score(customers, p)} as score
            from ${customers}
           where ${searchMatches(customers, storeId, p)}
          union all
          select ${vehicles.householdId}, ${vehicles.id}::text, ${score(vehicles, p)}
            from ${vehicles}
           where ${searchMatches(vehicles, storeId, p)}
        )
        select household_id::text as household_id, count(*) over () as total,
               array_agg(vehicle_id) filter (where vehicle_id is not null) as vehicle_ids,
               array_agg(score) filter (where vehicle_id is not null) as vehicle_scores
          from hits group by household_id
         order by max(score) desc, household_id
         limit ${limit}`);
      const rows = (
        result as unknown as {
          rows: Array<{ household_id: string; total: string | number; vehicle_ids: string[] | null; vehicle_scores: Array<number | string> | null }>;
        }
      ).rows;
      const vehicleScores = new Map<string, number>();
      for (const r of rows) (r.vehicle_ids ?? []).forEach((id, i) => vehicleScores.set(id, Number(r.vehicle_scores?.[i] ?? 0)));
      return { householdIds: rows.map((r) => r.household_id), total: Number(rows[0]?.total ?? 0), vehicleScores };
    },
    /** How many households, customers and vehicles match. */
    async countSearch(storeId: string, rawTerm: string) {
      const p = searchPatterns(rawTerm);
      const result = await db.execute(sql`
        with c as (
          select ${customers.householdId} as household_id from ${customers} where ${searchMatches(customers, storeId, p)}
        ), v as (
          select ${vehicles.householdId} as household_id from ${vehicles} where ${searchMatches(vehicles, storeId, p)}
        )
        select (select count(*) from c) as customers, (select count(*) from v) as vehicles,
               (select count(distinct household_id) from (select household_id from c union all select household_id from v) h) as households`);
      const row = (result as unknown as { rows: Array<{ customers: string; vehicles: string; households: string }> }).rows[0];
      return { total: Number(row?.households ?? 0), customerCount: Number(row?.customers ?? 0), vehicleCount: Number(row?.vehicles ?? 0) };
    },
  };
}

function queries(db: Db) {
  return { ...householdQueries(db), ...customerQueries(db), ...vehicleQueries(db), ...searchQueries(db), ...showcaseQueries(db) };
}

export type CustomersQueries = ReturnType<typeof queries>;

export function createCustomersRepository(db: Db) {
  return {
    ...queries(db),
    /** Runs `fn` in one transaction, with the queries bound to it and the transaction for other modules' writes. */
    transaction<T>(fn: (repo: CustomersQueries, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx), tx));
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
