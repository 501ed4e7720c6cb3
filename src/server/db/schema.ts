import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
});

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobTitle: text('job_title').notNull(),
    location: text('location').notNull(),
    hours: text('hours').notNull(),
    ctc: text('ctc').notNull(),
    experience: text('experience').notNull(),
    description: text('description').notNull(),
    responsibilities: jsonb('responsibilities')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    requirements: jsonb('requirements')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    publishTime: text('publish_time').notNull(),
    postCreator: text('post_creator').notNull(),
    lastEditUser: text('last_edit_user'),
    editTime: text('edit_time'),
    /** The last day applications are taken (UK date); none means open until the post is deleted. */
    closingDate: date('closing_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('jobs_created_at_idx').on(table.createdAt)],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    jobTitle: text('job_title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    about: text('about').notNull(),
    cvKey: text('cv_key'),
    cvSize: integer('cv_size').notNull().default(0),
    /** Set when the notification e-mails were accepted by the transport: they go at most once. */
    emailSentAt: timestamp('email_sent_at', { withTimezone: true, mode: 'date' }),
    emailClaimedAt: timestamp('email_claimed_at', { withTimezone: true, mode: 'date' }),
    /** Which applicant privacy notice the form showed, and when the applicant submitted under it. */
    privacyNoticeVersion: text('privacy_notice_version'),
    privacyAcknowledgedAt: timestamp('privacy_acknowledged_at', { withTimezone: true, mode: 'date' }),
    /** An admin's hold keeps the application (and its CV) from the retention purge. */
    retentionHold: boolean('retention_hold').notNull().default(false),
    /** An earlier application by the same e-mail address to the same job within 30 days. */
    duplicateOf: uuid('duplicate_of'),
    createdAt: createdAt(),
  },
  (table) => [
    index('applications_created_at_idx').on(table.createdAt),
    index('applications_email_job_idx').on(table.email, table.jobId),
  ],
);

/** Values the servers share, such as a generated token-signing secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** CV bytes when they live in PostgreSQL (DATABASE_URL set), so every instance sees every CV. */
export const cvBlobs = pgTable('cv_blobs', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/** Shared rate-limit counters (rate-limiter-flexible's table shape), so limits hold across instances. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** An admin's notes on an application, kept with their author and time; they go when it goes. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorEmail: text('author_email').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('application_notes_application_idx').on(table.applicationId, table.createdAt)],
);

/**
 * Who looked at, fetched or removed an applicant's data, and when. No foreign key: a deletion's
 * entry outlives the application. Never holds CV contents; `subjectEmail` lets an access request
 * or an erasure find every entry about one applicant.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id'),
    subjectEmail: text('subject_email').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_entries_application_idx').on(table.applicationId, table.createdAt),
    index('audit_entries_subject_idx').on(table.subjectEmail),
  ],
);

export const schema = {
  users,
  jobs,
  applications,
  applicationNotes,
  auditEntries,
  settings,
  cvBlobs,
  rateLimits,
};
