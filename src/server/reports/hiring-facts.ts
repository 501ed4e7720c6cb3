import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { londonToday } from '../../shared/format/calendar-date';
import {
  applicationStages,
  stageLabels,
  type ApplicationStage,
} from '../../shared/applications/stage-contract';
import type { RecordedEvent } from '../../shared/events/domain-events';
import type { Db } from '../db/database';
import { insertJsonRows } from '../db/json-rows';
import { applications, auditEntries, departments, jobs } from '../db/schema';
import { workingDaysBetween } from '../response-times/working-days';
import { reportFunnelSteps, reportTimedStages } from '../../shared/reports/reports-contract';
import { hiringFactDurations, hiringFactJobs, hiringFactMonths, hiringFacts } from './reports-tables';

/**
 * How the hiring facts are made (docs/behaviour.md#reports): from an application as it stands
 * (its job, department, source and arrival) and its stage history before the change, the one
 * place stage moves are kept (the audit trail's `stage` entries). The live subscriber and the
 * one-time backfill both go through `factFor`, so a fact is the same whichever wrote it.
 */

/** The funnel's rank of each stage that is a step (reports-contract.ts `reportFunnelSteps`). */
const funnelRank: Partial<Record<ApplicationStage, number>> = {
  new: 0,
  reviewed: 1,
  shortlisted: 2,
  interview: 3,
  offer: 4,
  hired: 5,
};

/** A London day of a moment: the facts keep the day, never the time. */
export const dayOf = (at: Date): string => londonToday(at);

/** What a fact takes from the application (read when the change is handled). */
export interface FactApplication {
  jobId: string | null;
  jobTitle: string;
  department: string | null;
  source: string;
  appliedAt: Date;
}

/** One earlier move of the application: when, and the stage it went to. */
export interface PastMove {
  at: Date;
  to: ApplicationStage;
}

export type NewHiringFact = typeof hiringFacts.$inferInsert;

/** The fact of one change: the arrival (`from` none) or a move, given the moves before it, oldest first. */
export function factFor(
  application: FactApplication,
  before: readonly PastMove[],
  change: { at: Date; from: ApplicationStage | null; to: ApplicationStage },
): NewHiringFact {
  const appliedOn = dayOf(application.appliedAt);
  const day = dayOf(change.at);
  const last = before.at(-1);
  const enteredOn = change.from === null ? null : dayOf(last ? last.at : application.appliedAt);
  const reachedBefore =
    change.from === null ? -1 : Math.max(0, ...before.map((move) => funnelRank[move.to] ?? 0));
  const rank = funnelRank[change.to];
  const reaches = rank !== undefined && rank > reachedBefore;
  return {
    jobId: application.jobId,
    jobTitle: application.jobTitle,
    department: application.department,
    source: application.source,
    fromStage: change.from,
    toStage: change.to,
    day,
    appliedOn,
    stageEnteredOn: enteredOn,
    daysInStage: enteredOn === null ? null : workingDaysBetween(enteredOn, day),
    daysSinceApplied: workingDaysBetween(appliedOn, day),
    reachFrom: reaches ? reachedBefore + 1 : null,
    reachTo: reaches ? rank : null,
  };
}

const labelled = new Map(applicationStages.map((stage) => [stageLabels[stage], stage]));

/**
 * The stage a history entry moved to. Its detail reads "New → Reviewed", a rejection adding its
 * reason after the label (applications/stage-repository.ts); none when it is not a stage move.
 */
export function movedTo(detail: string | null): ApplicationStage | undefined {
  const after = detail?.split(' → ')[1];
  if (after === undefined) return undefined;
  for (const [label, stage] of labelled) if (after === label || after.startsWith(`${label} `)) return stage;
  return undefined;
}

/** The applications' side of the facts: job, department (slug), source and arrival, by id. */
export async function readApplications(db: Db, ids?: readonly string[]) {
  const rows = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: applications.jobTitle,
      department: departments.slug,
      source: applications.source,
      appliedAt: applications.createdAt,
    })
    .from(applications)
    .leftJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(departments, eq(departments.id, jobs.departmentId))
    .where(ids ? inArray(applications.id, [...ids]) : undefined);
  return new Map(rows.map(({ id, ...application }) => [id, application satisfies FactApplication]));
}

