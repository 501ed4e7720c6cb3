import { mergeClasses } from '@fluentui/react-components';
import { FEWER_THAN_MIN } from '../../../shared/reports/reports-contract';
import { formatMonth } from '../../../shared/format/date';
import { useStyles } from './reports.styles';

/** "March 2026" for a report's YYYY-MM month. */
export const monthLabel = (month: string): string => formatMonth(`${month}-01`) || month;

/** A published count as read: the number, or "fewer than 5" when the server withheld it. */
export const countText = (count: number | null): string => (count === null ? FEWER_THAN_MIN : String(count));

/** A share as a whole percentage. */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** Working days to one decimal place ("1 day", "3.5 days"). */
export const daysText = (days: number): string => {
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
};

/** A table cell's count: "fewer than 5" set apart from the figures around it. */
export function CountCell({ count }: { count: number | null }) {
  const styles = useStyles();
  return <td className={mergeClasses(styles.cell, count === null && styles.withheld)}>{countText(count)}</td>;
}

/** A dash where there is no figure to give (nothing to divide by); screen readers hear the words. */
export function NoFigure() {
  const styles = useStyles();
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className={styles.visuallyHidden}>no figure</span>
    </>
  );
}

/**
 * A conversion or acceptance cell. A share is withheld with the count behind it, so a withheld
 * count makes it "fewer than 5" too; with nothing to divide by there is no figure at all.
 */
export function ShareCell({ share, withheld }: { share: number | null; withheld: boolean }) {
  const styles = useStyles();
  if (share !== null) return <td className={styles.cell}>{percent(share)}</td>;
  return (
    <td className={mergeClasses(styles.cell, withheld && styles.withheld)}>
      {withheld ? FEWER_THAN_MIN : <NoFigure />}
    </td>
  );
}

/**
 * A median or 90th percentile cell. Its month's moves decide what a missing figure means: withheld
 * with a count under five ("fewer than 5"), or none at all.
 */
export function DaysCell({ days, count }: { days: number | null; count: number | null }) {
  const styles = useStyles();
  if (count === null) return <td className={mergeClasses(styles.cell, styles.withheld)}>{FEWER_THAN_MIN}</td>;
  return <td className={styles.cell}>{days === null ? <NoFigure /> : daysText(days)}</td>;
}
