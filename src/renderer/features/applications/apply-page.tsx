import { Navigate, useParams } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { siteConfig } from '../../../shared/site/site-config';
import { PageLoading } from '../../app/page-loading';
import { useSession } from '../auth/use-session';
import { JobCard } from '../jobs/job-card';
import { useGetJobQuery } from '../jobs/jobs-api';
import { useDeleteJob } from '../jobs/use-delete-job';
import { ApplicationForm } from './application-form';
import { ClosedJobNotice } from './closed-job-notice';

const useStyles = makeStyles({
  page: {
    width: '100%',
    maxWidth: '1120px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: `${tokens.spacingVerticalXL} ${tokens.spacingVerticalXXXL}`,
    boxSizing: 'border-box',
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    // minmax(0, …): a column never grows wider than the screen to fit a long unbroken line.
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'start',
    '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)' },
  },
  // The form holds the page's h1, so it comes first in reading and focus order on every screen size.
  card: { '@media (min-width: 960px)': { position: 'sticky', top: '88px' } },
});

export function ApplyPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { data: job, isError } = useGetJobQuery(id);
  const { isAdmin } = useSession();
  const deleteJob = useDeleteJob();

  if (isError) return <Navigate to="/error" replace />;
  if (!job) return <PageLoading label="Loading job details..." />;

  return (
    <div className={styles.page}>
      <title>{`Apply for ${job.jobTitle} | ${siteConfig.brandName} Careers`}</title>
      {job.closed ? <ClosedJobNotice job={job} /> : <ApplicationForm job={job} />}
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
