import { and, between, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  reportFunnelSteps,
  reportTimedStages,
  type FunnelRow,
  type ReportChoices,
  type ReportFilters,
  type Reports,
  type ReportTimedStage,
} from '../../shared/reports/reports-contract';
import { sourceLabel } from '../../shared/sources/source-contract';
import type { Db } from '../db/database';
import { departments } from '../db/schema';
import { isWithheld, publishCount, type PublishedCount } from '../reporting/published-counts';
import { durationScope, stepColumns } from './hiring-facts';
import { hiringFactDurations, hiringFactJobs, hiringFactMonths, hiringFacts } from './reports-tables';

/** A range of London days, both ends included, and the narrowing filters. */
export type ReportQuery = Required<Pick<ReportFilters, 'from' | 'to'>> & Omit<ReportFilters, 'from' | 'to'>;

/** The tracking links' names by code, which the sources domain keeps (handed in by the root). */
export type TrackingLinkNames = () => Promise<ReadonlyMap<string, string>>;

const STEPS = reportFunnelSteps.length;
const INTERVIEWED = reportFunnelSteps.indexOf('interviewed');
const HIRED = reportFunnelSteps.indexOf('hired');

const narrowed = (query: ReportQuery, table: typeof hiringFacts | typeof hiringFactMonths): SQL[] => [
  ...(query.jobId ? [eq(table.jobId, query.jobId)] : []),
  ...(query.department ? [eq(table.department, query.department)] : []),
  ...(query.source ? [eq(table.source, query.source)] : []),
];

/** Every month (YYYY-MM) the range touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return months;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/**
 * The value at rank ⌈p·n⌉ of the sorted durations (the nearest-rank percentile), so a figure is a
 * number of working days some move really took. `counts` maps each duration to how many took it.
 */
export function percentile(counts: ReadonlyMap<number, number>, total: number, p: number): number {
  const wanted = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const days of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(days)!;
    if (seen >= wanted) return days;
  }
  return 0;
}

type Durations = Map<string, { n: number; counts: Map<number, number> }>;

const addDuration = (into: Durations, month: string, days: number, n: number) => {
  const entry = into.get(month) ?? { n: 0, counts: new Map<number, number>() };
  entry.n += n;
  entry.counts.set(days, (entry.counts.get(days) ?? 0) + n);
  into.set(month, entry);
};

/** A month's figures: its count published, and its durations withheld with it when under five. */
const monthFigures = (months: readonly string[], durations: Durations) =>
  months.map((month) => {
    const entry = durations.get(month);
    if (!entry || isWithheld(entry.n)) return { month, count: null, median: null, p90: null };
    return {
      month,
      count: publishCount(entry.n, []).shown,
      median: percentile(entry.counts, entry.n, 0.5),
      p90: percentile(entry.counts, entry.n, 0.9),
    };
  });

/** How many reached at least each step, from the facts' counts of steps newly reached. */
type StepCounts = number[];
const zeros = (): StepCounts => Array.from({ length: STEPS }, () => 0);

const share = (part: number | null, whole: number | null): number | null =>
  part === null || whole === null || whole === 0 ? null : Math.min(1, part / whole);

/** A funnel row's published cells: each step's parents are the wider rows' same step, then the step before. */
function publishRow(
  counts: StepCounts,
  wider: ReadonlyArray<PublishedCount[] | undefined>,
): PublishedCount[] {
  const row: PublishedCount[] = [];
  counts.forEach((n, step) =>
    row.push(publishCount(n, [...wider.map((cells) => cells?.[step]), row[step - 1]])),
  );
  return row;
}

const funnelRow = (key: string, label: string, cells: PublishedCount[]): FunnelRow => ({
  key,
  label,
  steps: reportFunnelSteps.map((step, index) => ({
    step,
    count: cells[index]!.shown,
    conversion: index === 0 ? null : share(cells[index]!.shown, cells[index - 1]!.shown),
  })),
});

/** A range as whole months (read from the monthly sums) and the days left at its ends (from the facts). */
export function splitRange(from: string, to: string): { months: string[]; spans: Array<[string, string]> } {
  const months: string[] = [];
  const spans: Array<[string, string]> = [];
  for (const month of monthsOf(from, to)) {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const first = `${month}-01`;
    const last = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
    if (from <= first && last <= to) months.push(month);
    else spans.push([from > first ? from : first, to < last ? to : last]);
  }
  return { months, spans };
}

const within = (column: AnyPgColumn, spans: ReadonlyArray<[string, string]>): SQL =>
  or(...spans.map(([first, last]) => between(column, first, last)))!;

/**
 * The reports, from the hiring facts (reports-tables.ts): the whole months of a range from the
 * monthly sums kept with the facts, the days at its ends from the facts on their day indexes,
 * then the counting and the suppression here (docs/behaviour.md#reports).
 */
