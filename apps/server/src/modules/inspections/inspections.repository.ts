import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { automaticInspectionSelections, inspectionResultMedia, inspectionResults, inspectionTypes } from './inspections.schema.js';
import { readStoreSettings, type StoreSettings } from '@servicebay/domain';

export type InspectionTypeRow = typeof inspectionTypes.$inferSelect;
export type SelectionRow = typeof automaticInspectionSelections.$inferSelect;
export type ResultRow = typeof inspectionResults.$inferSelect;
export type NewResult = Omit<typeof inspectionResults.$inferInsert, 'id' | 'updatedAt'>;
export type ResultChange = Partial<
  Omit<NewResult, 'storeId' | 'inspectionOrderId' | 'itemKey' | 'groupKey' | 'sectionKey'>
>;
export type MediaRow = typeof inspectionResultMedia.$inferSelect;
export type NewMedia = Omit<typeof inspectionResultMedia.$inferInsert, 'id' | 'createdAt'>;

/** A type the store may use: a product template (no store) or its own. */
const visibleTo = (storeId: string) =>
  or(isNull(inspectionTypes.storeId), eq(inspectionTypes.storeId, storeId));

/** One result of one order of one store: a result id from another store's order matches nothing. */
const oneResult = (storeId: string, orderId: string, id: string) =>
  and(eq(inspectionResults.storeId, storeId), eq(inspectionResults.inspectionOrderId, orderId), eq(inspectionResults.id, id));

