import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers, vehicles } from '../customers/customers.schema.js';

/**
 * One entry of an order's history. A sign-off also keeps who signed and the signature file
 * (the latest one is presented as the order's signOff).
 */
export interface OrderActivityRecord {
  type: string;
  date: string;
  userId: string | null;
  signOff?: { signerName: string; language: 'en' | 'fr'; workerId: string | null; signatureKey: string; signatureName: string };
}

/**
 * Text compared byte by byte whatever the database's locale, so PGlite and any PostgreSQL sort
 * it alike (the order-number sort key is built for byte order: packages/domain orders/order.ts).
 */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * The repair order (`inspection_orders`; docs/glossary.md, docs/repair-orders.md). Step states are columns so
 * the list filters on them; `order_number_key` is the numeric-aware sort key of the order number.
 * Every index leads with store_id; the open-order list indexes are partial (`closed = false`),
 * so they stay as small as the shops' open work whatever the history holds.
 */
export const inspectionOrders = pgTable(
  'inspection_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    serviceAdvisorId: uuid('service_advisor_id').references(() => users.id),
    technicianId: uuid('technician_id').references(() => users.id),
    /** An inspection type's id (inspection_types), kept without a foreign key. */
    inspectionType: uuid('inspection_type'),
    orderNumber: text('order_number'),
    orderNumberKey: byteOrderedText('order_number_key'),
    waiting: boolean('waiting').notNull().default(false),
    note: text('note'),
    timePromised: timestamp('time_promised', { withTimezone: true }),
    mileageIn: integer('mileage_in'),
    mileageOut: integer('mileage_out'),
    vehicleInShop: boolean('vehicle_in_shop').notNull().default(true),
    scheduled: timestamp('scheduled', { withTimezone: true }),
    stateInspection: text('state_inspection').notNull().default('notStarted'),
    stateEstimate: text('state_estimate').notNull().default('notStarted'),
    stateApproval: text('state_approval').notNull().default('notStarted'),
    stateReport: text('state_report').notNull().default('notStarted'),
    stateParts: text('state_parts').notNull().default('notStarted'),
    stateWork: text('state_work').notNull().default('notStarted'),
    closed: boolean('closed').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    finished: boolean('finished').notNull().default(false),
    estimateStatus: text('estimate_status'),
    estimateDelivery: text('estimate_delivery').notNull().default('NOT_SENT'),
    reportStatus: text('report_status'),
    reportLastViewed: timestamp('report_last_viewed', { withTimezone: true }),
    meetingStatus: text('meeting_status'),
    repairOrderId: text('repair_order_id'),
    blockedFields: jsonb('blocked_fields').$type<string[]>().notNull().default([]),
    /** The order's picture: a FileStore key, its name and where it came from. */
    primaryPictureKey: text('primary_picture_key'),
    primaryPictureName: text('primary_picture_name'),
    primaryPictureSource: text('primary_picture_source'),
    /** Start of the running time entry (null: paused); seconds of the entries already ended. */
    timeTrackerStartedAt: timestamp('time_tracker_started_at', { withTimezone: true }),
    timeTrackerSeconds: integer('time_tracker_seconds').notNull().default(0),
    includeMaintenanceInReport: boolean('include_maintenance_in_report').notNull().default(false),
    isCustomerNotifiedAboutRepair: boolean('is_customer_notified_about_repair').notNull().default(false),
    checkedWithHunter: boolean('checked_with_hunter').notNull().default(false),
    activities: jsonb('activities').$type<OrderActivityRecord[]>().notNull().default([]),
    servicePackages: jsonb('service_packages')
      .$type<Array<{ id: string; name?: string | null; lines: Array<{ id: string; done: boolean }> }>>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    const open = sql`${t.closed} = false`;
    return [
      // The dashboard: open orders in (or out of) the shop by RO number, either way, waiting first or not.
      index('inspection_orders_open_number_desc_idx')
        .on(t.storeId, t.vehicleInShop, t.orderNumberKey.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      index('inspection_orders_open_number_asc_idx')
        .on(t.storeId, t.vehicleInShop, t.orderNumberKey.asc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      index('inspection_orders_open_waiting_desc_idx')
        .on(t.storeId, t.vehicleInShop, t.waiting.desc(), t.orderNumberKey.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      index('inspection_orders_open_waiting_asc_idx')
        .on(t.storeId, t.vehicleInShop, t.waiting.desc(), t.orderNumberKey.asc().nullsLast(), t.createdAt.desc(), t.id.desc())
        .where(open),
      // Appointments: open, out of the shop, by scheduled time.
      index('inspection_orders_appointments_idx')
        .on(t.storeId, t.scheduled, t.createdAt.desc(), t.id.desc())
        .where(sql`${t.closed} = false and ${t.vehicleInShop} = false`),
      // My vehicles and the basic technician's lists.
      index('inspection_orders_open_technician_idx').on(t.storeId, t.technicianId).where(open),
      index('inspection_orders_open_advisor_idx').on(t.storeId, t.serviceAdvisorId).where(open),
      // Every order (closed ones included) by RO number; a vehicle's history; a customer's orders.
      index('inspection_orders_number_idx').on(t.storeId, t.orderNumberKey.desc().nullsLast(), t.createdAt.desc(), t.id.desc()),
      index('inspection_orders_vehicle_idx').on(t.storeId, t.vehicleId, t.createdAt.desc()),
      index('inspection_orders_customer_idx').on(t.storeId, t.customerId),
      // The orders written on a day (the day's car count, docs/analytics.md).
      index('inspection_orders_created_idx').on(t.storeId, t.createdAt),
      // Reports being read: the sweeper turns those not viewed for the reading time-out into read.
      index('inspection_orders_report_reading_idx').on(t.reportLastViewed).where(sql`${t.reportStatus} = 'reading'`),
    ];
  },
);

/** The time tracker's entries: who worked on an order, from when to when. */
export const inspectionOrderTimeEntries = pgTable(
  'inspection_order_time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('inspection_order_time_entries_order_idx').on(t.storeId, t.inspectionOrderId, t.startedAt),
    // One running entry per order, even under concurrent starts.
    uniqueIndex('inspection_order_time_entries_running_key').on(t.inspectionOrderId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Each store's own repair order number sequence: the last number it gave out, or the highest
 * number typed on one of its orders, whichever is higher. One row per store, locked by the
 * transaction that takes the next number, so two orders written at once never share a number.
 */
export const repairOrderNumbers = pgTable('repair_order_numbers', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});
