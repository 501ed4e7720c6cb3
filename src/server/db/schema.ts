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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ApplicationStage } from '../../shared/applications/stage-contract';
import type { ReplyKind } from '../../shared/applications/reply-contract';
import type { AccountEventKind } from '../../shared/auth/account-contract';
import type { TeamRole } from '../../shared/team/team-contract';
import type { Recommendation, ScorecardRating } from '../../shared/interviews/interview-contract';
import type {
  RightToWorkEvidenceType,
  RightToWorkMethod,
} from '../../shared/right-to-work/right-to-work-contract';
import type {
  FunnelStage,
  PublishedFigures,
} from '../../shared/equality-monitoring/equality-monitoring-contract';
import type { Question, StoredAnswer } from '../../shared/questions/question-contract';
import type { EmploymentType, PayPeriod, WorkplaceType } from '../../shared/jobs/job-facts';
import type { DomainEventType } from '../../shared/events/domain-events';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What a password link was sent as (passwordResets.purpose). */
export type ResetPurpose = 'reset' | 'invitation';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  /**
   * Every session token carries the generation it was issued in; raising it signs the account out
   * everywhere (docs/security.md#sign-out-everywhere).
   */
  tokenGeneration: integer('token_generation').notNull().default(0),
  /**
   * A member of the hiring team (team-contract.ts): signs in like an administrator but reaches
   * only the jobs and applications assigned to them. None for administrators and for plain
   * registered accounts (docs/security.md#the-hiring-team).
   */
  teamRole: text('team_role').$type<TeamRole>(),
  /**
   * A team member's latest invitation: when it was sent and until when its link works; and when
   * they first chose a password through a link, which is when they joined (the Team screen's
   * invited, accepted or expired: docs/behaviour.md#the-hiring-teams-screens). None for
   * administrators and plain registered accounts.
   */
  invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
  invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true, mode: 'date' }),
  invitationAcceptedAt: timestamp('invitation_accepted_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * The departments administrators keep. A job names one by id; the slug is fixed when the
 * department is made (a rename keeps it), since the careers home's filter links carry it.
 */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('departments_name_idx').on(sql`lower(${table.name})`),
    uniqueIndex('departments_slug_idx').on(table.slug),
  ],
);

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
    /**
     * The current version of the job's questions (job_question_sets); none when it asks none.
     * No foreign key: the versions belong to the job and go with it.
     */
    questionSetId: uuid('question_set_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The structured facts (docs/behaviour.md#job-facts); a department in use cannot be deleted. */
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    locations: jsonb('locations')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    workplaceType: text('workplace_type').$type<WorkplaceType>(),
    remoteCountry: text('remote_country'),
    employmentTypes: jsonb('employment_types')
      .$type<EmploymentType[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Pay in pence, so a figure such as £11.44 an hour is kept exactly. */
    payMinPence: integer('pay_min_pence'),
    payMaxPence: integer('pay_max_pence'),
    payPeriod: text('pay_period').$type<PayPeriod>(),
  },
  (table) => [
    index('jobs_created_at_idx').on(table.createdAt),
    index('jobs_department_idx').on(table.departmentId),
  ],
);

/**
 * The number each job board knows a job's listing in one place by (Indeed's `referencenumber`,
 * Adzuna's `id`): given the first time a feed lists the job there, and kept for good, so removing
 * one town never renumbers another, and a town removed and added again gets its number back
 * (docs/behaviour.md#job-board-feeds). `place` is the town as a key (jobs/job-reference-numbers.ts);
 * empty for a job listed with no town. They go when the job goes.
 */
