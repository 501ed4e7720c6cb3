import { useId } from 'react';
import { Link } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import { applicationStages, type ApplicationStage } from '../../../shared/applications/stage-contract';
import type { TeamJob } from '../../../shared/team/team-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { StageLabel } from '../../entities/stage-label';
import { useStyles } from './team-pipeline.styles';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * A job's pipeline as the hiring manager sees it: every stage with its colour, name and count of
 * applications (the dashboard's colours and names), each a link that filters the list below to
 * it (`?stage=`, in the address), and how many interviews are booked and still to come.
 */
export function TeamPipeline({ job, stage }: { job: TeamJob; stage: ApplicationStage | undefined }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Pipeline
      </h2>
      <p className={styles.summary}>
        {`${plural(job.applicationCount, 'application')} · ${plural(job.interviewsBooked, 'interview')} booked`}
      </p>
      <ul className={styles.stages} aria-label={`${job.jobTitle} by stage`}>
        {applicationStages.map((value) => (
          <li key={value}>
            <Link
              to={{ search: `?stage=${value}` }}
              replace
              aria-current={stage === value ? 'true' : undefined}
              className={mergeClasses(styles.stage, stage === value && styles.current)}
            >
              <StageLabel stage={value} />{' '}
              <span className={styles.count}>
                {job.byStage[value]}{' '}
                <span className="visually-hidden">
                  {job.byStage[value] === 1 ? 'application' : 'applications'}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
