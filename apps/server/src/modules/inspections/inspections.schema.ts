import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';

/**
 * Inspection types (templates); docs/inspections.md. `store_id` null: a product template
 * every store may use (seeded by a migration); else the store's own. `definition` holds the groups,
 * sections and items, validated by ZInspectionDefinition. `is_default` marks the product's default
 * template; a store's defaultInspection setting wins over it.
 */
export const inspectionTypes = pgTable(
  'inspection_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').references(() => stores.id),
    name: text('name').notNull(),
    state: text('state').notNull().default('active'),
    isDefault: boolean('is_default').notNull().default(false),
    definition: jsonb('definition').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_types_store_idx').on(t.storeId, t.state)],
);

/** Automatic inspection selection: a store's business name → inspection type. */
export const automaticInspectionSelections = pgTable(
  'automatic_inspection_selections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    match: text('match').notNull(),
    /** businessMatchKey(match): trimmed, spaces folded, lower case. */
    matchKey: text('match_key').notNull(),
    inspectionTypeId: uuid('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('automatic_inspection_selections_match_key').on(t.storeId, t.matchKey)],
);

/** Inspection results: one per item of the order's type (several for `multiple` items). */
export const inspectionResults = pgTable(
  'inspection_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    sectionKey: text('section_key').notNull(),
    itemKey: text('item_key').notNull(),
    result: text('result'),
    finding: text('finding'),
    recommendation: text('recommendation'),
    findingText: text('finding_text'),
    recommendationText: text('recommendation_text'),
    rank: integer('rank').notNull().default(0),
    multiple: boolean('multiple').notNull().default(false),
    note: text('note'),
    mapValue: text('map_value'),
    value: doublePrecision('value'),
    clientApprovedForWork: boolean('client_approved_for_work').notNull().default(false),
    deferredIgnoredByCustomer: boolean('deferred_ignored_by_customer').notNull().default(false),
    /**
     * The customer's word on a recommended item: 'approved' or 'declined' (deferred work); null while
     * undecided. clientApprovedForWork mirrors 'approved'. docs/reports.md.
     */
    customerDecision: text('customer_decision'),
    customerDecidedAt: timestamp('customer_decided_at', { withTimezone: true }),
    confirmed: boolean('confirmed').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inspection_results_order_idx').on(t.storeId, t.inspectionOrderId, t.rank, t.createdAt),
    // One result per item unless the item is multiple, even under concurrent creates.
    uniqueIndex('inspection_results_single_item_key').on(t.inspectionOrderId, t.itemKey).where(sql`${t.multiple} = false`),
    // The vehicle's previous measurements: results with a value by item.
    index('inspection_results_measured_idx').on(t.storeId, t.itemKey, t.inspectionOrderId).where(sql`${t.value} is not null`),
    // The customers' decisions of a day (the day's approval figures, docs/analytics.md).
    index('inspection_results_decided_idx').on(t.storeId, t.customerDecidedAt).where(sql`${t.customerDecision} is not null`),
  ],
);

/** Pictures and videos of a result: FileStore keys (never paths) and what the form said. */
export const inspectionResultMedia = pgTable(
  'inspection_result_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    resultId: uuid('result_id')
      .notNull()
      .references(() => inspectionResults.id, { onDelete: 'cascade' }),
    /** 'picture' or 'video'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The file shown (for pictures the annotated one after a replacement). */
    fileKey: text('file_key').notNull(),
    /** Pictures: the first upload, and the gallery, phone and thumbnail copies of the shown one. */
    originalKey: text('original_key'),
    galleryKey: text('gallery_key'),
    phoneKey: text('phone_key'),
    thumbKey: text('thumb_key'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    workerName: text('worker_name'),
    workerTitle: text('worker_title'),
    dateTime: timestamp('date_time', { withTimezone: true }),
    gpsLat: doublePrecision('gps_lat'),
    gpsLong: doublePrecision('gps_long'),
    lastModified: timestamp('last_modified', { withTimezone: true }),
    duration: doublePrecision('duration'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inspection_result_media_name_key').on(t.resultId, t.kind, t.name)],
);
