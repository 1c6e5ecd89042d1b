import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.js';

/**
 * Events written in the same transaction as the change that caused them; the relay publishes
 * them to the bus afterwards, so no event is lost and none is sent for a rolled-back change.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('outbox_events_unpublished_idx').on(t.id).where(sql`${t.publishedAt} is null`)],
);
