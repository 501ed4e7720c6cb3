import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { insertJsonRows } from '../db/json-rows';
import { applicationReplies, applications, emailOutbox } from '../db/schema';
import { HttpError } from '../http/http-error';
import { isId } from '../../shared/http/id';
import { londonToday } from '../../shared/format/calendar-date';
import { formatWeekdayDate } from '../../shared/format/date';
import {
  DEFAULT_STAGE_LIMITS,
  SEEDED_REJECTION_REASONS,
  holdingLineText,
  isLimitedStage,
  limitedStages,
  UNKNOWN_REJECTION_REASON,
  type ApplicantResponse,
  type LimitedStage,
  type OverdueApplication,
  type RejectionReason,
  type RejectionReasonChange,
  type StageLimits,
} from '../../shared/response-times/response-times-contract';
import { addWorkingDays, workingDaysBetween } from './working-days';
import { applicationRejections, rejectionReasons, stageTimeLimits } from './response-times-tables';

/** Where an application stands against its stage's limit, on London calendar days. */
export interface StageTiming {
  /** The last working day of the limit. */
  dueOn: string;
  overdue: boolean;
  workingDaysOver: number;
  /** The first extension of the limit (entered + 2 × limit) that is not yet past, for the holding line. */
  expectedBy: string;
  /** Past the first extension too: the applicant is e-mailed the holding line, once per visit. */
  missedTwice: boolean;
}

