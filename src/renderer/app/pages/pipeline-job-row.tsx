import { Link } from 'react-router-dom';
import {
  applicationStages,
  stageLabels,
  type ApplicationStage,
} from '../../../shared/applications/stage-contract';
import type { JobInterviewCounts } from '../../../shared/interviews/interview-contract';
import type { Job } from '../../../shared/jobs/job-contract';
import { listPath, type JobStageCounts } from '../../features/applications/application-filters';
import { stageColors } from '../../entities/stage-colors';
import { OverdueCount } from '../../entities/overdue-mark';
import { useStyles } from './pipeline-job-row.styles';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * One open job: its title (to the list filtered to it), a stacked bar of its applications by
 * stage (drawn for the eye, hidden from screen readers), and the same numbers as text, each a link
 * to the list filtered to that job and stage; then its interviews booked and scorecards owed.
 */
export function JobRow({
  job,
  counts,
  interviews,
  overdue = 0,
}: {
  job: Job;
  counts: JobStageCounts | undefined;
  interviews: JobInterviewCounts | undefined;
  /** How many of its applications are past their stage's time limit. */
  overdue?: number;
}) {
  const styles = useStyles();
  const total = counts?.total ?? 0;
  const jobPath = listPath({ q: '', job: job._id, stage: '' });
  const stagePath = (stage: ApplicationStage) => listPath({ q: '', job: job._id, stage });
  const present = applicationStages.filter((stage) => (counts?.byStage[stage] ?? 0) > 0);
  return (
    <li className={styles.job}>
      <div className={styles.head}>
        <Link to={jobPath} className={styles.title}>
          {job.jobTitle}
        </Link>
        <span className={styles.total}>{total === 1 ? '1 application' : `${total} applications`}</span>
        {overdue > 0 && <OverdueCount count={overdue} />}
      </div>
      {total > 0 && (
        // The same address as the title: a click on the bar opens the job's list too.
        <Link to={jobPath} tabIndex={-1} aria-hidden="true" className={styles.bar}>
          {present.map((stage) => (
            <span
              key={stage}
              title={`${stageLabels[stage]}: ${counts!.byStage[stage]}`}
              style={{
                width: `${(counts!.byStage[stage] / total) * 100}%`,
                backgroundColor: stageColors[stage],
              }}
            />
          ))}
        </Link>
      )}
      {total > 0 ? (
        <ul className={styles.counts} aria-label={`${job.jobTitle} by stage`}>
          {present.map((stage) => (
            <li key={stage}>
              <Link to={stagePath(stage)} className={styles.countLink}>
                {counts!.byStage[stage]} {stageLabels[stage]}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.none}>No applications yet</p>
      )}
      {interviews && (interviews.booked > 0 || interviews.scorecardsOwed > 0) && (
        <p className={styles.interviews}>
          {`${plural(interviews.booked, 'interview')} booked · ${plural(interviews.scorecardsOwed, 'scorecard')} owed`}
        </p>
      )}
    </li>
  );
}