export function createReportsRepository(db: Db, trackingLinkNames: TrackingLinkNames) {
  const departmentNames = async (): Promise<Map<string, string>> =>
    new Map(
      (await db.select({ slug: departments.slug, name: departments.name }).from(departments)).map((row) => [
        row.slug,
        row.name,
      ]),
    );

  /** Each job's latest title and department, as the facts last recorded them. */
  const jobsSeen = async () => {
    const rows = await db.select().from(hiringFactJobs);
    return new Map(
      rows.map((row) => [row.jobId, { jobId: row.jobId, title: row.jobTitle, department: row.department }]),
    );
  };

  const summed = (name: (typeof stepColumns)[number] | 'offers' | 'accepted') =>
    sql<number>`coalesce(sum(${hiringFactMonths[name]}), 0)::int`;

  return {
    async reports(query: ReportQuery): Promise<Reports> {
      const filters = narrowed(query, hiringFacts);
      const monthFilters = narrowed(query, hiringFactMonths);
      const scope =
        filters.length === 0
          ? durationScope.all
          : filters.length > 1
            ? undefined
            : query.jobId
              ? durationScope.job(query.jobId)
              : query.department
                ? durationScope.department(query.department)
                : durationScope.source(query.source!);
      const { months: wholeMonths, spans } = splitRange(query.from, query.to);
      const none = Promise.resolve([]);
      const [monthSums, reachedAtEnds, sums, movesAtEnds, offersAtEnds, names, jobs, links] =
        await Promise.all([
          wholeMonths.length === 0
            ? none
            : db
                .select({
                  department: hiringFactMonths.department,
                  jobId: hiringFactMonths.jobId,
                  source: hiringFactMonths.source,
                  ...Object.fromEntries(stepColumns.map((name) => [name, summed(name)])),
                  offers: summed('offers'),
                  accepted: summed('accepted'),
                })
                .from(hiringFactMonths)
                .where(and(inArray(hiringFactMonths.month, wholeMonths), ...monthFilters))
                .groupBy(hiringFactMonths.department, hiringFactMonths.jobId, hiringFactMonths.source),
          spans.length === 0
            ? none
            : db
                .select({
                  department: hiringFacts.department,
                  jobId: hiringFacts.jobId,
                  source: hiringFacts.source,
                  reachFrom: hiringFacts.reachFrom,
                  reachTo: hiringFacts.reachTo,
                  n: sql<number>`count(*)::int`,
                })
                .from(hiringFacts)
                .where(and(within(hiringFacts.appliedOn, spans), isNotNull(hiringFacts.reachTo), ...filters))
                .groupBy(
                  hiringFacts.department,
                  hiringFacts.jobId,
                  hiringFacts.source,
                  hiringFacts.reachFrom,
                  hiringFacts.reachTo,
                ),
          // Durations: the monthly durations of the whole, or of the one job, department or
          // source narrowed to; narrowed by several, the facts of the range.
          scope === undefined || wholeMonths.length === 0
            ? none
            : db
                .select()
                .from(hiringFactDurations)
                .where(
                  and(eq(hiringFactDurations.scope, scope), inArray(hiringFactDurations.month, wholeMonths)),
                ),
          scope === undefined || spans.length > 0
            ? db
                .select({
                  stage: hiringFacts.fromStage,
                  hire: sql<boolean>`${hiringFacts.toStage} = 'hired' and ${hiringFacts.reachTo} = ${HIRED}`,
                  month: sql<string>`to_char(${hiringFacts.day}, 'YYYY-MM')`,
                  inStage: hiringFacts.daysInStage,
                  sinceApplied: hiringFacts.daysSinceApplied,
                  n: sql<number>`count(*)::int`,
                })
                .from(hiringFacts)
                .where(
                  and(
                    scope === undefined
                      ? between(hiringFacts.day, query.from, query.to)
                      : within(hiringFacts.day, spans),
                    isNotNull(hiringFacts.fromStage),
                    ...filters,
                  ),
                )
                .groupBy(sql`1, 2, 3, 4, 5`)
            : none,
          spans.length === 0
            ? none
            : db
                .select({
                  made: sql<number>`count(*) filter (where ${hiringFacts.toStage} = 'offer' and ${within(hiringFacts.day, spans)})::int`,
                  accepted: sql<number>`count(*) filter (where ${hiringFacts.toStage} = 'hired' and ${hiringFacts.fromStage} = 'offer' and ${within(hiringFacts.stageEnteredOn, spans)})::int`,
                })
                .from(hiringFacts)
                .where(
                  and(
                    or(within(hiringFacts.day, spans), within(hiringFacts.stageEnteredOn, spans)),
                    ...filters,
                  ),
                ),
          departmentNames(),
          jobsSeen(),
          trackingLinkNames(),
        ]);

      // The funnel and the sources: how many of the applications that arrived in the range
      // reached each step, by department, job and source.
      const overall = zeros();
      const byDepartment = new Map<string, StepCounts>();
      const byJob = new Map<string, StepCounts>();
      const bySource = new Map<string, StepCounts>();
      const add = (into: Map<string, StepCounts>, key: string, counts: StepCounts) => {
        const sum = into.get(key) ?? zeros();
        counts.forEach((n, step) => (sum[step]! += n));
        into.set(key, sum);
      };
      const addAll = (
        row: { department: string | null; jobId: string | null; source: string },
        counts: StepCounts,
      ) => {
        counts.forEach((n, step) => (overall[step]! += n));
        if (row.department) add(byDepartment, row.department, counts);
        if (row.jobId) add(byJob, row.jobId, counts);
        add(bySource, row.source, counts);
      };
      for (const row of monthSums)
        addAll(
          row,
          stepColumns.map((name) => (row as unknown as Record<string, number>)[name]!),
        );
      for (const row of reachedAtEnds) {
        const counts = zeros();
        for (let step = row.reachFrom ?? 0; step <= row.reachTo!; step++) counts[step] = row.n;
        addAll(row, counts);
      }
      const overallCells = publishRow(overall, []);
      const departmentCells = new Map(
        [...byDepartment].map(([slug, counts]) => [slug, publishRow(counts, [overallCells])]),
      );
      const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, 'en-GB');

      // Durations: time in each stage by the month it was left, time to hire by the month of the hire.
      const months = monthsOf(query.from, query.to);
      const inStage = new Map<string, Durations>(reportTimedStages.map((stage) => [stage, new Map()]));
      const toHire: Durations = new Map();
      for (const row of sums) {
        const durations = row.measure === 'hire' ? toHire : inStage.get(row.measure);
        if (durations) addDuration(durations, row.month, row.days, row.n);
      }
      for (const row of movesAtEnds) {
        if (row.stage && row.inStage !== null) {
          const durations = inStage.get(row.stage);
          if (durations) addDuration(durations, row.month, row.inStage, row.n);
        }
        if (row.hire) addDuration(toHire, row.month, row.sinceApplied, row.n);
      }

      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      const offerCounts = {
        made: sum([...monthSums.map((row) => row.offers), ...offersAtEnds.map((row) => row.made)]),
        accepted: sum([...monthSums, ...offersAtEnds].map((row) => row.accepted)),
      };
      const made = publishCount(offerCounts.made, []);
      const accepted = publishCount(offerCounts.accepted, [made]);

      return {
        filters: query,
        funnel: {
          overall: funnelRow('all', 'All applications', overallCells),
          byDepartment: [...departmentCells]
            .map(([slug, cells]) => funnelRow(slug, names.get(slug) ?? slug, cells))
            .sort(byName),
          byJob: [...byJob]
            .map(([jobId, counts]) => {
              const department = jobs.get(jobId)?.department;
              const cells = publishRow(counts, [
                overallCells,
                department ? departmentCells.get(department) : undefined,
              ]);
              return funnelRow(jobId, jobs.get(jobId)?.title ?? 'A deleted job', cells);
            })
            .sort(byName),
        },
        timeToHire: monthFigures(months, toHire),
        timeInStage: reportTimedStages.map((stage: ReportTimedStage) => ({
          stage,
          months: monthFigures(months, inStage.get(stage)!),
        })),
        bySource: [...bySource]
          .map(([source, counts]) => {
            const applications = publishCount(counts[0]!, [overallCells[0]]);
            const interviews = publishCount(counts[INTERVIEWED]!, [overallCells[INTERVIEWED], applications]);
            const hires = publishCount(counts[HIRED]!, [overallCells[HIRED], interviews]);
            return {
              source,
              label: sourceLabel(source, links),
              applications: applications.shown,
              interviews: interviews.shown,
              hires: hires.shown,
            };
          })
          .sort(byName),
        offers: { made: made.shown, accepted: accepted.shown, acceptance: share(accepted.shown, made.shown) },
      };
    },

    async choices(): Promise<ReportChoices> {
      const [jobs, names, links, facts] = await Promise.all([
        jobsSeen(),
        departmentNames(),
        trackingLinkNames(),
        db
          .selectDistinct({ department: hiringFactMonths.department, source: hiringFactMonths.source })
          .from(hiringFactMonths),
      ]);
      const slugs = [...new Set(facts.flatMap((row) => (row.department ? [row.department] : [])))];
      const sources = [...new Set(facts.map((row) => row.source))];
      const byText = (a: string, b: string) => a.localeCompare(b, 'en-GB');
      return {
        jobs: [...jobs.values()]
          .map((job) => ({ id: job.jobId!, title: job.title }))
          .sort((a, b) => byText(a.title, b.title)),
        departments: slugs
          .map((slug) => ({ slug, name: names.get(slug) ?? slug }))
          .sort((a, b) => byText(a.name, b.name)),
        sources: sources
          .map((source) => ({ source, label: sourceLabel(source, links) }))
          .sort((a, b) => byText(a.label, b.label)),
      };
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
