import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The benefits of working here, with who added each (an address an erasure forgets). */
export const benefits = pgTable('benefits', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  detail: text('detail').notNull(),
  addedByEmail: text('added_by_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
