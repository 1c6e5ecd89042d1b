import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';

/**
 * The shop-management integration (docs/integrations.md).
 *
 * `work_order_links`: which work order in the shop system holds a ticket's work, and the header
 * and footer texts last heard from it (the webhooks write them).
 * `work_order_webhook_receipts`: the signatures of the webhook calls taken, so a replay is refused.
 * `protractor_sim_*`: the local Protractor simulator's own storage (work orders, parts, clock
 * events), apart from ServiceBay's tables as a remote system's would be.
 */
export const workOrderLinks = pgTable(
  'work_order_links',
  {
    inspectionOrderId: uuid('inspection_order_id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    workOrderId: text('work_order_id').notNull(),
    headerDescription: text('header_description'),
    footerTitle: text('footer_title'),
    footerDescription: text('footer_description'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('work_order_links_store_work_order_idx').on(t.storeId, t.workOrderId)],
);

export const workOrderWebhookReceipts = pgTable(
  'work_order_webhook_receipts',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.signature] }), index('work_order_webhook_receipts_received_idx').on(t.receivedAt)],
);

/** A simulated work order: header, footer, times and its service packages as Protractor holds them. */
export const protractorSimWorkOrders = pgTable(
  'protractor_sim_work_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').notNull(),
    inspectionOrderId: uuid('inspection_order_id').notNull(),
    headerDescription: text('header_description').notNull().default(''),
    footerTitle: text('footer_title').notNull().default(''),
    footerDescription: text('footer_description').notNull().default(''),
    invoiceTime: timestamp('invoice_time', { withTimezone: true }),
    deletionTime: timestamp('deletion_time', { withTimezone: true }),
    /** ServicePackages with their lines (Completed, Technician...), the system's document. */
    servicePackages: jsonb('service_packages').notNull().default([]),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('protractor_sim_work_orders_store_order_idx').on(t.storeId, t.inspectionOrderId)],
);

export const protractorSimParts = pgTable(
  'protractor_sim_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').notNull(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => protractorSimWorkOrders.id, { onDelete: 'cascade' }),
    partNumber: text('part_number'),
    description: text('description').notNull(),
    quantity: real('quantity').notNull(),
    declined: boolean('declined').notNull().default(false),
    status: text('status').notNull().default('quoted'),
    externalReference: text('external_reference'),
    createdAt: createdAt(),
  },
  (t) => [index('protractor_sim_parts_work_order_idx').on(t.storeId, t.workOrderId)],
);

export const protractorSimClockEvents = pgTable(
  'protractor_sim_clock_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    /** Labor | Shift */
    type: text('type').notNull(),
    workOrderId: uuid('work_order_id'),
    servicePackageLineId: text('service_package_line_id'),
    clockedIn: timestamp('clocked_in', { withTimezone: true }).notNull(),
    clockedOut: timestamp('clocked_out', { withTimezone: true }),
  },
  (t) => [
    index('protractor_sim_clock_events_employee_idx').on(t.storeId, t.employeeId, t.clockedIn),
    index('protractor_sim_clock_events_work_order_idx').on(t.storeId, t.workOrderId),
  ],
);
