import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { inspectionResults } from '../inspections/inspections.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';

/** A tax of an estimate, as the store's settings had it when the estimate was made (docs/estimates.md). */
export interface EstimateTaxRecord {
  name: string;
  /** Absent in estimates made before taxes had French names: the name stands for both. */
  nameFr?: string;
  ratePercent: number;
  onLabour: boolean;
  onParts: boolean;
  onFees: boolean;
}

/** [{ number, description, quantity, unitPrice }] of a line or a canned job, unitPrice in cents. */
const partsColumn = () =>
  jsonb('parts')
    .$type<Array<{ number: string | null; description: string; quantity: number; unitPrice: number }>>()
    .notNull()
    .default([]);
/** [{ description, amount }] of a line or a canned job, amount in cents. */
const feesColumn = () => jsonb('fees').$type<Array<{ description: string; amount: number }>>().notNull().default([]);

/** The estimate of an order: one per order; money in cents. */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id),
    /** Bumped by every change of its lines; an approval records the version the customer saw. */
    version: integer('version').notNull().default(1),
    currency: text('currency').notNull(),
    /** Cents per hour of labour. */
    labourRate: integer('labour_rate').notNull(),
    taxes: jsonb('taxes').$type<EstimateTaxRecord[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('estimates_order_key').on(t.inspectionOrderId), index('estimates_store_order_idx').on(t.storeId, t.inspectionOrderId)],
);

/** A line of an estimate: drawn from a warning or critical result's recommendation, or added by hand. */
export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** The result the line prices; null for a line added by hand (shop supplies, a diagnostic). */
    resultId: uuid('result_id').references(() => inspectionResults.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    labourHours: doublePrecision('labour_hours').notNull().default(0),
    parts: partsColumn(),
    fees: feesColumn(),
    rank: integer('rank').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('estimate_lines_estimate_idx').on(t.estimateId, t.rank, t.createdAt),
    // One drawn line per result.
    uniqueIndex('estimate_lines_result_key').on(t.estimateId, t.resultId).where(sql`${t.resultId} is not null`),
  ],
);

/**
 * A store's canned job (docs/estimates.md "Canned jobs"): a name unique in the store whatever its
 * case and spacing, the labour hours, parts and fees one pick puts on an estimate line.
 */
export const cannedJobs = pgTable(
  'canned_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    /** cannedJobNameKey(name): lower case, spaces squeezed; unique per store. */
    nameKey: text('name_key').notNull(),
    labourHours: doublePrecision('labour_hours').notNull().default(0),
    parts: partsColumn(),
    fees: feesColumn(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list reads a store's jobs by name; the same key makes names unique per store.
  (t) => [uniqueIndex('canned_jobs_store_name_key').on(t.storeId, t.nameKey)],
);
