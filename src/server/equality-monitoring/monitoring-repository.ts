import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applications, equalityMonitoring, equalityReportChanges, equalityReports } from '../db/schema';
import { isId } from '../../shared/http/id';
import { londonToday } from '../../shared/format/calendar-date';
import type { ApplicationStage } from '../../shared/applications/stage-contract';
import {
  funnelStages,
  monitoringQuestions,
  notAnsweredLabel,
  PREFER_NOT_TO_SAY,
  preferNotToSayLabel,
  REFRESH_AFTER_CHANGES,
  type FunnelReport,
  type FunnelStage,
  type MonitoringAnswers,
  type PublishedFigures,
  type StageCounts,
} from '../../shared/equality-monitoring/equality-monitoring-contract';
import { answerValues, countReturns, publishFigures, type SliceCounts } from './published-figures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The funnel stage an application in `stage` has reached; none for a stage that ends it. */
const funnelStageOf: Record<ApplicationStage, FunnelStage | undefined> = {
  new: 'applied',
  reviewed: 'applied',
  shortlisted: 'shortlisted',
  interview: 'interviewed',
  offer: 'offered',
  hired: 'hired',
  rejected: undefined,
  withdrawn: undefined,
};

const rank = (stage: FunnelStage) => funnelStages.indexOf(stage);

/** The slice of the whole in `equality_reports`; a job's slice is its id. */
const WHOLE = 'all';
/** How often a day's held-back figures are looked at again, when someone asks for them. */
const RECHECK_MS = 60_000;

const withheld = Object.fromEntries(funnelStages.map((stage) => [stage, null])) as StageCounts;

export type SubmitOutcome = 'saved' | 'refused' | 'already-sent' | 'off';

/**
 * Equality monitoring returns, kept so that nothing in the database leads from a return to an
 * application or a person (docs/security.md#equality-monitoring). `key` is undefined when
 * monitoring is off (monitoring-key.ts).
 */
