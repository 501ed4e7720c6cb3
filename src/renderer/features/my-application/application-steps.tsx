import { mergeClasses } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import type { MyApplicationStatus } from '../../../shared/my-application/my-application-contract';
import { statusText } from './my-application-status';
import { useStyles } from './application-steps.styles';

/** The three steps the tracker shows, and which of them each status has reached. */
const stepOf: Record<Exclude<MyApplicationStatus, 'withdrawn'>, number> = {
  received: 0,
  'in-progress': 1,
  successful: 2,
  closed: 2,
};

/** Received, In progress, then the outcome: how far the application has come. */
export function Steps({ status }: { status: Exclude<MyApplicationStatus, 'withdrawn'> }) {
  const styles = useStyles();
  const reached = stepOf[status];
  const labels = [
    'Received',
    'In progress',
    status === 'received' || status === 'in-progress' ? 'Decision' : statusText[status].label,
  ];
  return (
    <ol className={styles.steps} aria-label="Progress of your application">
      {labels.map((label, index) => (
        <li
          key={label}
          className={mergeClasses(
            styles.step,
            index <= reached && styles.stepReached,
            index === reached && styles.stepCurrent,
          )}
          aria-current={index === reached ? 'step' : undefined}
        >
          <span className={styles.stepLabel}>
            {index < reached && (
              <span className={styles.stepIcon}>
                <CheckmarkCircleFilled aria-hidden="true" />
              </span>
            )}
            {label}
            {index < reached && <span className="visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
