import { mergeClasses } from '@fluentui/react-components';
import {
  reportFunnelStepLabels,
  reportFunnelSteps,
  type FunnelRow,
  type Reports,
} from '../../../shared/reports/reports-contract';
import { ReportChart, type ChartGroup } from './report-chart';
import { countText, NoFigure, percent } from './report-figures';
import { ReportSection, ReportTable, type ReportExport } from './report-section';
import { useStyles } from './reports.styles';

/** The chart's groups: one per step, one bar per row (all applications, then each department or job). */
const chartGroups = (rows: FunnelRow[]): ChartGroup[] =>
  reportFunnelSteps.map((step) => ({
    name: reportFunnelStepLabels[step],
    bars: rows.map((row) => {
      const figure = row.steps.find((entry) => entry.step === step);
      const value = figure?.count ?? null;
      const conversion = figure?.conversion;
      return {
        legend: row.label,
        value,
        label:
          value !== null && conversion !== null && conversion !== undefined
            ? `${value} · ${percent(conversion)}`
            : undefined,
      };
    }),
  }));

/** A step's cell: how many reached it, and the share of the step before that did. */
function StepCell({ row, step }: { row: FunnelRow; step: (typeof reportFunnelSteps)[number] }) {
  const styles = useStyles();
  const figure = row.steps.find((entry) => entry.step === step);
  const count = figure?.count ?? null;
  const conversion = figure?.conversion ?? null;
  return (
    <td className={mergeClasses(styles.cell, count === null && styles.withheld)}>
      {countText(count)}
      {/* A withheld count withholds its conversion with it: the cell's words say so once. */}
      {step !== 'applied' && count !== null && (
        <span className={styles.conversion}>
          {conversion !== null ? `${percent(conversion)} of the step before` : <NoFigure />}
        </span>
      )}
    </td>
  );
}

function FunnelTable({
  caption,
  rows,
  rowHeader,
}: {
  caption: string;
  rows: FunnelRow[];
  rowHeader: string;
}) {
  const styles = useStyles();
  return (
    <ReportTable label={caption}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={mergeClasses(styles.cell, styles.colHead, styles.rowHead)}>
            {rowHeader}
          </th>
          {reportFunnelSteps.map((step) => (
            <th key={step} scope="col" className={mergeClasses(styles.cell, styles.colHead)}>
              {reportFunnelStepLabels[step]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
              {row.label}
            </th>
            {reportFunnelSteps.map((step) => (
              <StepCell key={step} row={row} step={step} />
            ))}
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

/**
 * The hiring funnel: how many applications reached each step, and the conversion from the step
 * before, for all of them, each department and each job.
 */
export function FunnelSection({ funnel, exporting }: { funnel: Reports['funnel']; exporting: ReportExport }) {
  const styles = useStyles();
  const byDepartment = [funnel.overall, ...funnel.byDepartment];
  const byJob = [funnel.overall, ...funnel.byJob];
  return (
    <ReportSection
      title="Hiring funnel"
      description="How many applications reached each step, and what share of the step before went on to it."
      report="funnel"
      exporting={exporting}
    >
      <div className={styles.stack}>
        <ReportChart groups={chartGroups(byDepartment)} yAxisTitle="Applications" />
        <FunnelTable caption="Funnel by department" rows={byDepartment} rowHeader="Department" />
      </div>
      {funnel.byJob.length > 0 && (
        <div className={styles.stack}>
          <ReportChart groups={chartGroups(byJob)} yAxisTitle="Applications" />
          <FunnelTable caption="Funnel by job" rows={byJob} rowHeader="Job" />
        </div>
      )}
    </ReportSection>
  );
}
