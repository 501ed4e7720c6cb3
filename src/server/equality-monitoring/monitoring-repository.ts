import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applications, equalityMonitoring } from '../db/schema';
import { isId } from '../../shared/http/id';
import type { ApplicationStage } from '../../shared/applications/stage-contract';
import {
  funnelStages,
  MIN_REPORTED_GROUP,
  monitoringQuestions,
  notAnsweredLabel,
  PREFER_NOT_TO_SAY,
  preferNotToSayLabel,
  type FunnelReport,
  type FunnelStage,
  type MonitoringAnswers,
  type StageCounts,
} from '../../shared/equality-monitoring/equality-monitoring-contract';

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

/** Suppresses a count under the minimum group. */
const shown = (n: number): number | null => (n < MIN_REPORTED_GROUP ? null : n);

export type SubmitOutcome = 'saved' | 'refused' | 'already-sent' | 'off';

/**
 * Equality monitoring returns, kept so that nothing in the database leads from a return to an
 * application or a person (docs/security.md#equality-monitoring). `key` is undefined when
 * monitoring is off (monitoring-key.ts).
 */
export function createEqualityMonitoring(
  db: Db,
  key: Buffer | undefined,
  options: { retentionDays: number },
) {
  const mac = (purpose: string, applicationId: string) =>
    createHmac('sha256', key!).update(`${purpose}\0${applicationId.toLowerCase()}`).digest('base64url');
  /** What the row of an application is found by: only the server, holding the key, can compute it. */
  const linkOf = (applicationId: string) => mac('link', applicationId);

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
      const inserted = await db
        .insert(equalityMonitoring)
        .values({
          link: linkOf(applicationId),
          jobId: application.jobId,
          stageReached: funnelStageOf[application.stage] ?? 'applied',
          retainUntil: retainUntil(application.createdAt),
          ...answers,
        })
        .onConflictDoNothing()
        .returning({ id: equalityMonitoring.id });
      return inserted.length > 0 ? 'saved' : 'already-sent';
    },

    /** Moves the returns of applications that moved on, in the stage change's own transaction. */
    async followStages(tx: Db, moved: ReadonlyArray<{ id: string; stage: ApplicationStage }>): Promise<void> {
      if (!key) return;
      for (const stage of funnelStages) {
        const links = moved.filter((row) => funnelStageOf[row.stage] === stage).map((row) => linkOf(row.id));
        if (links.length === 0) continue;
        const lower = funnelStages.filter((earlier) => rank(earlier) < rank(stage));
        if (lower.length === 0) continue;
        await tx
          .update(equalityMonitoring)
          .set({ stageReached: stage })
          .where(
            and(
              sql`${equalityMonitoring.link} = any(${sql.param(links)}::text[])`,
              sql`${equalityMonitoring.stageReached} = any(${sql.param(lower)}::text[])`,
            ),
          );
      }
    },

    /** Deletes the returns of these applications, in the transaction that deletes them. */
    async forget(tx: Db, applicationIds: readonly string[]): Promise<void> {
      if (!key || applicationIds.length === 0) return;
      await tx
        .delete(equalityMonitoring)
        .where(sql`${equalityMonitoring.link} = any(${sql.param(applicationIds.map(linkOf))}::text[])`);
    },

    /** The retention clock's safety net: returns past their month, whatever became of the key. */
    async purgeExpired(now = new Date()): Promise<number> {
      const rows = await db
        .delete(equalityMonitoring)
        .where(lte(equalityMonitoring.retainUntil, now.toISOString().slice(0, 10)))
        .returning({ id: equalityMonitoring.id });
      return rows.length;
    },

    /** One job's funnel, or every job's; each group under the minimum is suppressed. */
    async funnel(jobId?: string): Promise<FunnelReport> {
      const rows =
        jobId === undefined
          ? await db.select().from(equalityMonitoring)
          : isId(jobId)
            ? await db.select().from(equalityMonitoring).where(eq(equalityMonitoring.jobId, jobId))
            : [];
      const countsOf = (subset: typeof rows) => {
        const counts = Object.fromEntries(funnelStages.map((stage) => [stage, 0])) as Record<
          FunnelStage,
          number
        >;
        for (const row of subset)
          for (const stage of funnelStages) if (rank(row.stageReached) >= rank(stage)) counts[stage]++;
        return counts;
      };
      const total = countsOf(rows);
      const questions = monitoringQuestions.map((question) => {
        const values = [
          ...question.options.map((item) => ({ value: item.value as string, label: item.label as string })),
          { value: PREFER_NOT_TO_SAY, label: preferNotToSayLabel },
          { value: '', label: notAnsweredLabel },
        ];
        const raw = values.map((group) => ({
          ...group,
          counts: countsOf(rows.filter((row) => (row[question.key] ?? '') === group.value)),
        }));
        return { key: question.key, label: question.label, groups: suppressGroups(raw, total) };
      });
      return { jobId: jobId ?? null, total: mapCounts(total, shown), questions };
    },
  };
}

const mapCounts = (
  counts: Record<FunnelStage, number>,
  map: (n: number, stage: FunnelStage) => number | null,
) => Object.fromEntries(funnelStages.map((stage) => [stage, map(counts[stage], stage)])) as StageCounts;

/**
 * Each group under the minimum is suppressed; and where a stage's total is shown and only one
 * group of it is suppressed, holding from one to four people, the next smallest goes too, or the
 * total minus the rest would give the suppressed one away. (A lone empty group can be worked out,
 * but tells nothing about anyone.)
 */
function suppressGroups<T extends { counts: Record<FunnelStage, number> }>(
  groups: T[],
  total: Record<FunnelStage, number>,
): Array<Omit<T, 'counts'> & { counts: StageCounts }> {
  const hidden = new Map<string, Set<number>>();
  for (const stage of funnelStages) {
    const small = new Set(
      groups.flatMap((group, index) => (group.counts[stage] < MIN_REPORTED_GROUP ? [index] : [])),
    );
    const [only] = small;
    if (small.size === 1 && groups[only!]!.counts[stage] > 0 && total[stage] >= MIN_REPORTED_GROUP) {
      const next = groups
        .map((group, index) => ({ n: group.counts[stage], index }))
        .filter((item) => !small.has(item.index))
        .sort((a, b) => a.n - b.n)[0];
      if (next) small.add(next.index);
    }
    hidden.set(stage, small);
  }
  return groups.map((group, index) => ({
    ...group,
    counts: mapCounts(group.counts, (n, stage) => (hidden.get(stage)!.has(index) ? null : n)),
  }));
}

export type EqualityMonitoring = ReturnType<typeof createEqualityMonitoring>;
