import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from '../db/schema';
import type { LimitedStage } from '../../shared/response-times/response-times-contract';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The time limit of each stage, in working days; a stage with no row keeps its default. */
export const stageTimeLimits = pgTable('stage_time_limits', {
  stage: text('stage').$type<LimitedStage>().primaryKey(),
  workingDays: integer('working_days').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The reasons administrators keep for rejections; a retired one stays for the rejections that name it. */
export const rejectionReasons = pgTable('rejection_reasons', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  retiredAt: at('retired_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Why an application was rejected (private to staff) and the feedback for its applicant, shown
 * on their page once the rejection e-mail has gone. Goes with its application.
 */
export const applicationRejections = pgTable('application_rejections', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  reasonId: uuid('reason_id')
    .notNull()
    .references(() => rejectionReasons.id),
  feedback: text('feedback'),
  actorEmail: text('actor_email').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * The holding e-mail an applicant was sent for one visit to a stage (keyed by when it entered
 * the stage), so it goes once per visit whatever the instances do.
 */
export const holdingEmails = pgTable(
  'holding_emails',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    stageChangedAt: at('stage_changed_at').notNull(),
    queuedAt: at('queued_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.stageChangedAt] })],
);

/** The days each administrator had the overdue digest: one a day at most. */
export const overdueDigests = pgTable(
  'overdue_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The London day, YYYY-MM-DD. */
    day: text('day').notNull(),
    queuedAt: at('queued_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
