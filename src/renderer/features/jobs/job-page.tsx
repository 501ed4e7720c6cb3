import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import type { Job } from '../../../shared/jobs/job-contract';
import { siteConfig } from '../../../shared/site/site-config';
import { useActionStyles } from '../../components/action-styles';
import { PageLoading } from '../../components/page-loading';
import { useSession } from '../../store/use-session';
import { JobCard } from './job-card';
import { useGetJobQuery } from './jobs-api';
import { useDeleteJob } from './use-delete-job';
import { ClosedJobNotice } from './closed-job-notice';
import { useStyles } from './job-page.styles';
import { screens } from '../../../shared/site/screen-routes';

/**
 * A job's page at /apply/:id: the job expanded and what `applyForm` renders for it (the app hands
 * in the application form, whose heading has the id `applyHeadingId`), or a notice once the job has
 * closed. People read a job before they apply, so the job comes first in reading order, with an
 * "Apply now" link before it that jumps to the form's heading (taking focus, as the heading is
 * focusable); wide screens show the form beside the job, the link then a skip link seen only on
 * focus. A job that cannot be found leads to /error.
 */
export function JobPage({
  applyForm,
  applyHeadingId,
}: {
  applyForm: (job: Job) => ReactNode;
  applyHeadingId: string;
}) {
  const styles = useStyles();
  const actions = useActionStyles();
  const { id = '' } = useParams();
  const { data: job, isError } = useGetJobQuery(id);
  const { isAdmin } = useSession();
  const deleteJob = useDeleteJob();

  if (isError) return <Navigate to={screens.error.path()} replace />;
  if (!job) return <PageLoading label="Loading job details..." />;

  const card = (
    <div className={styles.card}>
      <JobCard
        job={job}
        variant="apply"
        headingLevel={2}
        isAdmin={isAdmin}
        onDelete={(jobId) => void deleteJob(jobId)}
      />
    </div>
  );
  return (
    <div className={styles.page}>
      <title>{`Apply for ${job.jobTitle} | ${siteConfig.brandName} Careers`}</title>
      {job.closed ? (
        // The notice that the job has closed is the news: it comes first on every screen.
        <>
          <ClosedJobNotice job={job} />
          {card}
        </>
      ) : (
        <>
          {/* A plain fragment link: it works before the app runs, and the browser moves focus. */}
          <a
            href={`#${applyHeadingId}`}
            className={mergeClasses(actions.base, actions.primary, actions.large, styles.applyNow)}
          >
            Apply now
          </a>
          {card}
          <div className={styles.form}>{applyForm(job)}</div>
        </>
      )}
    </div>
  );
}
