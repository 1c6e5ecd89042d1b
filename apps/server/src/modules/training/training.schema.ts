import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { users } from '../../platform/db/schema/users.js';

/**
 * Training courses (docs/training.md): the product's own content, the same for every shop, in
 * English and French. `sections` holds [{ title: {en, fr}, body: {en: [...], fr: [...]} }].
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    summaryEn: text('summary_en').notNull().default(''),
    summaryFr: text('summary_fr').notNull().default(''),
    mandatory: boolean('mandatory').notNull().default(false),
    rank: integer('rank').notNull().default(0),
    sections: jsonb('sections').notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('courses_rank_idx').on(t.rank, t.id)],
);

/** One row per course a user completed; completing again keeps the first time. */
export const courseCompletions = pgTable(
  'course_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);
