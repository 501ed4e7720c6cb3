import { z } from 'zod';
import { MIN_REPORTED_GROUP } from '../equality-monitoring/equality-monitoring-contract';

/**
 * The hiring reports (docs/behaviour.md#reports): figures made from the hiring facts, which hold
 * no personal data and outlive the retention purge (docs/security.md#hiring-facts). Every count is
 * made safe the way the equality figures are (one implementation): a group of fewer than
 * MIN_REPORTED_GROUP people is withheld as `null` and shown as "fewer than 5", in every chart,
 * table and CSV export; durations of such a group are withheld with it.
 */
export { MIN_REPORTED_GROUP };
export const FEWER_THAN_MIN = `fewer than ${MIN_REPORTED_GROUP}`;

/** The steps of the hiring funnel, in order: how many applications reached at least each. */
export const reportFunnelSteps = [
  'applied',
  'reviewed',
  'shortlisted',
  'interviewed',
  'offered',
  'hired',
] as const;
export type ReportFunnelStep = (typeof reportFunnelSteps)[number];
export const reportFunnelStepLabels: Record<ReportFunnelStep, string> = {
  applied: 'Applied',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  interviewed: 'Interviewed',
  offered: 'Offered',
  hired: 'Hired',
};

/** The stages whose time is reported: where an application waits for the team. */
export const reportTimedStages = ['new', 'reviewed', 'shortlisted', 'interview', 'offer'] as const;
export type ReportTimedStage = (typeof reportTimedStages)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give dates as YYYY-MM-DD.' });

/**
 * The filters every report takes (query string): a range of days (London, inclusive; the last
 * 12 months when left out), one job, one department (its slug), one source (a marker, see
 * shared/sources/source-contract.ts). Unknown values narrow to nothing; they are not refused.
 */
export const reportFiltersSchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  jobId: z.uuid({ error: 'That is not a job.' }).optional(),
  department: z.string().max(100).optional(),
  source: z.string().max(40).optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** A count as published: null when fewer than MIN_REPORTED_GROUP. */
const count = z.number().int().nonnegative().nullable();
/** A share in 0..1, null when either count behind it is withheld or there is nothing to divide by. */
const share = z.number().min(0).max(1).nullable();
/** Working days (England and Wales), null when the group is withheld or empty. */
const workingDays = z.number().nonnegative().nullable();

export const funnelRowSchema = z.object({
  /** What the row counts: 'all', a department's slug, or a job's id. */
  key: z.string(),
  label: z.string(),
  steps: z.array(
    z.object({
      step: z.enum(reportFunnelSteps),
      count,
      /** The share of the previous step's count that reached this one (null for `applied`). */
      conversion: share,
    }),
  ),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

/** A month's median and 90th percentile, over the moves made in that month. */
const durationMonthSchema = z.object({
  /** YYYY-MM (London). */
  month: z.string(),
  count,
  median: workingDays,
  p90: workingDays,
});

export const reportsSchema = z.object({
  filters: reportFiltersSchema.required({ from: true, to: true }),
  funnel: z.object({
    overall: funnelRowSchema,
    byDepartment: z.array(funnelRowSchema),
    byJob: z.array(funnelRowSchema),
  }),
  /** Working days from an application's arrival to its move to Hired, by the month of the hire. */
  timeToHire: z.array(durationMonthSchema),
  /** Working days spent in each stage before leaving it, by the month it was left. */
  timeInStage: z.array(z.object({ stage: z.enum(reportTimedStages), months: z.array(durationMonthSchema) })),
  /** Per source marker (with its tracking link's name, or a feed's, or Direct/Unknown). */
  bySource: z.array(
    z.object({
      source: z.string(),
      label: z.string(),
      applications: count,
      interviews: count,
      hires: count,
    }),
  ),
  /** Offers made in the range, and how many of them were accepted (moved on to Hired). */
  offers: z.object({ made: count, accepted: count, acceptance: share }),
});
export type Reports = z.infer<typeof reportsSchema>;

/** The choices the filters offer: the jobs, departments and sources that have facts. */
export const reportChoicesSchema = z.object({
  jobs: z.array(z.object({ id: z.string(), title: z.string() })),
  departments: z.array(z.object({ slug: z.string(), name: z.string() })),
  sources: z.array(z.object({ source: z.string(), label: z.string() })),
});
export type ReportChoices = z.infer<typeof reportChoicesSchema>;

/**
 * Which report a CSV export holds (`GET` the reports CSV path with the filters and `report=`): the
 * rows of exactly what the screen shows for it, suppression included.
 */
export const reportCsvKinds = ['funnel', 'time-to-hire', 'time-in-stage', 'sources', 'offers'] as const;
export type ReportCsvKind = (typeof reportCsvKinds)[number];
export const reportCsvQuerySchema = reportFiltersSchema.extend({
  report: z.enum(reportCsvKinds, { error: `Choose one of: ${reportCsvKinds.join(', ')}.` }),
});

/** The longest range a report covers, in calendar months: its charts have a point a month. */
export const MAX_REPORT_MONTHS = 120;

/** Why a report's filters were refused (400). */
export const reportFilterMessages = {
  notADay: 'Give real dates as YYYY-MM-DD.',
  backwards: 'The start date is after the end date.',
  tooLong: `Choose a range of at most ${MAX_REPORT_MONTHS / 12} years.`,
} as const;