/** Each application's stage moves, oldest first (in the order they were written). */
export async function readMoves(
  db: Db,
  where: { applicationIds?: readonly string[]; before?: Date },
): Promise<Map<string, PastMove[]>> {
  const rows = await db
    .select({
      applicationId: auditEntries.applicationId,
      at: auditEntries.createdAt,
      detail: auditEntries.detail,
    })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.action, 'stage'),
        where.applicationIds ? inArray(auditEntries.applicationId, [...where.applicationIds]) : undefined,
        where.before ? lt(auditEntries.createdAt, where.before) : undefined,
      ),
    )
    .orderBy(asc(auditEntries.applicationId), asc(auditEntries.createdAt), asc(auditEntries.seq));
  const moves = new Map<string, PastMove[]>();
  for (const row of rows) {
    const to = movedTo(row.detail);
    if (!row.applicationId || !to) continue;
    const list = moves.get(row.applicationId) ?? [];
    list.push({ at: row.at, to });
    moves.set(row.applicationId, list);
  }
  return moves;
}

/**
 * The reports' subscriber: the facts of arrivals and stage moves, oldest first, written in the
 * delivery's transaction (so exactly once). A batch (a bulk move of a thousand applications) is
 * read in two queries and written in a few. Each move's history is the one before the event's own
 * moment (its audit entry is written in the same transaction, at the same moment, and so left
 * out), so a delivery retried after later moves still makes the fact as it was. An application
 * erased before its event is handled (seconds, as a rule) leaves no fact: nothing is left to read.
 */
export async function recordHiringFacts(events: readonly RecordedEvent[], tx: Db): Promise<void> {
  const changes = events.filter(
    (event): event is Extract<RecordedEvent, { type: 'application-received' | 'stage-changed' }> =>
      event.type === 'application-received' || event.type === 'stage-changed',
  );
  if (changes.length === 0) return;
  const applicationsById = await readApplications(tx, [
    ...new Set(changes.map((event) => event.applicationId)),
  ]);
  const moved = [
    ...new Set(changes.flatMap((event) => (event.type === 'stage-changed' ? [event.applicationId] : []))),
  ];
  const moves =
    moved.length > 0 ? await readMoves(tx, { applicationIds: moved }) : new Map<string, PastMove[]>();
  const facts: NewHiringFact[] = [];
  for (const event of changes) {
    const application = applicationsById.get(event.applicationId);
    if (!application) continue;
    if (event.type === 'application-received') {
      facts.push(factFor(application, [], { at: application.appliedAt, from: null, to: 'new' }));
      continue;
    }
    const before = (moves.get(event.applicationId) ?? []).filter(
      (move) => move.at.getTime() < event.recordedAt.getTime(),
    );
    facts.push(factFor(application, before, { at: event.recordedAt, from: event.from, to: event.to }));
  }
  await writeFacts(tx, facts);
}

/** One event's facts: the same as a batch of one. */
export const recordHiringFact = (event: RecordedEvent, tx: Db): Promise<void> =>
  recordHiringFacts([event], tx);

/** The monthly sums' column of each funnel step, in step order. */
export const stepColumns = ['applied', 'reviewed', 'shortlisted', 'interviewed', 'offered', 'hired'] as const;
const timedStages: ReadonlySet<string> = new Set(reportTimedStages);

type MonthRow = typeof hiringFactMonths.$inferInsert;
type Counted =
  'applied' | 'reviewed' | 'shortlisted' | 'interviewed' | 'offered' | 'hired' | 'offers' | 'accepted';
const countedColumns: readonly Counted[] = [...stepColumns, 'offers', 'accepted'];

/**
 * Writes facts and, in the same transaction, adds them to the monthly sums and the durations
 * (reports-tables.ts), so the sums are always exactly the facts'. Rows are upserted in key order,
 * so two deliveries touching the same sums wait for each other rather than deadlock.
 */
