import { timestamp } from 'drizzle-orm/pg-core';

/** The column every table's rows carry: when the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
