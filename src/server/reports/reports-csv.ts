import {
  FEWER_THAN_MIN,
  reportFunnelStepLabels,
  type ReportCsvKind,
  type Reports,
} from '../../shared/reports/reports-contract';
import { stageLabels } from '../../shared/applications/stage-contract';

/**
 * The reports as CSV, one file per report (docs/behaviour.md#reports): the same published figures
 * as the JSON, a withheld count written "fewer than 5" and its durations left empty.
 */

/**
 * One cell. A text a spreadsheet would take for a formula (=, +, -, @, a tab or a carriage
 * return first: OWASP's list) is led by an apostrophe, so a job title or a tracking link's name
 * typed as `=HYPERLINK(...)` stays text; then quoted when it holds a comma, quote or line break.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const count = (value: number | null): string => (value === null ? FEWER_THAN_MIN : String(value));
const percent = (value: number | null): string | null =>
  value === null ? null : `${Math.round(value * 100)}%`;

const csv = (rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** The rows of one report, a header first. */
export function reportCsv(kind: ReportCsvKind, reports: Reports): string {
  switch (kind) {
    case 'funnel': {
      const { overall, byDepartment, byJob } = reports.funnel;
      const rows = [
        ...[overall].map((row) => ['Overall', row.label, row] as const),
        ...byDepartment.map((row) => ['Department', row.label, row] as const),
        ...byJob.map((row) => ['Job', row.label, row] as const),
      ];
      return csv([
        ['Breakdown', 'Name', 'Step', 'Applications', 'Conversion from the step before'],
        ...rows.flatMap(([breakdown, name, row]) =>
          row.steps.map((step) => [
            breakdown,
            name,
            reportFunnelStepLabels[step.step],
            count(step.count),
            percent(step.conversion),
          ]),
        ),
      ]);
    }
    case 'time-to-hire':
      return csv([
        ['Month', 'Hires', 'Median working days to hire', '90th percentile working days to hire'],
        ...reports.timeToHire.map((month) => [month.month, count(month.count), month.median, month.p90]),
      ]);
    case 'time-in-stage':
      return csv([
        [
          'Stage',
          'Month left',
          'Moves',
          'Median working days in stage',
          '90th percentile working days in stage',
        ],
        ...reports.timeInStage.flatMap(({ stage, months }) =>
          months.map((month) => [
            stageLabels[stage],
            month.month,
            count(month.count),
            month.median,
            month.p90,
          ]),
        ),
      ]);
    case 'sources':
      return csv([
        ['Source', 'Marker', 'Applications', 'Interviews', 'Hires'],
        ...reports.bySource.map((row) => [
          row.label,
          row.source,
          count(row.applications),
          count(row.interviews),
          count(row.hires),
        ]),
      ]);
    case 'offers':
      return csv([
        ['Offers made', 'Accepted (moved on to Hired)', 'Acceptance'],
        [count(reports.offers.made), count(reports.offers.accepted), percent(reports.offers.acceptance)],
      ]);
  }
}

/** The file's name: the report and its range, e.g. hiring-funnel-2026-01-01-to-2026-11-29.csv. */
export const reportCsvFileName = (kind: ReportCsvKind, from: string, to: string): string =>
  `hiring-${kind}-${from}-to-${to}.csv`;
