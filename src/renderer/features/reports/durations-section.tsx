import { mergeClasses } from '@fluentui/react-components';
import { stageLabels } from '../../../shared/applications/stage-contract';
import type { Reports } from '../../../shared/reports/reports-contract';
import { ReportChart, type ChartGroup } from './report-chart';
import { CountCell, DaysCell, daysText, monthLabel } from './report-figures';
import { ReportSection, ReportTable, type ReportExport } from './report-section';
import { useStyles } from './reports.styles';

type DurationMonth = Reports['timeToHire'][number];

/**
 * A month's bars: its median and 90th percentile. A figure withheld with its month's moves is
 * "fewer than 5"; a month with no moves at all draws nothing, so it is left out of the chart.
 */
const monthGroups = (months: DurationMonth[], prefix = ''): ChartGroup[] =>
  months
    .filter((month) => month.count !== 0)
    .map((month) => ({
      name: `${prefix}${monthLabel(month.month)}`,
      bars: [
        {
          legend: 'Median',
          value: month.median,
          label: month.median === null ? undefined : daysText(month.median),
        },
        {
          legend: '90th percentile',
          value: month.p90,
          label: month.p90 === null ? undefined : daysText(month.p90),
        },
      ],
    }));

function DurationRows({ months, stage }: { months: DurationMonth[]; stage?: string }) {
  const styles = useStyles();
  return months.map((month) => (
    <tr key={`${stage ?? ''}${month.month}`}>
      {stage && <td className={mergeClasses(styles.cell, styles.rowHead)}>{stage}</td>}
      <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
        {monthLabel(month.month)}
      </th>
      <CountCell count={month.count} />
      <DaysCell days={month.median} count={month.count} />
      <DaysCell days={month.p90} count={month.count} />
    </tr>
  ));
}

function DurationHead({ first, withStage = false }: { first: string; withStage?: boolean }) {
  const styles = useStyles();
  const head = mergeClasses(styles.cell, styles.colHead);
  return (
    <thead>
      <tr>
        {withStage && (
          <th scope="col" className={mergeClasses(head, styles.rowHead)}>
            Stage
          </th>
        )}
        <th scope="col" className={mergeClasses(head, styles.rowHead)}>
          Month
        </th>
        <th scope="col" className={head}>
          {first}
        </th>
        <th scope="col" className={head}>
          Median
        </th>
        <th scope="col" className={head}>
          90th percentile
        </th>
      </tr>
    </thead>
  );
}

/** Time to hire: working days from an application's arrival to its hire, month by month. */
export function TimeToHireSection({
  months,
  exporting,
}: {
  months: Reports['timeToHire'];
  exporting: ReportExport;
}) {
  const styles = useStyles();
  return (
    <ReportSection
      title="Time to hire"
      description="Working days from an application's arrival to its hire, by the month of the hire: the median, and the 90th percentile (nine hires in ten took no longer)."
      report="time-to-hire"
      exporting={exporting}
    >
      <div className={styles.pair}>
        <ReportChart groups={monthGroups(months)} yAxisTitle="Working days" />
        <ReportTable label="Time to hire by month">
          <caption className={styles.caption}>Time to hire by month</caption>
          <DurationHead first="Hires" />
          <tbody>
            <DurationRows months={months} />
          </tbody>
        </ReportTable>
      </div>
    </ReportSection>
  );
}

/**
 * The months of every stage as chart groups of one figure (the median or the 90th percentile),
 * one bar per stage.
 */
const stageGroups = (stages: Reports['timeInStage'], figure: 'median' | 'p90'): ChartGroup[] => {
  const months = [...new Set(stages.flatMap((entry) => entry.months.map((month) => month.month)))].sort();
  return months.map((month) => ({
    name: monthLabel(month),
    bars: stages.flatMap((entry) => {
      const found = entry.months.find((row) => row.month === month);
      if (!found || found.count === 0) return [];
      const value = found[figure];
      return [
        { legend: stageLabels[entry.stage], value, label: value === null ? undefined : daysText(value) },
      ];
    }),
  }));
};

/** Time in each stage: working days an application waited in a stage before leaving it. */
export function TimeInStageSection({
  stages,
  exporting,
}: {
  stages: Reports['timeInStage'];
  exporting: ReportExport;
}) {
  const styles = useStyles();
  return (
    <ReportSection
      title="Time in each stage"
      description="Working days spent in each stage before leaving it, by the month it was left: the median and the 90th percentile."
      report="time-in-stage"
      exporting={exporting}
    >
      <div className={styles.pair}>
        <div className={styles.charts}>
          <ReportChart groups={stageGroups(stages, 'median')} yAxisTitle="Working days" title="Median" />
          <ReportChart
            groups={stageGroups(stages, 'p90')}
            yAxisTitle="Working days"
            title="90th percentile"
          />
        </div>
        <ReportTable label="Time in each stage by month">
          <caption className={styles.caption}>Time in each stage by month</caption>
          <DurationHead first="Moves" withStage />
          <tbody>
            {stages.map((entry) => (
              <DurationRows key={entry.stage} months={entry.months} stage={stageLabels[entry.stage]} />
            ))}
          </tbody>
        </ReportTable>
      </div>
    </ReportSection>
  );
}
