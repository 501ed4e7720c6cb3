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
 * legend and bars take no focus) and nothing is read twice. A withheld figure draws no bar, and the
 * note under the chart names each one in words.
 */
export function ReportChart({
  groups,
  yAxisTitle,
  title,
}: {
  groups: ChartGroup[];
  yAxisTitle: string;
  /** A line above the chart when the section draws more than one. */
  title?: string;
}) {
  const styles = useStyles();
  const withheld = groups.flatMap((group) =>
    group.bars
      .filter((bar) => bar.value === null)
      .map((bar) => (group.bars.length > 1 ? `${group.name} (${bar.legend})` : group.name)),
  );
  const labelled = groups.reduce((total, group) => total + group.bars.length, 0) <= 8;
  // A withheld figure has no bar at all: an empty place, never a bar of 0 that reads as none.
  const data = groups.map((group) => ({
    name: group.name,
    series: group.bars.flatMap((bar) =>
      bar.value === null
        ? []
        : [
            {
              key: bar.legend,
              legend: bar.legend,
              data: bar.value,
              // Past eight bars their labels overlap; the table beside holds every figure.
              barLabel: labelled ? (bar.label ?? String(bar.value)) : undefined,
            },
          ],
    ),
  }));
  return (
    <div className={styles.chart} aria-hidden="true" inert data-testid="report-chart">
      {title && <p className={styles.chartTitle}>{title}</p>}
      <div className={styles.chartBox}>
        <ResponsiveContainer>
          <GroupedVerticalBarChart
            data={data}
            yAxisTitle={yAxisTitle}
            wrapXAxisLables
            enabledLegendsWrapLines
            // A job's title or a department's name is shown as it is written, not title-cased.
            legendProps={{ styles: { text: styles.legendText } }}
            hideTooltip
            // The chart's own labels are bare totals; each bar's label above says more.
            hideLabels
          />
        </ResponsiveContainer>
      </div>
      {withheld.length > 0 && (
        <p className={styles.chartNote}>{`Not drawn, ${FEWER_THAN_MIN}: ${withheld.join('; ')}.`}</p>
      )}
    </div>
  );
}