export function createEqualityMonitoring(
  db: Db,
  key: Buffer | undefined,
  options: { retentionDays: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const mac = (purpose: string, applicationId: string) =>
    createHmac('sha256', key!).update(`${purpose}\0${applicationId.toLowerCase()}`).digest('base64url');
  /** What the row of an application is found by: only the server, holding the key, can compute it. */
  const linkOf = (applicationId: string) => mac('link', applicationId);

  /**
   * Notes, in the change's own transaction, that these returns changed, for the whole and for
   * each one's job: the figures are taken again only once enough have (docs/security.md#equality-monitoring).
   */
  const noteChanged = async (tx: Db, changed: ReadonlyArray<{ id: string; jobId: string | null }>) => {
    if (changed.length === 0) return;
    const rows = changed.flatMap((row) => {
      const mark = mac('change', row.id);
      return [{ slice: WHOLE, mark }, ...(row.jobId ? [{ slice: row.jobId, mark }] : [])];
    });
    await tx.insert(equalityReportChanges).values(rows).onConflictDoNothing();
  };

  let checked = { day: '', taken: false, at: 0 };

  /**
   * Takes the day's figures, once: the first time they are asked for on a London day, and only
   * if at least REFRESH_AFTER_CHANGES returns changed since the whole's figures were last taken
   * (or there are none yet). A job's figures are taken again with them only if as many of its own
   * returns changed, or it has none yet; otherwise it keeps the ones it has. The changes are read
   * and cleared under a lock, so every instance on one PostgreSQL takes the same figures.
   */
  async function takeFigures(moment: Date): Promise<void> {
    const today = londonToday(moment);
    const time = moment.getTime();
    if (checked.day === today && (checked.taken || time - checked.at < RECHECK_MS)) return;
    const taken = await db.transaction(async (tx) => {
      // Held until this transaction ends: a change made meanwhile waits, and is counted for the
      // next figures rather than lost between the read of the returns and the clearing below.
      await tx.execute(sql`lock table ${equalityReportChanges} in exclusive mode`);
      const [whole] = await tx
        .select({ takenOn: equalityReports.takenOn })
        .from(equalityReports)
        .where(eq(equalityReports.slice, WHOLE));
      if (whole?.takenOn === today) return true;
      const counted = await tx
        .select({ slice: equalityReportChanges.slice, n: sql<number>`count(*)::int` })
        .from(equalityReportChanges)
        .groupBy(equalityReportChanges.slice);
      const changes = new Map(counted.map((row) => [row.slice, Number(row.n)]));
      if (whole && (changes.get(WHOLE) ?? 0) < REFRESH_AFTER_CHANGES) return false;

      const returns = await tx.select().from(equalityMonitoring);
      const byJob = new Map<string, typeof returns>();
      for (const row of returns) {
        if (!row.jobId) continue;
        byJob.set(row.jobId, [...(byJob.get(row.jobId) ?? []), row]);
      }
      const published = new Set(
        (await tx.select({ slice: equalityReports.slice }).from(equalityReports)).map((row) => row.slice),
      );
      const refreshed = new Map<string, SliceCounts>();
      for (const [jobId, rows] of byJob) {
        if (!published.has(jobId) || (changes.get(jobId) ?? 0) >= REFRESH_AFTER_CHANGES)
          refreshed.set(jobId, countReturns(rows.map(asCounted)));
      }
      // A job whose returns have all gone since (deleted with their applications) is counted as
      // empty once enough of them went.
      for (const slice of published) {
        if (slice !== WHOLE && !byJob.has(slice) && (changes.get(slice) ?? 0) >= REFRESH_AFTER_CHANGES)
          refreshed.set(slice, countReturns([]));
      }
      const figures = publishFigures(countReturns(returns.map(asCounted)), refreshed);
      const rows = [
        { slice: WHOLE, takenOn: today, figures: figures.whole },
        ...[...figures.jobs].map(([slice, jobFigures]) => ({ slice, takenOn: today, figures: jobFigures })),
      ];
      await tx
        .insert(equalityReports)
        .values(rows)
        .onConflictDoUpdate({
          target: equalityReports.slice,
          set: { takenOn: sql`excluded.taken_on`, figures: sql`excluded.figures` },
        });
      const cleared = rows.map((row) => row.slice);
      await tx
        .delete(equalityReportChanges)
        .where(sql`${equalityReportChanges.slice} = any(${sql.param(cleared)}::text[])`);
      // The figures of deleted jobs go with them.
      const gone = sql`${equalityReports.slice} <> ${WHOLE} and not exists (select 1 from jobs where jobs.id::text = ${equalityReports.slice})`;
      await tx.delete(equalityReports).where(gone);
      await tx
        .delete(equalityReportChanges)
        .where(
          sql`${equalityReportChanges.slice} <> ${WHOLE} and not exists (select 1 from jobs where jobs.id::text = ${equalityReportChanges.slice})`,
        );
      return true;
    });
    checked = { day: today, taken, at: time };
  }

  /** The first day of the month after the application's purge day. */
  const retainUntil = (createdAt: Date) => {
    const purge = new Date(createdAt.getTime() + options.retentionDays * DAY_MS);
    return new Date(Date.UTC(purge.getUTCFullYear(), purge.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  };

  return {
    enabled: key !== undefined,

    /** Given to the applicant with the application's answer; proves the return is theirs. */
    formToken(applicationId: string): string | undefined {
      return key && mac('form', applicationId);
    },

    async submit(applicationId: string, token: string, answers: MonitoringAnswers): Promise<SubmitOutcome> {
      if (!key) return 'off';
      const expected = Buffer.from(mac('form', applicationId));
      const given = Buffer.from(token);
      if (!isId(applicationId) || given.length !== expected.length || !timingSafeEqual(given, expected))
        return 'refused';
      const [application] = await db
        .select({ jobId: applications.jobId, stage: applications.stage, createdAt: applications.createdAt })
        .from(applications)
        .where(eq(applications.id, applicationId))
        .limit(1);
      if (!application) return 'refused';
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(equalityMonitoring)
          .values({
            link: linkOf(applicationId),
            jobId: application.jobId,
            stageReached: funnelStageOf[application.stage] ?? 'applied',
            retainUntil: retainUntil(application.createdAt),
            ...answers,
          })
          .onConflictDoNothing()
          .returning({ id: equalityMonitoring.id, jobId: equalityMonitoring.jobId });
        await noteChanged(tx, inserted);
        return inserted.length > 0 ? 'saved' : 'already-sent';
      });
    },

    /** Moves the returns of applications that moved on, in the stage change's own transaction. */
    async followStages(tx: Db, moved: ReadonlyArray<{ id: string; stage: ApplicationStage }>): Promise<void> {
      if (!key) return;
      for (const stage of funnelStages) {
        const links = moved.filter((row) => funnelStageOf[row.stage] === stage).map((row) => linkOf(row.id));
        if (links.length === 0) continue;
        const lower = funnelStages.filter((earlier) => rank(earlier) < rank(stage));
        if (lower.length === 0) continue;
        const changed = await tx
          .update(equalityMonitoring)
          .set({ stageReached: stage })
          .where(
            and(
              sql`${equalityMonitoring.link} = any(${sql.param(links)}::text[])`,
              sql`${equalityMonitoring.stageReached} = any(${sql.param(lower)}::text[])`,
            ),
          )
          .returning({ id: equalityMonitoring.id, jobId: equalityMonitoring.jobId });
        await noteChanged(tx, changed);
      }
    },

    /** Deletes the returns of these applications, in the transaction that deletes them. */
    async forget(tx: Db, applicationIds: readonly string[]): Promise<void> {
      if (!key || applicationIds.length === 0) return;
      const deleted = await tx
        .delete(equalityMonitoring)
        .where(sql`${equalityMonitoring.link} = any(${sql.param(applicationIds.map(linkOf))}::text[])`)
        .returning({ id: equalityMonitoring.id, jobId: equalityMonitoring.jobId });
      await noteChanged(tx, deleted);
    },

    /** The retention clock's safety net: returns past their month, whatever became of the key. */
    async purgeExpired(at = now()): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(equalityMonitoring)
          .where(lte(equalityMonitoring.retainUntil, at.toISOString().slice(0, 10)))
          .returning({ id: equalityMonitoring.id, jobId: equalityMonitoring.jobId });
        if (key) await noteChanged(tx, rows);
        return rows.length;
      });
    },

    /**
     * One job's funnel, or the whole's, as the day's figures have it (takeFigures): never counted
     * from the returns as they are at this moment.
     */
    async funnel(jobId?: string): Promise<FunnelReport> {
      await takeFigures(now());
      const slice = jobId === undefined ? WHOLE : isId(jobId) ? jobId.toLowerCase() : undefined;
      const [row] = slice
        ? await db.select().from(equalityReports).where(eq(equalityReports.slice, slice))
        : [];
      return reportOf(jobId ?? null, row);
    },
  };
}

/** A report as the screens read it, from the stored figures (all withheld when there are none). */
function reportOf(jobId: string | null, row: { takenOn: string; figures: PublishedFigures } | undefined) {
  return {
    jobId,
    asOf: row?.takenOn ?? null,
    total: row?.figures.total ?? withheld,
    questions: monitoringQuestions.map((question) => ({
      key: question.key,
      label: question.label,
      groups: answerValues(question.key).map((value) => ({
        value,
        label:
          value === PREFER_NOT_TO_SAY
            ? preferNotToSayLabel
            : value === ''
              ? notAnsweredLabel
              : question.options.find((item) => item.value === value)!.label,
        counts: row?.figures.questions[question.key]?.[value] ?? withheld,
      })),
    })),
  } satisfies FunnelReport;
}

/** A stored return as the figures count it. */
function asCounted(row: typeof equalityMonitoring.$inferSelect) {
  return {
    stageReached: row.stageReached,
    answers: Object.fromEntries(
      monitoringQuestions.map((question) => [question.key, row[question.key] ?? '']),
    ) as Record<(typeof monitoringQuestions)[number]['key'], string>,
  };
}

export type EqualityMonitoring = ReturnType<typeof createEqualityMonitoring>;
