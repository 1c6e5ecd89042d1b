import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers, vehicles } from '../customers/customers.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';

/**
 * A customer's appointment request (docs/portal.md "Appointments"): what the customer asked, beside
 * the ticket that holds it on the shop's dashboard (one request per ticket).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    inspectionOrderId: uuid('inspection_order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    /** The store's wall-clock day (YYYY-MM-DD) and slot start (HH:mm) as the customer chose them, in `timeZone`. */
    day: text('day').notNull(),
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    scheduled: timestamp('scheduled', { withTimezone: true }).notNull(),
    requestedServices: jsonb('requested_services').$type<string[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    language: text('language').notNull().default('en'),
    status: text('status').notNull().default('requested'), // requested | confirmed
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointments_order_key').on(t.inspectionOrderId),
    index('appointments_vehicle_idx').on(t.storeId, t.vehicleId, t.scheduled),
  ],
);
