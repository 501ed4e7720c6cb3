import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApplicationStage } from '../../shared/applications/stage-contract';

const day = (name: string) => date(name, { mode: 'string' });

/**
 * The hiring facts (docs/behaviour.md#reports): one row per application arriving or moving from
 * one stage to another, written by the reports' subscriber to the domain events, and kept when
 * the application goes (the retention purge, an erasure). A fact holds nothing of the person:
 * no application id, no name or address, the day rather than the time, the job and not who
 * applied to it (docs/security.md#hiring-facts). Each row carries what the reports need without
 * joining facts to each other, since nothing ties two facts of one application together.
 */
export const hiringFacts = pgTable(
  'hiring_facts',
  {
    /** The order facts were written in: the order of the changes. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The job applied to (a job is not a person); no foreign key: the fact outlives the job. */
    jobId: uuid('job_id'),
    jobTitle: text('job_title').notNull(),
    /** The job's department's slug when the change was made; none for a job without one. */
    department: text('department'),
    /** The application's source marker (shared/sources/source-contract.ts). */
    source: text('source').notNull(),
    /** The stage left; none for the application's arrival. */
    fromStage: text('from_stage').$type<ApplicationStage>(),
    toStage: text('to_stage').$type<ApplicationStage>().notNull(),
    /** The London day of the change. */
    day: day('day').notNull(),
    /** The London day the application arrived: the funnel and the sources count by it. */
    appliedOn: day('applied_on').notNull(),
    /** The London day the stage left was entered (the arrival for `new`); none for an arrival. */
    stageEnteredOn: day('stage_entered_on'),
    /** Working days (England and Wales) spent in the stage left; none for an arrival. */
    daysInStage: integer('days_in_stage'),
    /** Working days from the arrival to this change: time to hire, for a move to Hired. */
    daysSinceApplied: integer('days_since_applied').notNull(),
    /**
     * The funnel steps (reports-contract.ts, 0 = applied … 5 = hired) this change made the
     * application reach for the first time, from `reachFrom` to `reachTo`; none when it reached
     * no new one (a rejection, or back to a stage it had passed).
     */
    reachFrom: smallint('reach_from'),
    reachTo: smallint('reach_to'),
  },
  (table) => [
    index('hiring_facts_applied_idx').on(table.appliedOn),
    index('hiring_facts_day_idx').on(table.day),
    index('hiring_facts_entered_idx').on(table.stageEnteredOn),
    // The narrowed reports read one job's, department's or source's moves of a range.
    index('hiring_facts_job_day_idx').on(table.jobId, table.day),
    index('hiring_facts_department_day_idx').on(table.department, table.day),
    index('hiring_facts_source_day_idx').on(table.source, table.day),
  ],
);

const count = (name: string) => integer(name).notNull().default(0);

/**
 * The facts summed by month, job, department and source, kept in the transaction that writes
 * the facts (hiring-facts.ts `writeFacts`), so a year's reports read a few thousand rows rather
 * than every fact: how many applications that arrived in the month reached each funnel step, and
 * the offers made in the month and, of those, the ones that moved on to Hired. The days at either
 * end of a range that do not cover a whole month are read from the facts themselves.
 */
export const hiringFactMonths = pgTable(
  'hiring_fact_months',
  {
    /** YYYY-MM, London. */
    month: text('month').notNull(),
    jobId: uuid('job_id'),
    department: text('department'),
    source: text('source').notNull(),
    applied: count('applied'),
    reviewed: count('reviewed'),
    shortlisted: count('shortlisted'),
    interviewed: count('interviewed'),
    offered: count('offered'),
    hired: count('hired'),
    /** Moves to Offer made in the month, and those of them later moved on to Hired. */
    offers: count('offers'),
    accepted: count('accepted'),
  },
  (table) => [
    unique('hiring_fact_months_key')
      .on(table.month, table.jobId, table.department, table.source)
      .nullsNotDistinct(),
  ],
);

/**
 * How many moves took each number of working days, by the month of the move: the time in each
 * stage (`measure` the stage left) and the time to hire (`measure` 'hire'). Kept with the facts as
 * `hiringFactMonths` is, once over every job (`scope` '') and once for each of the fact's job
 * (`j:<id>`), department (`d:<slug>`) and source (`s:<marker>`), so a report narrowed by one of
 * them reads its own rows; narrowed by several, it reads the facts.
 */
export const hiringFactDurations = pgTable(
  'hiring_fact_durations',
  {
    scope: text('scope').notNull(),
    month: text('month').notNull(),
    measure: text('measure').notNull(),
    days: integer('days').notNull(),
    n: count('n'),
  },
  (table) => [primaryKey({ columns: [table.scope, table.month, table.measure, table.days] })],
);

/** Each job the facts name, with its title and department as last recorded: the reports' labels and choices. */
export const hiringFactJobs = pgTable('hiring_fact_jobs', {
  jobId: uuid('job_id').primaryKey(),
  jobTitle: text('job_title').notNull(),
  department: text('department'),
});
