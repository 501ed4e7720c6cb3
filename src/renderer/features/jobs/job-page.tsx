import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { Job } from '../../../shared/jobs/job-contract';
import { siteConfig } from '../../../shared/site/site-config';
import { PageLoading } from '../../components/page-loading';
import { useSession } from '../../store/use-session';
import { JobCard } from './job-card';
import { useGetJobQuery } from './jobs-api';
import { useDeleteJob } from './use-delete-job';
import { ClosedJobNotice } from './closed-job-notice';
import { useStyles } from './job-page.styles';
import { screens } from '../../../shared/site/screen-routes';

/**
 * A job's page at /apply/:id: the job expanded beside what `applyForm` renders for it (the app
 * hands in the application form), or a notice once the job has closed. A job that cannot be
 * found leads to /error.
 */
export function JobPage({ applyForm }: { applyForm: (job: Job) => ReactNode }) {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { data: job, isError } = useGetJobQuery(id);
  const { isAdmin } = useSession();
  const deleteJob = useDeleteJob();

  if (isError) return <Navigate to={screens.error.path()} replace />;
  if (!job) return <PageLoading label="Loading job details..." />;

  return (
    <div className={styles.page}>
      <title>{`Apply for ${job.jobTitle} | ${siteConfig.brandName} Careers`}</title>
      {job.closed ? <ClosedJobNotice job={job} /> : applyForm(job)}
      <div className={styles.card}>
        <JobCard
          job={job}
          variant="apply"
          headingLevel={2}
          isAdmin={isAdmin}
          onDelete={(jobId) => void deleteJob(jobId)}
        />
      </div>
    </div>
  );
}
