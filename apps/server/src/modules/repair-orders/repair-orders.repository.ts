import { createHash } from 'node:crypto';
import { and, count, countDistinct, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers, vehicles } from '../customers/customers.schema.js';
import { inspectionOrderTimeEntries, inspectionOrders, repairOrderNumbers } from './repair-orders.schema.js';
import { isStaff } from '../../platform/db/staff.js';
import type { OrderListSorting, PartsState, OrderStep } from '@servicebay/domain';

export type OrderRow = typeof inspectionOrders.$inferSelect;
export type NewOrder = Omit<typeof inspectionOrders.$inferInsert, 'id' | 'updatedAt'>;
export type OrderChange = Partial<Omit<NewOrder, 'storeId' | 'createdAt'>>;

/** The step columns, by step name. */
export const STEP_COLUMNS = {
  inspection: inspectionOrders.stateInspection,
  estimate: inspectionOrders.stateEstimate,
  approval: inspectionOrders.stateApproval,
  report: inspectionOrders.stateReport,
  parts: inspectionOrders.stateParts,
  work: inspectionOrders.stateWork,
} as const;

export interface OrderFilter {
  vehicleInShop?: boolean;
  waiting?: boolean;
  /** Absent: open and closed orders alike. */
  closed?: boolean;
  search?: string;
  states?: Partial<Record<OrderStep, readonly PartsState[]>>;
  serviceAdvisorId?: string;
  technicianId?: string;
  not?: string;
  scheduledFrom?: Date;
}

const advisor = alias(users, 'advisor');
const technician = alias(users, 'technician');

/** `%term%` for LIKE, the term's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One word of the search box matches an order by its number, its customer (names, business,
 * e-mail, phones: the customers' search_text, found through the store-scoped trigram keys of the
 * household search, docs/customers.md) or its vehicle (plate, VIN, fleet number, year, make,
 * model: the store's vehicles, read from the same keys' store entry). Every word must match.
 */
function searchCondition(storeId: Bound, search: string, bind: Bind): SQL | undefined {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return undefined;
  const customerKeys = sql`servicebay_search_keys(${customers.storeId}, ${customers.searchText})`;
  const vehicleKeys = sql`servicebay_search_keys(${vehicles.storeId}, ${vehicles.searchText})`;
  return and(
    ...words.map((text, i) => {
      const word = bind(`word${i}`, text);
      const like = bind(`like${i}`, containing(text));
      return sql`(lower(${inspectionOrders.orderNumber}) like ${like}
        or ${inspectionOrders.customerId} in (select ${customers.id} from ${customers} where ${customers.storeId} = ${storeId}
          and ${customerKeys} @> servicebay_like_keys(${storeId}::uuid, ${word}) and ${customers.searchText} like ${like})
        or ${inspectionOrders.vehicleId} in (select ${vehicles.id} from ${vehicles} where ${vehicles.storeId} = ${storeId}
          and ${vehicleKeys} @> array[servicebay_store_key(${storeId}::uuid)] and (${vehicles.searchText} like ${like}
          or lower(concat_ws(' ', ${vehicles.year}::text, ${vehicles.make}, ${vehicles.model})) like ${like})))`;
    }),
  );
}

/**
 * A boolean filter written as a literal, not a parameter: the statement text then names it, so
 * the plan PostgreSQL keeps for a prepared statement (below) can use the partial indexes on
 * `closed = false` (a parameter's plan cannot prove their predicate).
 */
const isBool = (column: PgColumn, value: boolean) => sql`${column} = ${sql.raw(value ? 'true' : 'false')}`;

/** A value placed in a statement: itself (a parameter), or a named placeholder of a prepared one. */
type Bound = ReturnType<typeof sql.placeholder> | string;
type Bind = (name: string, value: string) => Bound;
const inline: Bind = (_name, value) => value;

/**
 * The filter's WHERE. Its text depends only on which filters are present (and the boolean ones'
 * values, written as literals), never on the other values: each goes through `bind`, under a name
 * that says where it is. The names bound, in order, with the booleans, thus identify the text:
 * the key under which the prepared statements below are kept.
 */