export const jobReferenceNumbers = pgTable(
  'job_reference_numbers',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    place: text('place').notNull(),
    reference: text('reference').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.place] })],
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
    /** Which applicant privacy notice the form showed, and when the applicant submitted under it. */
    privacyNoticeVersion: text('privacy_notice_version'),
    privacyAcknowledgedAt: timestamp('privacy_acknowledged_at', { withTimezone: true, mode: 'date' }),
    /** An admin's hold keeps the application (and its CV) from the retention purge. */
    retentionHold: boolean('retention_hold').notNull().default(false),
    /** An earlier application by the same e-mail address to the same job within 30 days. */
    duplicateOf: uuid('duplicate_of'),
    /**
     * Where it stands in hiring (stage-contract.ts), and since when. Checked by the server, not
     * by a constraint: the list of stages belongs to the contract and may grow without a migration.
     */
    stage: text('stage').$type<ApplicationStage>().notNull().default('new'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /**
     * The stage it was in before the last change (none until it first moves), so the applicant's
     * page can keep showing where it stood until a rejection has been told to them
     * (docs/behaviour.md#the-applicants-page).
     */
    previousStage: text('previous_stage').$type<ApplicationStage>(),
    /**
     * Where it came from (shared/sources/source-contract.ts): a tracking link's or feed's marker,
     * `direct` or `unknown`; the referring site's host only (never its full address); and the
     * applicant's own optional answer to "How did you hear about this job?".
     */
    source: text('source').notNull().default('direct'),
    referrerHost: text('referrer_host'),
    heardAbout: text('heard_about'),
    /** The version of the job's questions the applicant answered, and the answers with each question's words. */
    questionSetId: uuid('question_set_id'),
    answers: jsonb('answers')
      .$type<StoredAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [
    index('applications_created_at_idx').on(table.createdAt),
    index('applications_email_job_idx').on(table.email, table.jobId),
    index('applications_stage_idx').on(table.stage),
    index('applications_job_stage_idx').on(table.jobId, table.stage),
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

/**
 * Shared rate-limit counters (rate-limiter-flexible's table shape), so limits hold across
 * instances. Keys are digests (http/rate-limit.ts); the index on `expire` keeps the sweep of
 * expired counters one cheap delete.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

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
    /** What exactly, where the action alone does not say ("New → Reviewed", "Rejection"). */
    detail: text('detail'),
    createdAt: createdAt(),
    /**
     * The order entries were written in, to tell apart entries of the same moment (opening an
     * application is viewed, then reviewed, often within one millisecond).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index('audit_entries_application_idx').on(table.applicationId, table.createdAt),
    index('audit_entries_subject_idx').on(table.subjectEmail),
  ],
);

/**
 * The e-mail outbox: every message the server sends, queued in the transaction of what caused it
 * and delivered by `email-outbox.ts`. One row is one message to one recipient, rendered when
 * queued. A row is waiting while `sentAt` and `failedAt` are both empty; `claimToken` is set while
 * one deliverer is sending it, and `nextAttemptAt` is then the end of that claim (its lease), or
 * else the time of the next try. A message about an application holds the applicant's data, so it
 * goes when the application goes.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set when delivery was given up (the message waited too long); `lastError` says why. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The body holds the placeholder of the application's private link, filled with a freshly
     * minted one when the message is sent: the link's token is never stored in clear, here
     * or anywhere (docs/security.md#the-applicants-private-link).
     */
    privateLink: boolean('private_link').notNull().default(false),
    /**
     * An iCalendar invitation that goes with the message (an interview booked, moved or
     * cancelled): its text, and its METHOD (REQUEST or CANCEL), which mail programs need to offer
     * it as an invitation.
     */
    calendar: text('calendar'),
    calendarMethod: text('calendar_method'),
    /**
     * A held message's subject matter and recipient (an interviewer and one booking): it waits a
     * while before it goes, and a later message with the same key replaces it while it has not
     * been tried (email-outbox.ts, docs/security.md#interview-bookings). Null for every other one.
     */
    coalesceKey: text('coalesce_key'),
    /**
     * Header fields of this message alone, by name (a job alert's `List-Unsubscribe` and
     * `List-Unsubscribe-Post`: RFC 8058); null for most. They may hold a minted link's
     * placeholder, filled as the body's is (email/private-link.ts).
     */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (table) => [
    index('email_outbox_waiting_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('email_outbox_application_idx').on(table.applicationId),
    index('email_outbox_recipient_idx').on(table.recipient),
    index('email_outbox_coalesce_idx')
      .on(table.coalesceKey)
      .where(sql`${table.coalesceKey} is not null`),
  ],
);

/**
 * Every reply queued for an applicant (reply-contract.ts), so a rejection goes at most once per
 * application (the partial unique index holds that even for two admins at the same moment) and
 * what was sent can be told later. They go when the application goes.
 */
export const applicationReplies = pgTable(
  'application_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReplyKind>().notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('application_replies_application_idx').on(table.applicationId, table.createdAt),
    uniqueIndex('application_replies_one_rejection_idx')
      .on(table.applicationId)
      .where(sql`${table.kind} = 'rejection'`),
  ],
);

/**
 * The applicant's private link to their application (/my-application/<token>): only the SHA-256
 * of the token is kept, one per application. Minting a new one replaces the old, which then stops
 * working; it goes when the application goes (deletion, retention purge, erasure).
 */
export const applicationLinks = pgTable('application_links', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/** The admins' own wording of each reply; a kind without a row uses the product's default. */
export const replyTemplates = pgTable('reply_templates', {
  kind: text('kind').$type<ReplyKind>().primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

/**
 * Password reset links: only the SHA-256 digest of the link's token is kept, so the table alone
 * cannot reset anyone's password. A link works once, until `expiresAt`.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /**
     * What the link was sent as: a forgotten password (`reset`), or an invitation to the hiring
     * team (`invitation`), whose first password also signs the person in.
     */
    purpose: text('purpose').$type<ResetPurpose>().notNull().default('reset'),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * An account's second factor (TOTP). A row without `enabledAt` is a set-up in progress: its secret
 * was shown but no code from it has been entered yet, so it does not guard the login. `lastStep`
 * is the 30-second step of the last code accepted: a code of that step or an earlier one is
 * refused, so a code seen once cannot be replayed.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes for a lost phone, kept as SHA-256 digests only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_idx').on(table.userId, table.codeHash)],
);

/** What happened to an account's sign-in (account-contract.ts): which kind, when, from which address. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccountEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The client's address; none for the command line. */
    ip: text('ip'),
  },
  (table) => [index('account_events_user_idx').on(table.userId, table.at)],
);

/**
 * A hiring manager's jobs. Access lasts while the row exists and the job is open: it is checked on
 * every call, so closing the job or removing the person ends it at once. `mayDecide` lets the
 * manager move this job's applications to Hired or Rejected themselves.
 */
export const jobHiringManagers = pgTable(
  'job_hiring_managers',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mayDecide: boolean('may_decide').notNull().default(false),
    assignedBy: text('assigned_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.userId] }),
    index('job_hiring_managers_user_idx').on(table.userId),
  ],
);

/**
 * An interviewer's applications: the one thing that opens an application (and its CV) to an
 * interviewer, while its job is open. Booking an interview adds the row; an administrator or the
 * job's hiring manager may add or remove one directly.
 */
export const applicationInterviewers = pgTable(
  'application_interviewers',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: text('assigned_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.userId] }),
    index('application_interviewers_user_idx').on(table.userId),
  ],
);

/**
 * A time a hiring manager or administrator offered for a job's interviews (UTC; shown in London
 * time). One slot may be offered to several applicants of the job: the first to book it has it
 * (interview_bookings). It goes with its job; a booking goes with it.
 */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** An address or a video link, as the person who offered it wrote it. */
    place: text('place').notNull(),
    offeredBy: text('offered_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('interview_slots_job_idx').on(table.jobId, table.startsAt)],
);

/** Who interviews in a slot: members of the hiring team with the interviewer role. */
export const interviewSlotInterviewers = pgTable(
  'interview_slot_interviewers',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => interviewSlots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.slotId, table.userId] }),
    index('interview_slot_interviewers_user_idx').on(table.userId),
  ],
);

