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
      {stage && <td className={`${styles.cell} ${styles.rowHead}`}>{stage}</td>}
      <th scope="row" className={`${styles.cell} ${styles.rowHead}`}>
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
  const head = `${styles.cell} ${styles.colHead}`;
  return (
    <thead>
      <tr>
        {withStage && (
          <th scope="col" className={`${head} ${styles.rowHead}`}>
            Stage
          </th>
        )}
        <th scope="col" className={`${head} ${styles.rowHead}`}>
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

/** Time in each stage: working days an application waited in a stage before leaving it. */
export function TimeInStageSection({
  stages,
  exporting,
}: {
  stages: Reports['timeInStage'];
  exporting: ReportExport;
}) {
  const styles = useStyles();
  const groups = stages.flatMap((entry) => monthGroups(entry.months, `${stageLabels[entry.stage]}, `));
  return (
    <ReportSection
      title="Time in each stage"
      description="Working days spent in each stage before leaving it, by the month it was left: the median and the 90th percentile."
      report="time-in-stage"
      exporting={exporting}
    >
      <div className={styles.pair}>
        <ReportChart groups={groups} yAxisTitle="Working days" />
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
