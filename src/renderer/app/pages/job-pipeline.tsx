import { useId, useMemo } from 'react';
import type { JobInterviewCounts } from '../../../shared/interviews/interview-contract';
import type { Job } from '../../../shared/jobs/job-contract';
import type { JobStageCounts } from '../../features/applications/application-filters';
import { Legend } from './pipeline-legend';
import { JobRow } from './pipeline-job-row';
import { useOverdue } from '../../entities/use-overdue';
import { useStyles } from './job-pipeline.styles';

/**
 * The dashboard's pipeline: for each open job, its applications in each stage, its interviews
 * booked and the scorecards still owed (from the polled counts). Composed here from
 * the jobs and the applications (the two features never import each other).
 */
export function JobPipeline({
  jobs,
  countsByJob,
  interviewsByJob,
  className,
  headingClassName,
}: {
  jobs: readonly Job[];
  countsByJob: ReadonlyMap<string, JobStageCounts>;
  interviewsByJob: ReadonlyMap<string, JobInterviewCounts>;
  className: string;
  headingClassName: string;
}) {
  const styles = useStyles();
  const headingId = useId();
  const open = jobs.filter((job) => !job.closed);
  const overdue = useOverdue();
  const overdueByJob = useMemo(() => {
    const byJob = new Map<string, number>();
    for (const application of overdue.values())
      if (application.jobId) byJob.set(application.jobId, (byJob.get(application.jobId) ?? 0) + 1);
    return byJob;
  }, [overdue]);
  return (
    <section className={className} aria-labelledby={headingId} data-testid="pipeline">
      <h2 id={headingId} className={headingClassName}>
        Pipeline
      </h2>
      {open.length === 0 ? (
        <p className={styles.empty}>No open jobs.</p>
      ) : (
        <>
          <Legend />
          <ul className={styles.jobs} aria-label="Open jobs">
            {open.map((job) => (
              <JobRow
                key={job._id}
                job={job}
                counts={countsByJob.get(job._id)}
                interviews={interviewsByJob.get(job._id)}
                overdue={overdueByJob.get(job._id) ?? 0}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