/** Which slots an application's applicant may choose from. */
export const interviewOffers = pgTable(
  'interview_offers',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => interviewSlots.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.slotId] }),
    index('interview_offers_slot_idx').on(table.slotId),
  ],
);

/**
 * An applicant's booked interview. The unique slot is what keeps a slot from being booked twice,
 * whoever presses first; the unique application keeps one booking per application. Its id is the
 * calendar event's UID, so a move or a cancellation updates the same event in everyone's calendar,
 * with `sequence` raised each time. `remindedAt` records the day-before reminder, so it goes once.
 */
export const interviewBookings = pgTable('interview_bookings', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id')
    .notNull()
    .unique()
    .references(() => applications.id, { onDelete: 'cascade' }),
  slotId: uuid('slot_id')
    .notNull()
    .unique()
    .references(() => interviewSlots.id, { onDelete: 'cascade' }),
  sequence: integer('sequence').notNull().default(0),
  remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
  bookedAt: createdAt(),
});

/**
 * An interviewer's scorecard for one application: a rating of 1 to 4 with a note for each of the
 * job's requirements, and a recommendation. Submitted once; it ends the interviewer's access to
 * the application (docs/security.md#scorecards). The interviewer's name and address are kept, so
 * the scorecard still says whose it was once their account is gone.
 */
