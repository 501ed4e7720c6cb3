import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Job } from '../../../shared/jobs/job-contract';
import { screens } from '../../../shared/site/screen-routes';
import { factGaps } from './job-fact-gaps';
import { useStyles } from './job-fact-gaps-card.styles';

/**
 * The dashboard's list of what open jobs still lack ("3 jobs have no pay range"), each job a link
 * to its edit form. Nothing is drawn when every open job has every fact.
 */
export function JobFactGapsCard({
  jobs,
  className,
  headingClassName,
}: {
  jobs: readonly Job[];
  className: string;
  headingClassName: string;
}) {
  const styles = useStyles();
  const headingId = useId();
  const gaps = factGaps(jobs);
  if (gaps.length === 0) return null;
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClassName}>
        Job facts to fill in
      </h2>
      <p className={styles.intro}>
        Search filters, job boards and Google show only the facts a job has. Open a job to add what it lacks.
      </p>
      <ul className={styles.gaps}>
        {gaps.map((gap) => {
          const summaryId = `${headingId}-${gap.field}`;
          return (
            <li key={gap.field}>
              <p id={summaryId} className={styles.summary}>
                {gap.summary}
              </p>
              <ul className={styles.jobs} aria-labelledby={summaryId}>
                {gap.jobs.map((job) => (
                  <li key={job._id}>
                    <Link className={styles.link} to={screens.editJob.path({ id: job._id })}>
                      {job.jobTitle}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
