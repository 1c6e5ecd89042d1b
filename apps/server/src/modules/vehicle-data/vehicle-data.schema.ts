import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The generic maintenance schedule (GET .../engine/{e}/maintenance): reference data, not a
 * tenant's, seeded by its migration. Each row is one service due every `miles` / `kilometres`
 * (or `months`, whichever comes first) for the powertrains it names.
 */
export const maintenanceIntervals = pgTable(
  'maintenance_intervals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    miles: integer('miles').notNull(),
    kilometres: integer('kilometres').notNull(),
    months: integer('months'),
    /** Replace, Inspect, Rotate... */
    operation: text('operation').notNull(),
    item: text('item').notNull(),
    /** all | combustion | electric */
    powertrain: text('powertrain').notNull().default('all'),
  },
  (t) => [index('maintenance_intervals_miles_idx').on(t.miles)],
);