function whereOf(storeId: string, f: OrderFilter, bind: Bind = inline): SQL {
  const store = bind('storeId', storeId);
  const conditions: Array<SQL | undefined> = [eq(inspectionOrders.storeId, store)];
  if (f.closed !== undefined) conditions.push(isBool(inspectionOrders.closed, f.closed));
  if (f.vehicleInShop !== undefined) conditions.push(isBool(inspectionOrders.vehicleInShop, f.vehicleInShop));
  if (f.waiting !== undefined) conditions.push(isBool(inspectionOrders.waiting, f.waiting));
  for (const [step, states] of Object.entries(f.states ?? {}) as Array<[OrderStep, readonly PartsState[]]>) {
    if (states.length) conditions.push(inArray(STEP_COLUMNS[step], states.map((state, i) => bind(`${step}${i}`, state))));
  }
  if (f.serviceAdvisorId) conditions.push(eq(inspectionOrders.serviceAdvisorId, bind('serviceAdvisorId', f.serviceAdvisorId)));
  if (f.technicianId) conditions.push(eq(inspectionOrders.technicianId, bind('technicianId', f.technicianId)));
  if (f.not) conditions.push(or(isNull(inspectionOrders.technicianId), sql`${inspectionOrders.technicianId} <> ${bind('not', f.not)}`));
  if (f.scheduledFrom) conditions.push(sql`${inspectionOrders.scheduled} >= ${bind('scheduledFrom', f.scheduledFrom.toISOString())}`);
  if (f.search) conditions.push(searchCondition(store, f.search, bind));
  return and(...conditions)!;
}

/** The filter with placeholders, the values to fill them, and the key of the statement's text. */
function boundWhere(storeId: string, f: OrderFilter) {
  const values: Record<string, unknown> = {};
  const where = whereOf(storeId, f, (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  });
  return { where, values, key: JSON.stringify([f.closed ?? null, f.vehicleInShop ?? null, f.waiting ?? null, Object.keys(values)]) };
}

/**
 * ORDER BY for each sorting, written exactly as the indexes are (repair-orders.schema.ts), so PostgreSQL walks
 * an index and stops after the page: RO number (the byte-ordered key; none last either way),
 * then newest first, then id.
 */
function orderByOf(sorting: OrderListSorting, waitingFirst: boolean): SQL[] {
  const tail = [sql`${inspectionOrders.createdAt} desc nulls last`, sql`${inspectionOrders.id} desc nulls last`];
  if (sorting === 'scheduled,asc') return [sql`${inspectionOrders.scheduled} asc nulls last`, ...tail];
  const key =
    sorting === 'orderNumber,asc'
      ? sql`${inspectionOrders.orderNumberKey} asc nulls last`
      : sql`${inspectionOrders.orderNumberKey} desc nulls last`;
  return waitingFirst ? [sql`${inspectionOrders.waiting} desc nulls last`, key, ...tail] : [key, ...tail];
}

const embeddedColumns = {
  customer: {
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    business: customers.business,
    honorific: customers.honorific,
  },
  vehicle: {
    id: vehicles.id,
    year: vehicles.year,
    make: vehicles.make,
    model: vehicles.model,
    engine: vehicles.engine,
    vin: vehicles.vin,
    licensePlate: vehicles.licensePlate,
    fleetNumber: vehicles.fleetNumber,
    color: vehicles.color,
  },
  advisor: { id: advisor.id, firstName: advisor.firstName, lastName: advisor.lastName },
  technician: { id: technician.id, firstName: technician.firstName, lastName: technician.lastName },
};

/**
 * Prepared statements kept by the key of their text (boundWhere): built once with placeholders,
 * then only executed with the values. node-postgres sends them named (the name is a digest of the
 * key, so the same text always has the same name), so each pool connection parses one once and
 * PostgreSQL may keep its plan; PGlite runs them as usual. Bounded: the filters' combinations
 * are few, but a cache never grows without limit.
 */
function statementCache<Q>() {
  const kept = new Map<string, Q>();
  return (kind: string, key: string, make: (name: string) => Q): Q => {
    const full = `${kind}|${key}`;
    let query = kept.get(full);
    if (!query) {
      if (kept.size >= 500) kept.clear();
      query = make(`${kind}_${createHash('sha1').update(full).digest('base64url').slice(0, 24)}`);
      kept.set(full, query);
    }
    return query;
  };
}

