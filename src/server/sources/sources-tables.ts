import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TrackingLinkKind } from '../../shared/sources/source-contract';
import { jobs, users } from '../db/schema';

/**
 * Tracking links (docs/behaviour.md#sources): an administrator makes one per channel (a board, an
 * event, a poster) or per referring employee; its `code` is the `?src=` marker its address
 * carries, which an application records as its source. A link is archived, never deleted, so
 * that what it brought keeps its name in the reports.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The marker, unique for good (an archived link's code is not given again). */
    code: text('code').notNull(),
    kind: text('kind').$type<TrackingLinkKind>().notNull(),
    /** The channel's name as the reports show it ("Indeed", "Leeds careers fair", an employee's name). */
    name: text('name').notNull(),
    /** The job it points to, or none for the careers home. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('tracking_links_code_idx').on(table.code),
    index('tracking_links_job_idx').on(table.jobId),
  ],
);