export const scorecards = pgTable(
  'scorecards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    interviewerId: uuid('interviewer_id').references(() => users.id, { onDelete: 'set null' }),
    interviewerEmail: text('interviewer_email').notNull(),
    interviewerName: text('interviewer_name').notNull(),
    ratings: jsonb('ratings').$type<ScorecardRating[]>().notNull(),
    recommendation: text('recommendation').$type<Recommendation>().notNull(),
    submittedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('scorecards_application_interviewer_idx').on(table.applicationId, table.interviewerId),
  ],
);

/**
 * An application's right-to-work check (docs/behaviour.md#right-to-work-checks), recorded by an
 * administrator at Offer or Hired. The evidence's bytes are in the blob store beside the CVs,
 * under `evidenceKey`. A Hired application with a completed check is kept from the recruitment
 * purge until two years after `employmentEndedOn`. `followUpRemindedAt` records the follow-up
 * reminder, so it goes once for each follow-up date.
 */
export const rightToWorkChecks = pgTable(
  'right_to_work_checks',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    method: text('method').$type<RightToWorkMethod>().notNull(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    checkedByEmail: text('checked_by_email').notNull(),
    checkedByName: text('checked_by_name').notNull(),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    followUpRemindedAt: timestamp('follow_up_reminded_at', { withTimezone: true, mode: 'date' }),
    employmentEndedOn: date('employment_ended_on', { mode: 'string' }),
    evidenceKey: text('evidence_key'),
    evidenceType: text('evidence_type').$type<RightToWorkEvidenceType>(),
    evidenceSize: integer('evidence_size'),
    evidenceUploadedAt: timestamp('evidence_uploaded_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('right_to_work_checks_follow_up_idx')
      .on(table.followUpOn)
      .where(sql`${table.followUpRemindedAt} is null`),
  ],
);

/**
 * What an applicant asked for to apply or to be interviewed (on the form, and when booking their
 * interview), and the Disability Confident opt-in: kept apart from the application's other fields
 * so that only the adjustments contact's calls read the requests (docs/security.md#adjustments).
 * Beside them, what the contact agreed for the interviewers, which the interview's staff read. It
 * goes when the application goes.
 */
export const applicationAdjustments = pgTable('application_adjustments', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  adjustments: text('adjustments'),
  disabilityConfident: boolean('disability_confident').notNull().default(false),
  /** What the applicant asked for when booking their interview (the latest), in their words. */
  interviewAdjustments: text('interview_adjustments'),
  /** What the adjustments contact agreed, written for the interviewers and the hiring manager. */
  agreed: text('agreed'),
  agreedBy: text('agreed_by'),
  agreedAt: timestamp('agreed_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Equality monitoring returns. Nothing here names or points at an application or a person: the
 * id is random, there is no time of day, and `link` is an HMAC of the application's id under a key
 * that is never in the database, so only the server can find the row of an application (to move
 * its stage on, or to delete it with the application). See docs/security.md#equality-monitoring.
 */
export const equalityMonitoring = pgTable(
  'equality_monitoring',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    link: text('link').notNull().unique(),
    /** The job applied for; kept (as none) when the job is deleted, so overall reports still count it. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** The furthest funnel stage reached (equality-monitoring-contract.ts). */
    stageReached: text('stage_reached').$type<FunnelStage>().notNull().default('applied'),
    /**
     * The first of the month after the application's own purge day: a row whose application can no
     * longer be followed (a lost key) still goes, at most a month or two late.
     */
    retainUntil: date('retain_until', { mode: 'string' }).notNull(),
    ageBand: text('age_band'),
    sex: text('sex'),
    genderIdentity: text('gender_identity'),
    ethnicGroup: text('ethnic_group'),
    disability: text('disability'),
    religion: text('religion'),
    sexualOrientation: text('sexual_orientation'),
  },
  (table) => [index('equality_monitoring_job_idx').on(table.jobId)],
);

/**
 * The equality monitoring figures as published: one row for the whole (`slice` 'all') and one per
 * job (its id), each with the London day it was taken. Administrators read these, never the
 * returns, so the answers they get change only when the figures are taken again
 * (docs/security.md#equality-monitoring).
 */
export const equalityReports = pgTable('equality_reports', {
  slice: text('slice').primaryKey(),
  takenOn: date('taken_on', { mode: 'string' }).notNull(),
  figures: jsonb('figures').$type<PublishedFigures>().notNull(),
});

/**
 * Which returns changed (sent, moved on, deleted) since a slice's figures were taken: one row per
 * slice and return, the return named by a keyed digest of its id that only the server can compute,
 * so the rows say how many changed, not which.
 */
export const equalityReportChanges = pgTable(
  'equality_report_changes',
  {
    slice: text('slice').notNull(),
    mark: text('mark').notNull(),
  },
  (table) => [primaryKey({ columns: [table.slice, table.mark] })],
);

/**
 * The domain events (src/shared/events/domain-events.ts): one row per thing that happened (a job
 * published, an application moved on), written in the transaction of the change itself, so an
 * event exists exactly when its change was committed. The payload holds ids and stage names only,
 * never personal data (docs/security.md#domain-events). Kept until every subscriber has it and
 * the retention has passed (events/event-dispatcher.ts).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<DomainEventType>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('domain_events_created_idx').on(table.createdAt)],
);

/**
 * The subscribers some instance runs, by name. An event is given a delivery for each subscriber
 * named here when it is recorded, so a subscriber gets the events recorded after it was first
 * registered. `seenAt` is renewed while an instance runs it; one no instance has run for the
 * retention is dropped with its deliveries.
 */
export const domainEventSubscribers = pgTable('domain_event_subscribers', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The event types it hears; null for every type. Only those get a delivery for it. */
  hears: text('hears').array(),
});

/**
 * One event for one subscriber: delivered once (its primary key), claimed as the e-mail outbox's
 * messages are (`claimToken` and a lease in `nextAttemptAt`), and marked delivered in the
 * transaction that runs the subscriber's handler.
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    subscriber: text('subscriber')
      .notNull()
      .references(() => domainEventSubscribers.name, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.subscriber, table.eventId] }),
    index('domain_event_deliveries_waiting_idx')
      .on(table.subscriber, table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
    index('domain_event_deliveries_event_idx').on(table.eventId),
  ],
);

export const schema = {
  users,
  passwordResets,
  twoFactor,
  recoveryCodes,
  accountEvents,
  departments,
  jobs,
  jobReferenceNumbers,
  applications,
  applicationNotes,
  auditEntries,
  settings,
  cvBlobs,
  rateLimits,
  emailOutbox,
  applicationReplies,
  replyTemplates,
  applicationLinks,
  jobHiringManagers,
  applicationInterviewers,
  interviewSlots,
  interviewSlotInterviewers,
  interviewOffers,
  interviewBookings,
  scorecards,
  rightToWorkChecks,
  applicationAdjustments,
  equalityMonitoring,
  equalityReports,
  equalityReportChanges,
  domainEvents,
  domainEventSubscribers,
  domainEventDeliveries,
};

/**
 * Every version of a job's questions. An edit adds a version rather than changing one, so an
 * application is checked against the questions its form showed (docs/behaviour.md#questions-per-job).
 */
export const jobQuestionSets = pgTable(
  'job_question_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('job_question_sets_job_idx').on(table.jobId)],
);