/** Orders with what a list row shows of their customer, vehicle, advisor and technician. */
const withEmbedded = (db: Db) =>
  db
    .select({ order: inspectionOrders, ...embeddedColumns })
    .from(inspectionOrders)
    .leftJoin(customers, eq(customers.id, inspectionOrders.customerId))
    .leftJoin(vehicles, eq(vehicles.id, inspectionOrders.vehicleId))
    .leftJoin(advisor, eq(advisor.id, inspectionOrders.serviceAdvisorId))
    .leftJoin(technician, eq(technician.id, inspectionOrders.technicianId));

/** One order: written, changed, locked, read with its embedded rows; a vehicle's orders. */
function orderQueries(db: Db) {
  return {
    async insert(values: NewOrder) {
      const [row] = await db.insert(inspectionOrders).values(values).returning();
      return row!;
    },
    async update(storeId: string, id: string, values: OrderChange) {
      const [row] = await db
        .update(inspectionOrders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(inspectionOrders.id, id), eq(inspectionOrders.storeId, storeId)))
        .returning();
      return row ?? null;
    },
    /** One order of the store, locked for the rest of the transaction (changes queue behind it). */
    async lock(storeId: string, id: string) {
      const rows = await db
        .select()
        .from(inspectionOrders)
        .where(and(eq(inspectionOrders.id, id), eq(inspectionOrders.storeId, storeId)))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },
    async detailed(storeId: string, id: string) {
      const rows = await withEmbedded(db)
        .where(and(eq(inspectionOrders.id, id), eq(inspectionOrders.storeId, storeId)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Who runs one order of the store (for other modules' notifications); null when not the store's. */
    async people(storeId: string, id: string) {
      const rows = await db
        .select({ serviceAdvisorId: inspectionOrders.serviceAdvisorId, technicianId: inspectionOrders.technicianId, orderNumber: inspectionOrders.orderNumber })
        .from(inspectionOrders)
        .where(and(eq(inspectionOrders.id, id), eq(inspectionOrders.storeId, storeId)))
        .limit(1);
      return rows[0] ?? null;
    },
    async storeOf(id: string): Promise<string | null> {
      const rows = await db.select({ storeId: inspectionOrders.storeId }).from(inspectionOrders).where(eq(inspectionOrders.id, id)).limit(1);
      return rows[0]?.storeId ?? null;
    },
    /**
     * Holds the vehicle's appointment bookings for the rest of the transaction: a second request
     * for the same vehicle waits here until the first is written, then finds it.
     */
    async lockVehicleAppointments(vehicleId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`appointment:${vehicleId}`}, 0))`);
    },
    /** The vehicle's open ticket not in the shop scheduled at that instant (an appointment already made), if any. */
    async openAppointmentAt(storeId: string, vehicleId: string, scheduled: Date) {
      const rows = await db
        .select({ id: inspectionOrders.id })
        .from(inspectionOrders)
        .where(
          and(
            eq(inspectionOrders.storeId, storeId),
            eq(inspectionOrders.vehicleId, vehicleId),
            eq(inspectionOrders.closed, false),
            eq(inspectionOrders.vehicleInShop, false),
            eq(inspectionOrders.scheduled, scheduled),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    /** A vehicle's orders, newest first (at most 200: a vehicle's whole history in practice). */
    async ofVehicle(storeId: string, vehicleId: string, closed: boolean | undefined) {
      return withEmbedded(db)
        .where(
          and(
            eq(inspectionOrders.storeId, storeId),
            eq(inspectionOrders.vehicleId, vehicleId),
            closed === undefined ? undefined : eq(inspectionOrders.closed, closed),
          ),
        )
        .orderBy(sql`${inspectionOrders.createdAt} desc`)
        .limit(200);
    },
  };
}

/** The dashboard's reads: a page of orders, counts, vehicles in the shop. */
function listQueries(db: Db) {
  const counts = statementCache<{ execute(values: Record<string, unknown>): Promise<Array<{ n: number }>> }>();
  const countOrders = async (storeId: string, filter: OrderFilter) => {
    const { where, values, key } = boundWhere(storeId, filter);
    const query = counts('io_count', key, (name) => db.select({ n: count() }).from(inspectionOrders).where(where).prepare(name));
    const [row] = await query.execute(values);
    return row?.n ?? 0;
  };
  /** A page of orders with their embedded rows and the filter's total (see list). */
  const listStatement = (where: SQL, sort: { sorting: OrderListSorting; waitingFirst: boolean }, name: string) =>
    db
      .select({
        order: inspectionOrders,
        ...embeddedColumns,
        total: sql<number>`(select count(*) from ${inspectionOrders} where ${where})`.mapWith(Number),
      })
      .from(inspectionOrders)
      .leftJoin(customers, eq(customers.id, inspectionOrders.customerId))
      .leftJoin(vehicles, eq(vehicles.id, inspectionOrders.vehicleId))
      .leftJoin(advisor, eq(advisor.id, inspectionOrders.serviceAdvisorId))
      .leftJoin(technician, eq(technician.id, inspectionOrders.technicianId))
      .where(where)
      .orderBy(...orderByOf(sort.sorting, sort.waitingFirst))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const lists = statementCache<ReturnType<typeof listStatement>>();

  return {
    /**
     * A page of orders and how many match, in one prepared statement: the total is a scalar
     * subquery of the same filter (computed once, an index-only count), so the page's join runs
     * for its own rows only. A page past the end has no row to carry the total: counted apart.
     */
    async list(storeId: string, filter: OrderFilter, sort: { sorting: OrderListSorting; waitingFirst: boolean }, page: number, size: number) {
      const { where, values, key } = boundWhere(storeId, filter);
      const query = lists('io_list', `${sort.sorting}|${sort.waitingFirst}|${key}`, (name) => listStatement(where, sort, name));
      const rows = await query.execute({ ...values, limit: size, offset: page * size });
      const total = rows.length ? rows[0]!.total : page > 0 ? await countOrders(storeId, filter) : 0;
      return { rows: rows.map((r) => ({ order: r.order, customer: r.customer, vehicle: r.vehicle, advisor: r.advisor, technician: r.technician })), total };
    },
    count: countOrders,
    /** Distinct vehicles of the store's open orders in the shop. */
    async vehiclesInShop(storeId: string) {
      const [row] = await db
        .select({ n: countDistinct(inspectionOrders.vehicleId) })
        .from(inspectionOrders)
        .where(and(eq(inspectionOrders.storeId, storeId), eq(inspectionOrders.closed, false), eq(inspectionOrders.vehicleInShop, true)));
      return row?.n ?? 0;
    },
  };
}

/** The store, its workers, and what demo seeding reads. */
function storeQueries(db: Db) {
  return {
    /** A worker who may be named on the store's orders: its own staff, or its account's owners. */
    async worker(store: { id: string; accountId: string }, userId: string) {
      const rows = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.active, true),
            isStaff(),
            or(eq(users.storeId, store.id), and(eq(users.accountId, store.accountId), eq(users.type, 'owner'))),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    async user(userId: string) {
      const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return rows[0] ?? null;
    },
    async store(storeId: string) {
      const rows = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
      return rows[0] ?? null;
    },

    /** Demo seeding: users by username, and each household's first customer with its vehicles. */
    async usersByUsername(usernames: string[]) {
      return db.select().from(users).where(inArray(users.username, usernames));
    },
    async storeByName(name: string) {
      const rows = await db.select().from(stores).where(eq(stores.name, name)).limit(1);
      return rows[0] ?? null;
    },
    async customersAndVehicles(storeId: string) {
      const [cs, vs] = await Promise.all([
        db.select().from(customers).where(eq(customers.storeId, storeId)).orderBy(customers.createdAt, customers.id),
        db.select().from(vehicles).where(eq(vehicles.storeId, storeId)).orderBy(vehicles.createdAt, vehicles.id),
      ]);
      return { customers: cs, vehicles: vs };
    },
  };
}

/** The time tracker's entries. */
function timeEntryQueries(db: Db) {
  return {
    async startTimeEntry(storeId: string, inspectionOrderId: string, technicianId: string, startedAt: Date) {
      await db.insert(inspectionOrderTimeEntries).values({ storeId, inspectionOrderId, technicianId, startedAt });
    },
    /** Ends the running entry; returns its whole seconds (0 when none ran). */
    async endTimeEntry(storeId: string, inspectionOrderId: string, endedAt: Date) {
      const rows = await db
        .update(inspectionOrderTimeEntries)
        .set({ endedAt })
        .where(
          and(
            eq(inspectionOrderTimeEntries.storeId, storeId),
            eq(inspectionOrderTimeEntries.inspectionOrderId, inspectionOrderId),
            isNull(inspectionOrderTimeEntries.endedAt),
          ),
        )
        .returning();
      return rows.reduce((sum, r) => sum + Math.max(0, Math.floor((endedAt.getTime() - r.startedAt.getTime()) / 1000)), 0);
    },
    async timeEntries(storeId: string, inspectionOrderId: string) {
      return db
        .select()
        .from(inspectionOrderTimeEntries)
        .where(and(eq(inspectionOrderTimeEntries.storeId, storeId), eq(inspectionOrderTimeEntries.inspectionOrderId, inspectionOrderId)))
        .orderBy(inspectionOrderTimeEntries.startedAt);
    },
  };
}

/** The orders' SQL, by what it serves: one order, the dashboard's lists, the store, the time tracker. */
/** An order number made of digits only, short enough to count on: the numbers a sequence continues. */
const NUMERIC_ORDER_NUMBER = '^[0-9]{1,15}$';

/**
 * The store's own order number sequence (repair_order_numbers): the next number, and the numbers
 * typed on orders, which the sequence continues after. The store's row stays locked until the
 * transaction ends, so concurrent orders of one store take their numbers one after the other.
 */
function orderNumberQueries(db: Db) {
  const last = repairOrderNumbers.lastNumber;
  /** The highest all-digit number on the store's orders: the index on the number key, read from the top. */
  async function highestOnOrders(storeId: string): Promise<number> {
    const [row] = await db
      .select({ orderNumber: inspectionOrders.orderNumber })
      .from(inspectionOrders)
      .where(and(eq(inspectionOrders.storeId, storeId), sql`${inspectionOrders.orderNumber} ~ ${NUMERIC_ORDER_NUMBER}`))
      .orderBy(sql`${inspectionOrders.orderNumberKey} desc nulls last`)
      .limit(1);
    return row ? Number(row.orderNumber) : 0;
  }
  /** Raises the store's last number to at least `atLeast` (first use: after its orders' numbers too). */
  async function raise(storeId: string, atLeast: number, increment: boolean) {
    const next = increment ? sql`${last} + 1` : sql`greatest(${last}, ${atLeast})`;
    const [taken] = await db.update(repairOrderNumbers).set({ lastNumber: next }).where(eq(repairOrderNumbers.storeId, storeId)).returning({ lastNumber: last });
    if (taken) return taken.lastNumber;
    const first = Math.max(atLeast, (await highestOnOrders(storeId)) + (increment ? 1 : 0));
    const [made] = await db
      .insert(repairOrderNumbers)
      .values({ storeId, lastNumber: first })
      // Another transaction made the row first: this one waited for it, and goes on from it.
      .onConflictDoUpdate({ target: repairOrderNumbers.storeId, set: { lastNumber: next } })
      .returning({ lastNumber: last });
    return made!.lastNumber;
  }
  return {
    /** The store's next order number. */
    nextOrderNumber: (storeId: string) => raise(storeId, 1, true),
    /** A number typed on one of the store's orders: when all digits, the sequence goes on after it. */
    async noteOrderNumber(storeId: string, orderNumber: string | null) {
      const typed = orderNumber?.trim() ?? '';
      if (new RegExp(NUMERIC_ORDER_NUMBER).test(typed)) await raise(storeId, Number(typed), false);
    },
  };
}

export function createRepairOrdersRepository(db: Db) {
  return { ...orderQueries(db), ...listQueries(db), ...storeQueries(db), ...timeEntryQueries(db), ...orderNumberQueries(db) };
}

export type RepairOrdersRepository = ReturnType<typeof createRepairOrdersRepository>;
export type DetailedOrderRow = NonNullable<Awaited<ReturnType<RepairOrdersRepository['detailed']>>>;
