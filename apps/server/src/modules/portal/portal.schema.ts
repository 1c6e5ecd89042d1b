import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { customers, vehicles } from '../customers/customers.schema.js';

/** A vehicle's to-do list, kept by its household in the portal (docs/portal.md). */
export const todoItems = pgTable(
  'todo_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    /** The often-required-work item it was added from, if any (a product id, no foreign key). */
    itemId: text('item_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('todo_items_vehicle_idx').on(t.storeId, t.vehicleId, t.createdAt)],
);

/** The portal's analytics events: which event, who (user, customer), in which store, when. */
export const portalEvents = pgTable(
  'portal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventName: text('event_name').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('portal_events_store_idx').on(t.storeId, t.eventName, t.createdAt)],
);
