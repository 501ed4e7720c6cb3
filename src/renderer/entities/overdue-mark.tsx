import { ClockWarningRegular } from '@fluentui/react-icons/headless/svg/clock-warning';
import { formatWeekdayDate } from '../../shared/format/date';
import { overdueText, type OverdueApplication } from '../../shared/response-times/response-times-contract';
import { useStyles } from './overdue-mark.styles';

/**
 * An application past its stage's time limit: the words say it (never the colour alone), with
 * the day it was due for whoever hovers or reads the title.
 */
export function OverdueMark({ overdue }: { overdue: Pick<OverdueApplication, 'dueOn' | 'workingDaysOver'> }) {
  const styles = useStyles();
  const due = formatWeekdayDate(new Date(`${overdue.dueOn}T12:00:00Z`));
  return (
    <span className={styles.mark} title={`Due by ${due}`}>
      <ClockWarningRegular className={styles.icon} aria-hidden="true" />
      {overdueText(overdue)}
    </span>
  );
}

/** A job's count of overdue applications, for the pipeline. */
export function OverdueCount({ count }: { count: number }) {
  const styles = useStyles();
  return (
    <span className={styles.mark}>
      <ClockWarningRegular className={styles.icon} aria-hidden="true" />
      {count} overdue
    </span>
  );
}