export function stageTiming(stageChangedAt: Date, limit: number, now: Date): StageTiming {
  return timingFrom(londonToday(stageChangedAt), limit, londonToday(now));
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * `stageTiming` for many applications at one moment: thousands share a few entry days, and each
 * day's timing is worked out once. London's offset from UTC is whole hours, so one UTC hour is
 * one London day, and the day is formatted once an hour, not once a row.
 */
function stageTimings(now: Date): (stageChangedAt: Date, limit: number) => StageTiming {
  const today = londonToday(now);
  const days = new Map<number, string>();
  const timings = new Map<string, StageTiming>();
  return (stageChangedAt, limit) => {
    const hour = Math.floor(stageChangedAt.getTime() / HOUR_MS);
    let entered = days.get(hour);
    if (entered === undefined) days.set(hour, (entered = londonToday(stageChangedAt)));
    const key = `${entered} ${limit}`;
    let timing = timings.get(key);
    if (!timing) timings.set(key, (timing = timingFrom(entered, limit, today)));
    return timing;
  };
}

function timingFrom(entered: string, limit: number, today: string): StageTiming {
  const dueOn = addWorkingDays(entered, limit);
  const extendedTo = addWorkingDays(entered, 2 * limit);
  // Never a date already gone: past the first extension the line moves on by one limit at a time.
  let expectedBy = extendedTo;
  for (let times = 3; expectedBy < today; times += 1) expectedBy = addWorkingDays(entered, times * limit);
  return {
    dueOn,
    overdue: today > dueOn,
    workingDaysOver: today > dueOn ? workingDaysBetween(dueOn, today) : 0,
    expectedBy,
    missedTwice: today > extendedTo,
  };
}

/** A London calendar day as the applicant reads it: "Thursday 12 March". */
export const spokenDay = (day: string): string => formatWeekdayDate(new Date(`${day}T12:00:00Z`));

export function createResponseTimesRepository(db: Db) {
  const limits = async (tx: Db = db): Promise<StageLimits> => {
    const rows = await tx.select().from(stageTimeLimits);
    const set = { ...DEFAULT_STAGE_LIMITS };
    for (const row of rows) if (row.stage in set) set[row.stage] = row.workingDays;
    return set;
  };

  const reasonRow = (row: typeof rejectionReasons.$inferSelect): RejectionReason => ({
    _id: row.id,
    label: row.label,
    retired: row.retiredAt !== null,
  });

  /**
   * The starting reasons, written the first time the list is needed while it has none at all (so
   * never again once administrators have their own, retired ones included). Not a migration: a
   * restore fills an empty database, and seeded rows would be in its way. Two instances seeding
   * at once write the same ids, and the second's are let go.
   */
  const seedReasons = async (tx: Db = db) => {
    await tx.execute(sql`
      insert into ${rejectionReasons} (id, label, created_at)
      select seeded.id::uuid, seeded.label, now() + (seeded.place * interval '1 millisecond')
      from jsonb_to_recordset(${JSON.stringify(
        SEEDED_REJECTION_REASONS.map((reason, place) => ({ id: reason._id, label: reason.label, place })),
      )}::jsonb) as seeded(id text, label text, place int)
      where not exists (select 1 from ${rejectionReasons})
      on conflict do nothing`);
  };

  /**
   * Every application now in a stage with a limit that may be past it today, with what the overdue
   * checks need. A limit of N working days ends N calendar days after the day entered or later,
   * so only those that entered before London's day `today - N` may be past it: the database leaves
   * the rest out (a few hours more are kept, as midnight there is 00:00 UTC or an hour before).
   */
  const waiting = async (set: StageLimits, today: string) =>
    db
      .select({
        id: applications.id,
        email: applications.email,
        jobId: applications.jobId,
        jobTitle: applications.jobTitle,
        stage: applications.stage,
        stageChangedAt: applications.stageChangedAt,
      })
      .from(applications)
      .where(
        or(
          ...limitedStages.map((stage) =>
            and(
              eq(applications.stage, stage),
              lt(
                applications.stageChangedAt,
                new Date(Date.parse(`${today}T00:00:00Z`) - set[stage] * DAY_MS),
              ),
            ),
          ),
        ),
      )
      .orderBy(asc(applications.stageChangedAt));

  return {
    limits,

    async setLimits(next: StageLimits): Promise<StageLimits> {
      await db
        .insert(stageTimeLimits)
        .values(limitedStages.map((stage) => ({ stage, workingDays: next[stage] })))
        .onConflictDoUpdate({
          target: stageTimeLimits.stage,
          set: { workingDays: sql`excluded.working_days`, updatedAt: sql`now()` },
        });
      return limits();
    },

    async reasons(): Promise<RejectionReason[]> {
      await seedReasons();
      const rows = await db
        .select()
        .from(rejectionReasons)
        .orderBy(asc(rejectionReasons.createdAt), asc(rejectionReasons.label));
      return rows.map(reasonRow);
    },

    async addReason(label: string): Promise<string> {
      await seedReasons();
      const [row] = await db
        .insert(rejectionReasons)
        .values({ label })
        .returning({ id: rejectionReasons.id });
      return row!.id;
    },

    /** Renames, retires or brings back a reason; false when there is no such reason. */
    async changeReason(id: string, change: RejectionReasonChange): Promise<boolean> {
      if (!isId(id)) return false;
      const set: Partial<typeof rejectionReasons.$inferInsert> = {};
      if (change.label !== undefined) set.label = change.label;
      if (change.retired !== undefined) set.retiredAt = change.retired ? new Date() : null;
      if (Object.keys(set).length === 0) {
        const [found] = await db
          .select({ id: rejectionReasons.id })
          .from(rejectionReasons)
          .where(eq(rejectionReasons.id, id));
        return found !== undefined;
      }
      const changed = await db
        .update(rejectionReasons)
        .set(set)
        .where(eq(rejectionReasons.id, id))
        .returning({ id: rejectionReasons.id });
      return changed.length > 0;
    },

    /**
     * Records the reason and feedback of the applications a rejection moved, in the stage
     * change's transaction; answers what the stage history adds: "(reason: Position filled)". Refuses a reason
     * that is not on the list or is retired (400), which rolls the whole change back.
     */
    async recordRejection(
      tx: Db,
      applicationIds: readonly string[],
      rejection: { reasonId: string; feedback?: string | undefined },
      actorEmail: string,
    ): Promise<string> {
      await seedReasons(tx);
      const [reason] = isId(rejection.reasonId)
        ? await tx
            .select({ label: rejectionReasons.label })
            .from(rejectionReasons)
            .where(and(eq(rejectionReasons.id, rejection.reasonId), isNull(rejectionReasons.retiredAt)))
        : [];
      if (!reason) throw new HttpError(400, UNKNOWN_REJECTION_REASON);
      const feedback = rejection.feedback?.trim() || null;
      if (applicationIds.length > 0) {
        // One JSON parameter however many are rejected (db/json-rows.ts): a bulk move names thousands.
        await tx.execute(
          sql`${insertJsonRows(
            applicationRejections,
            ['applicationId', 'reasonId', 'feedback', 'actorEmail'],
            applicationIds.map((applicationId) => ({
              applicationId,
              reasonId: rejection.reasonId,
              feedback,
              actorEmail,
            })),
          )} on conflict (application_id) do update set reason_id = excluded.reason_id,
            feedback = excluded.feedback, actor_email = excluded.actor_email, created_at = now()`,
        );
      }
      // The stage history is what staff read of it, and what the applicant's access export shows.
      return `(reason: ${reason.label}${feedback ? `; feedback for the applicant: ${feedback}` : ''})`;
    },

    /** The applications past their stage's limit now, longest overdue first. */
    async overdue(
      now: Date,
    ): Promise<
      Array<
        OverdueApplication & { email: string; missedTwice: boolean; expectedBy: string; stageChangedAt: Date }
      >
    > {
      const set = await limits();
      const timingOf = stageTimings(now);
      const found = [];
      for (const row of await waiting(set, londonToday(now))) {
        if (!isLimitedStage(row.stage)) continue;
        const timing = timingOf(row.stageChangedAt, set[row.stage]);
        if (!timing.overdue) continue;
        found.push({
          applicationId: row.id,
          email: row.email,
          jobId: row.jobId,
          jobTitle: row.jobTitle,
          stage: row.stage as LimitedStage,
          stageChangedAt: row.stageChangedAt,
          dueOn: timing.dueOn,
          workingDaysOver: timing.workingDaysOver,
          missedTwice: timing.missedTwice,
          expectedBy: timing.expectedBy,
        });
      }
      return found;
    },

    /**
     * What the applicant's page says: the holding line once their stage's limit has passed, and
     * the feedback on a rejection once its e-mail has gone (its reply recorded, and nothing of
     * that moment still waiting in the outbox). The reason itself is never given.
     */
    async applicantResponse(applicationId: string, now: Date): Promise<ApplicantResponse> {
      const [application] = await db
        .select({ stage: applications.stage, stageChangedAt: applications.stageChangedAt })
        .from(applications)
        .where(eq(applications.id, applicationId));
      if (!application) return { holdingLine: null, feedback: null };
      let holdingLine: string | null = null;
      if (isLimitedStage(application.stage)) {
        const timing = stageTiming(application.stageChangedAt, (await limits())[application.stage], now);
        if (timing.overdue) holdingLine = holdingLineText(spokenDay(timing.expectedBy));
      }
      let feedback: string | null = null;
      if (application.stage === 'rejected') {
        const [told] = await db
          .select({ feedback: applicationRejections.feedback })
          .from(applicationRejections)
          .innerJoin(
            applicationReplies,
            and(
              eq(applicationReplies.applicationId, applicationRejections.applicationId),
              eq(applicationReplies.kind, 'rejection'),
            ),
          )
          .where(
            and(
              eq(applicationRejections.applicationId, applicationId),
              sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.applicationId} = ${applicationReplies.applicationId} and ${emailOutbox.createdAt} = ${applicationReplies.createdAt} and ${emailOutbox.sentAt} is null)`,
            ),
          )
          .limit(1);
        feedback = told?.feedback ?? null;
      }
      return { holdingLine, feedback };
    },
  };
}

export type ResponseTimesRepository = ReturnType<typeof createResponseTimesRepository>;
