import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { formatClosingDate } from '../../../shared/jobs/closing-date';
import { screens } from '../../../shared/site/screen-routes';
import type { TeamJob } from '../../../shared/team/team-contract';
import { errorMessage } from '../../store/api-error';
import { useSession } from '../../store/use-session';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { InterviewerWork } from './interviewer-work';
import { useGetTeamJobsQuery } from './team-api';
import { useHiringNewsNotices } from './use-hiring-news-notices';
import { useStyles } from './team-screens.styles';

/** One job of a hiring manager: its place, pay and closing date, and a link to its applications. */
function TeamJobCard({ job }: { job: TeamJob }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  return (
    <li className={admin.card}>
      <div className={styles.jobHead}>
        <h2 className={admin.cardTitle}>{job.jobTitle}</h2>
        <p className={styles.meta}>
          {[job.location, job.pay].filter(Boolean).join(' · ')}
          {job.closingDate && ` · Closes ${formatClosingDate(job.closingDate)}`}
        </p>
      </div>
      <p className={styles.meta}>
        {!job.managed
          ? 'You interview for this job.'
          : job.mayDecide
            ? 'You may move its applications to Hired or Rejected.'
            : 'An administrator decides Hired or Rejected.'}
      </p>
      <Link className={styles.link} to={screens.teamJob.path({ id: job._id })}>
        {`${job.applicationCount} ${job.applicationCount === 1 ? 'application' : 'applications'}`}
        <span className="visually-hidden">{` for ${job.jobTitle}`}</span>
      </Link>
    </li>
  );
}

/**
 * /team (docs/behaviour.md#the-hiring-teams-screens): a hiring manager's open jobs, each with its
 * count of applications, and below them any applications they are assigned to interview; an
 * interviewer's applications, to interview and scored (interviewer-work.tsx). Only what the server
 * says this person reaches now.
 */
export function TeamHomePage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { teamRole } = useSession();
  const interviewer = teamRole === 'interviewer';
  const { data: jobs, error, isLoading } = useGetTeamJobsQuery(undefined, { skip: interviewer });
  const title = interviewer ? 'Your interviews' : 'Your jobs';
  useHiringNewsNotices(interviewer ? undefined : jobs);

  useEffect(() => {
    if (error) console.error('team jobs failed to load', error);
  }, [error]);

  const nothingAssigned = (
    <section className={admin.card}>
      <div className={admin.empty}>
        <span className={admin.emptyIcon} aria-hidden="true">
          <BriefcaseRegular />
        </span>
        <h2 className={admin.emptyTitle}>Nothing assigned to you yet</h2>
        <p className={admin.emptyText}>
          An administrator gives you {interviewer ? 'applications to interview' : 'jobs'}; they show here
          while the job is open.
        </p>
      </div>
    </section>
  );

  if (isLoading) return <PageLoading label="Loading your work..." />;
  return (
    <div className={admin.page}>
      <title>{`${title} | Hiring Team`}</title>
      <AdminPageHeader
        title={title}
        subtitle={
          interviewer
            ? 'The applications you interview, while their jobs are open: to interview, and scored.'
            : 'The open jobs you hire for, and the applications you interview.'
        }
      />
      {interviewer ? (
        <InterviewerWork empty={nothingAssigned} />
      ) : error ? (
        <p role="alert" className={admin.card}>
          {errorMessage(error, 'Your jobs could not be loaded. Please try again.')}
        </p>
      ) : (
        <>
          {jobs && jobs.length > 0 ? (
            <ul className={styles.jobs}>
              {jobs.map((job) => (
                <TeamJobCard key={job._id} job={job} />
              ))}
            </ul>
          ) : (
            nothingAssigned
          )}
          {/* A hiring manager may interview too: their own interviews, when they have any. */}
          <InterviewerWork empty={null} />
        </>
      )}
    </div>
  );
}