export async function writeFacts(db: Db, facts: readonly NewHiringFact[]): Promise<void> {
  if (facts.length === 0) return;
  const months = new Map<string, MonthRow>();
  const durations = new Map<
    string,
    { scope: string; month: string; measure: string; days: number; n: number }
  >();
  const jobsSeen = new Map<string, { jobId: string; jobTitle: string; department: string | null }>();
  const bump = (month: string, fact: NewHiringFact, column: Counted, by = 1) => {
    const key = JSON.stringify([month, fact.jobId ?? null, fact.department ?? null, fact.source]);
    const row = months.get(key) ?? {
      month,
      jobId: fact.jobId ?? null,
      department: fact.department ?? null,
      source: fact.source,
      ...Object.fromEntries(countedColumns.map((name) => [name, 0])),
    };
    row[column] = (row[column] ?? 0) + by;
    months.set(key, row);
  };
  const time = (fact: NewHiringFact, month: string, measure: string, days: number) => {
    for (const scope of durationScopes(fact)) {
      const key = JSON.stringify([scope, month, measure, days]);
      const row = durations.get(key) ?? { scope, month, measure, days, n: 0 };
      row.n += 1;
      durations.set(key, row);
    }
  };
  for (const fact of facts) {
    const month = fact.day.slice(0, 7);
    if (
      fact.reachFrom !== null &&
      fact.reachFrom !== undefined &&
      fact.reachTo !== null &&
      fact.reachTo !== undefined
    )
      for (let step = fact.reachFrom; step <= fact.reachTo; step++)
        bump(fact.appliedOn.slice(0, 7), fact, stepColumns[step]!);
    if (fact.toStage === 'offer') bump(month, fact, 'offers');
    if (fact.toStage === 'hired' && fact.fromStage === 'offer' && fact.stageEnteredOn)
      bump(fact.stageEnteredOn.slice(0, 7), fact, 'accepted');
    if (
      fact.fromStage &&
      timedStages.has(fact.fromStage) &&
      fact.daysInStage !== null &&
      fact.daysInStage !== undefined
    )
      time(fact, month, fact.fromStage, fact.daysInStage);
    if (fact.toStage === 'hired' && fact.reachTo === HIRED_STEP)
      time(fact, month, 'hire', fact.daysSinceApplied);
    if (fact.jobId)
      jobsSeen.set(fact.jobId, {
        jobId: fact.jobId,
        jobTitle: fact.jobTitle,
        department: fact.department ?? null,
      });
  }
  const inOrder = <T>(rows: Map<string, T>): T[] =>
    [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  for (let start = 0; start < facts.length; start += BATCH)
    await db.execute(insertJsonRows(hiringFacts, [...factColumns], facts.slice(start, start + BATCH)));
  const monthRows = inOrder(months);
  for (let start = 0; start < monthRows.length; start += BATCH)
    await db.execute(
      sql`${insertJsonRows(hiringFactMonths, ['month', 'jobId', 'department', 'source', ...countedColumns], monthRows.slice(start, start + BATCH))}
        on conflict on constraint hiring_fact_months_key do update set ${sql.join(
          countedColumns.map((name) => {
            const column = sql.identifier(hiringFactMonths[name].name);
            return sql`${column} = ${hiringFactMonths}.${column} + excluded.${column}`;
          }),
          sql`, `,
        )}`,
    );
  const durationRows = inOrder(durations);
  for (let start = 0; start < durationRows.length; start += BATCH)
    await db.execute(
      sql`${insertJsonRows(hiringFactDurations, ['scope', 'month', 'measure', 'days', 'n'], durationRows.slice(start, start + BATCH))}
        on conflict (scope, month, measure, days) do update set n = ${hiringFactDurations}.n + excluded.n`,
    );
  const jobRows = inOrder(jobsSeen);
  if (jobRows.length > 0)
    await db.execute(
      sql`${insertJsonRows(hiringFactJobs, ['jobId', 'jobTitle', 'department'], jobRows)}
        on conflict (job_id) do update set job_title = excluded.job_title, department = excluded.department`,
    );
}

/** The durations' scopes a fact counts in (reports-tables.ts `hiringFactDurations`). */
export const durationScope = {
  all: '',
  job: (jobId: string) => `j:${jobId}`,
  department: (slug: string) => `d:${slug}`,
  source: (source: string) => `s:${source}`,
};
const durationScopes = (fact: NewHiringFact): string[] => [
  durationScope.all,
  ...(fact.jobId ? [durationScope.job(fact.jobId)] : []),
  ...(fact.department ? [durationScope.department(fact.department)] : []),
  durationScope.source(fact.source),
];

const BATCH = 2000;
const HIRED_STEP = reportFunnelSteps.indexOf('hired');
const factColumns = [
  'jobId',
  'jobTitle',
  'department',
  'source',
  'fromStage',
  'toStage',
  'day',
  'appliedOn',
  'stageEnteredOn',
  'daysInStage',
  'daysSinceApplied',
  'reachFrom',
  'reachTo',
] as const;

/**
 * The facts of the history of the given applications (every one when none is named) recorded
 * before `before`: each arrival and each stage move, in the order they happened.
 */
export async function factsFromHistory(db: Db, options: { ids?: readonly string[]; before?: Date }) {
  const found = await readApplications(db, options.ids);
  const moves = await readMoves(db, { before: options.before });
  const made: Array<{ at: Date; fact: NewHiringFact }> = [];
  for (const [id, application] of found) {
    if (options.before && application.appliedAt >= options.before) continue;
    made.push({
      at: application.appliedAt,
      fact: factFor(application, [], { at: application.appliedAt, from: null, to: 'new' }),
    });
    const history = moves.get(id) ?? [];
    history.forEach((move, index) => {
      const before = history.slice(0, index);
      const from = before.at(-1)?.to ?? 'new';
      made.push({ at: move.at, fact: factFor(application, before, { at: move.at, from, to: move.to }) });
    });
  }
  return made.sort((a, b) => a.at.getTime() - b.at.getTime()).map(({ fact }) => fact);
}