/** The store's settings, its orders' type, and the inspection types it may use. */
function typeQueries(db: Db) {
  return {
    /** The store's settings (defaultInspection, automatic selection), every default filled in. */
    async storeSettings(storeId: string): Promise<StoreSettings> {
      const [row] = await db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, storeId));
      return readStoreSettings(row?.settings);
    },

    /** The order of the store with the type it names (null: none), or null when there is no such order. */
    async order(storeId: string, orderId: string): Promise<{ inspectionType: string | null } | null> {
      const [row] = await db
        .select({ inspectionType: inspectionOrders.inspectionType })
        .from(inspectionOrders)
        .where(and(eq(inspectionOrders.storeId, storeId), eq(inspectionOrders.id, orderId)));
      return row ?? null;
    },

    /** Gives an order without a type the one its first result was checked against. */
    async pinType(storeId: string, orderId: string, typeId: string): Promise<void> {
      await db
        .update(inspectionOrders)
        .set({ inspectionType: typeId })
        .where(
          and(
            eq(inspectionOrders.storeId, storeId),
            eq(inspectionOrders.id, orderId),
            isNull(inspectionOrders.inspectionType),
          ),
        );
    },

    async types(storeId: string, state: 'active' | 'archived' | 'all'): Promise<InspectionTypeRow[]> {
      return db
        .select()
        .from(inspectionTypes)
        .where(and(visibleTo(storeId), state === 'all' ? undefined : eq(inspectionTypes.state, state)))
        .orderBy(asc(inspectionTypes.name), asc(inspectionTypes.id));
    },

    async type(storeId: string, id: string): Promise<InspectionTypeRow | null> {
      const [row] = await db
        .select()
        .from(inspectionTypes)
        .where(and(eq(inspectionTypes.id, id), visibleTo(storeId)));
      return row ?? null;
    },

    /**
     * The type without its definition (the large part), for a caller that holds the definition
     * checked for this id and updated_at already (context.ts, definitionOf).
     */
    async typeHead(storeId: string, id: string): Promise<Omit<InspectionTypeRow, 'definition'> | null> {
      const { definition: _definition, ...head } = getTableColumns(inspectionTypes);
      const [row] = await db
        .select(head)
        .from(inspectionTypes)
        .where(and(eq(inspectionTypes.id, id), visibleTo(storeId)));
      return row ?? null;
    },

    async typeByName(storeId: string, name: string): Promise<InspectionTypeRow | null> {
      const rows = await db
        .select()
        .from(inspectionTypes)
        .where(
          and(
            visibleTo(storeId),
            eq(inspectionTypes.state, 'active'),
            sql`lower(${inspectionTypes.name}) = lower(${name})`,
          ),
        )
        // The store's own type wins over a product template of the same name.
        .orderBy(sql`${inspectionTypes.storeId} is null`, asc(inspectionTypes.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The product's default template (is_default), if any. */
    async productDefault(): Promise<InspectionTypeRow | null> {
      const [row] = await db
        .select()
        .from(inspectionTypes)
        .where(
          and(
            isNull(inspectionTypes.storeId),
            eq(inspectionTypes.isDefault, true),
            eq(inspectionTypes.state, 'active'),
          ),
        )
        .orderBy(asc(inspectionTypes.id))
        .limit(1);
      return row ?? null;
    },

    async insertType(values: typeof inspectionTypes.$inferInsert): Promise<InspectionTypeRow> {
      const [row] = await db.insert(inspectionTypes).values(values).returning();
      return row!;
    },

    /** Registrar resolver: the store owning a type; product templates belong to none (null). */
    async typeOwner(id: string): Promise<{ storeId: string | null } | null> {
      const [row] = await db
        .select({ storeId: inspectionTypes.storeId })
        .from(inspectionTypes)
        .where(eq(inspectionTypes.id, id));
      return row ?? null;
    },
  };
}

/** The store's automatic selections: business names mapped to types. */
function selectionQueries(db: Db) {
  return {
    async selections(
      storeId: string,
      matchKey?: string,
    ): Promise<Array<SelectionRow & { inspectionName: string }>> {
      const rows = await db
        .select({ selection: automaticInspectionSelections, inspectionName: inspectionTypes.name })
        .from(automaticInspectionSelections)
        .innerJoin(inspectionTypes, eq(inspectionTypes.id, automaticInspectionSelections.inspectionTypeId))
        .where(
          and(
            eq(automaticInspectionSelections.storeId, storeId),
            matchKey === undefined ? undefined : eq(automaticInspectionSelections.matchKey, matchKey),
          ),
        )
        .orderBy(asc(automaticInspectionSelections.matchKey));
      return rows.map((r) => ({ ...r.selection, inspectionName: r.inspectionName }));
    },

    async selection(storeId: string, id: string): Promise<SelectionRow | null> {
      const [row] = await db
        .select()
        .from(automaticInspectionSelections)
        .where(
          and(eq(automaticInspectionSelections.storeId, storeId), eq(automaticInspectionSelections.id, id)),
        );
      return row ?? null;
    },

    async updateSelection(
      storeId: string,
      id: string,
      values: { match: string; matchKey: string; inspectionTypeId: string },
    ) {
      const [row] = await db
        .update(automaticInspectionSelections)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(eq(automaticInspectionSelections.storeId, storeId), eq(automaticInspectionSelections.id, id)),
        )
        .returning();
      return row!;
    },

    /** Creates the mapping of a business name, or replaces the one it has. */
    async upsertSelection(
      storeId: string,
      values: { match: string; matchKey: string; inspectionTypeId: string },
    ) {
      const [row] = await db
        .insert(automaticInspectionSelections)
        .values({ storeId, ...values })
        .onConflictDoUpdate({
          target: [automaticInspectionSelections.storeId, automaticInspectionSelections.matchKey],
          set: { match: values.match, inspectionTypeId: values.inspectionTypeId, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },
  };
}

/** An order's results, and a vehicle's earlier measurements. */
function resultQueries(db: Db) {
  return {
    async results(storeId: string, orderId: string): Promise<ResultRow[]> {
      return db
        .select()
        .from(inspectionResults)
        .where(and(eq(inspectionResults.storeId, storeId), eq(inspectionResults.inspectionOrderId, orderId)))
        .orderBy(asc(inspectionResults.rank), asc(inspectionResults.createdAt), asc(inspectionResults.id));
    },

    async result(storeId: string, orderId: string, id: string): Promise<ResultRow | null> {
      const [row] = await db.select().from(inspectionResults).where(oneResult(storeId, orderId, id));
      return row ?? null;
    },

    async lockResult(storeId: string, orderId: string, id: string): Promise<ResultRow | null> {
      const [row] = await db.select().from(inspectionResults).where(oneResult(storeId, orderId, id)).for('update');
      return row ?? null;
    },

    /** An order's results, locked for the rest of the transaction (the customer's decisions). */
    async lockResults(storeId: string, orderId: string): Promise<ResultRow[]> {
      return db
        .select()
        .from(inspectionResults)
        .where(and(eq(inspectionResults.storeId, storeId), eq(inspectionResults.inspectionOrderId, orderId)))
        .orderBy(asc(inspectionResults.id))
        .for('update');
    },

    /** The result of a single (not multiple) item, if one exists. */
    async singleResultOf(orderId: string, itemKey: string): Promise<ResultRow | null> {
      const [row] = await db
        .select()
        .from(inspectionResults)
        .where(
          and(
            eq(inspectionResults.inspectionOrderId, orderId),
            eq(inspectionResults.itemKey, itemKey),
            eq(inspectionResults.multiple, false),
          ),
        );
      return row ?? null;
    },

    async insertResult(values: NewResult): Promise<ResultRow> {
      const [row] = await db.insert(inspectionResults).values(values).returning();
      return row!;
    },

    async updateResult(storeId: string, id: string, change: ResultChange): Promise<ResultRow> {
      const [row] = await db
        .update(inspectionResults)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(inspectionResults.storeId, storeId), eq(inspectionResults.id, id)))
        .returning();
      return row!;
    },

    async deleteResult(storeId: string, id: string): Promise<void> {
      await db
        .delete(inspectionResults)
        .where(and(eq(inspectionResults.storeId, storeId), eq(inspectionResults.id, id)));
    },

    /** Registrar resolver: the store of a result. */
    async resultStore(id: string): Promise<string | null> {
      const [row] = await db
        .select({ storeId: inspectionResults.storeId })
        .from(inspectionResults)
        .where(eq(inspectionResults.id, id));
      return row?.storeId ?? null;
    },

    /**
     * The latest measured value of each item among the vehicle's orders written before this one
     * (its previous visits), with that order's number and date.
     */
    async previousMeasurements(storeId: string, vehicleId: string, before: Date, orderId: string) {
      const rows = await db
        .selectDistinctOn([inspectionResults.itemKey], {
          itemKey: inspectionResults.itemKey,
          value: inspectionResults.value,
          result: inspectionResults.result,
          inspectionOrderId: inspectionOrders.id,
          orderNumber: inspectionOrders.orderNumber,
          date: inspectionOrders.createdAt,
        })
        .from(inspectionResults)
        .innerJoin(inspectionOrders, eq(inspectionOrders.id, inspectionResults.inspectionOrderId))
        .where(
          and(
            eq(inspectionResults.storeId, storeId),
            eq(inspectionOrders.storeId, storeId),
            eq(inspectionOrders.vehicleId, vehicleId),
            lt(inspectionOrders.createdAt, before),
            sql`${inspectionOrders.id} <> ${orderId}`,
            sql`${inspectionResults.value} is not null`,
          ),
        )
        .orderBy(
          asc(inspectionResults.itemKey),
          desc(inspectionOrders.createdAt),
          desc(inspectionResults.updatedAt),
        );
      return rows.map((r) => ({ ...r, value: r.value! }));
    },
  };
}

/** A result's pictures and videos. */
function mediaQueries(db: Db) {
  return {
    async media(resultIds: readonly string[]): Promise<MediaRow[]> {
      if (!resultIds.length) return [];
      return db
        .select()
        .from(inspectionResultMedia)
        .where(inArray(inspectionResultMedia.resultId, [...resultIds]))
        .orderBy(asc(inspectionResultMedia.createdAt), asc(inspectionResultMedia.id));
    },

    /** The media of every result of an order, in one query (the results page and the report). */
    async mediaOfOrder(storeId: string, orderId: string): Promise<MediaRow[]> {
      return db
        .select()
        .from(inspectionResultMedia)
        .where(
          inArray(
            inspectionResultMedia.resultId,
            db
              .select({ id: inspectionResults.id })
              .from(inspectionResults)
              .where(and(eq(inspectionResults.storeId, storeId), eq(inspectionResults.inspectionOrderId, orderId))),
          ),
        )
        .orderBy(asc(inspectionResultMedia.createdAt), asc(inspectionResultMedia.id));
    },

    async mediaByName(resultId: string, kind: 'picture' | 'video', name: string): Promise<MediaRow | null> {
      const [row] = await db
        .select()
        .from(inspectionResultMedia)
        .where(
          and(
            eq(inspectionResultMedia.resultId, resultId),
            eq(inspectionResultMedia.kind, kind),
            eq(inspectionResultMedia.name, name),
          ),
        );
      return row ?? null;
    },

    /** Inserts unless the result already has media of that kind and name; null then. */
    async insertMedia(values: NewMedia): Promise<MediaRow | null> {
      const rows = await db.insert(inspectionResultMedia).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async updateMedia(id: string, change: Partial<NewMedia>): Promise<MediaRow> {
      const [row] = await db
        .update(inspectionResultMedia)
        .set(change)
        .where(eq(inspectionResultMedia.id, id))
        .returning();
      return row!;
    },

    async deleteMedia(id: string): Promise<void> {
      await db.delete(inspectionResultMedia).where(eq(inspectionResultMedia.id, id));
    },
  };
}

/** SQL for inspection types, automatic selections, results and their media (docs/inspections.md). */
export function createInspectionsRepository(db: Db) {
  return { ...typeQueries(db), ...selectionQueries(db), ...resultQueries(db), ...mediaQueries(db) };
}

export type InspectionsRepository = ReturnType<typeof createInspectionsRepository>;
