import { bigint, date, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
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
  ],
);
