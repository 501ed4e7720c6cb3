import { GroupedVerticalBarChart, ResponsiveContainer } from '@fluentui/react-charts';
import { FEWER_THAN_MIN } from '../../../shared/reports/reports-contract';
import { useStyles } from './reports.styles';

/** One bar: its series (the legend) and its figure, null when withheld. */
export interface ChartBar {
  legend: string;
  value: number | null;
  /** What the bar's label says instead of the bare number ("12 · 60%", "3.5 days"). */
  label?: string;
}

/** One group of bars along the x axis (a step, a month, a source). */
export interface ChartGroup {
  name: string;
  bars: ChartBar[];
}

/**
 * A grouped bar chart of a report, for the eye only: the table beside it holds every figure for
 * screen readers and keyboard users, so the chart is hidden from them (inert as well, so its
 * legend and bars take no focus) and nothing is read twice. A withheld figure is drawn as an empty
 * bar labelled "fewer than 5", and the note under the chart names each one in words.
 */
export function ReportChart({ groups, yAxisTitle }: { groups: ChartGroup[]; yAxisTitle: string }) {
  const styles = useStyles();
  const withheld = groups.flatMap((group) =>
    group.bars
      .filter((bar) => bar.value === null)
      .map((bar) => (group.bars.length > 1 ? `${group.name} (${bar.legend})` : group.name)),
  );
  const data = groups.map((group) => ({
    name: group.name,
    series: group.bars.map((bar) => ({
      key: bar.legend,
      legend: bar.legend,
      data: bar.value ?? 0,
      barLabel: bar.value === null ? FEWER_THAN_MIN : (bar.label ?? String(bar.value)),
      yAxisCalloutData: bar.value === null ? FEWER_THAN_MIN : (bar.label ?? String(bar.value)),
    })),
  }));
  return (
    <div className={styles.chart} aria-hidden="true" inert data-testid="report-chart">
      <div className={styles.chartBox}>
        <ResponsiveContainer>
          <GroupedVerticalBarChart data={data} yAxisTitle={yAxisTitle} wrapXAxisLables hideTooltip />
        </ResponsiveContainer>
      </div>
      {withheld.length > 0 && (
        <p className={styles.chartNote}>{`Shown empty, ${FEWER_THAN_MIN}: ${withheld.join('; ')}.`}</p>
      )}
    </div>
  );
}
