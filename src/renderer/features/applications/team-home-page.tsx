import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { formatUsDate } from '../../../shared/format/date';
import { screens } from '../../../shared/site/screen-routes';
import type { TeamJob } from '../../../shared/team/team-contract';
import { errorMessage } from '../../store/api-error';
import { useSession } from '../../store/use-session';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { StageLabel } from './stage-label';
import { useGetTeamJobApplicationsQuery, useGetTeamJobsQuery } from './team-api';
import { scorecardDue, useScorecardDueNotices } from './use-scorecard-due-notices';
import { useHiringNewsNotices } from './use-hiring-news-notices';
import { useStyles } from './team-screens.styles';

/**
 * An interviewer's applications of one job, each a link to the application and its CV, and
 * whether its scorecard is due (the console also notifies it).
 */
function InterviewList({ job }: { job: TeamJob }) {
  const styles = useStyles();
  const { data, error, isLoading } = useGetTeamJobApplicationsQuery(job._id);
  const now = useScorecardDueNotices(data);
  if (isLoading) return <Spinner size="tiny" label="Loading applications..." />;
  if (error) return <p role="alert">{errorMessage(error, 'The applications could not be loaded.')}</p>;
  return (
    <ul className={styles.list} aria-label={`Your interviews for ${job.jobTitle}`}>
      {(data ?? []).map((application) => (
        <li key={application._id} className={styles.row}>
          <Link className={styles.link} to={screens.teamApplication.path({ id: application._id })}>
            {application.name}
          </Link>
          {scorecardDue(application, now) && <span>Scorecard due</span>}
          <StageLabel stage={application.stage} />
        </li>
      ))}
    </ul>
  );
}

/** One job of a team member: its facts, and (hiring managers) a link to its applications. */
function TeamJobCard({ job, interviewer }: { job: TeamJob; interviewer: boolean }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  return (
    <li className={admin.card}>
      <div className={styles.jobHead}>
        <h2 className={admin.cardTitle}>{job.jobTitle}</h2>
        <p className={styles.meta}>
          {[job.location, job.pay].filter(Boolean).join(' · ')}
          {job.closingDate && ` · Closes ${formatUsDate(job.closingDate)}`}
        </p>
      </div>
      {interviewer ? (
        <InterviewList job={job} />
      ) : (
        <>
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
        </>
      )}
    </li>
  );
}

/**
 * /team: a hiring manager's open jobs, each with its count of applications; an interviewer's
 * applications to interview, by job. Only what the server says this person reaches now.
 */
export function TeamHomePage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { teamRole } = useSession();
  const { data: jobs, error, isLoading } = useGetTeamJobsQuery();
  const interviewer = teamRole === 'interviewer';
  const title = interviewer ? 'Your interviews' : 'Your jobs';
  useHiringNewsNotices(interviewer ? undefined : jobs);

  useEffect(() => {
    if (error) console.error('team jobs failed to load', error);
  }, [error]);

  if (isLoading) return <PageLoading label="Loading your work..." />;
  return (
    <div className={admin.page}>
      <title>{`${title} | Hiring Team`}</title>
      <AdminPageHeader
        title={title}
        subtitle={
          interviewer
            ? 'The applications you are to interview, while their jobs are open.'
            : 'The open jobs you hire for.'
        }
      />
      {error ? (
        <p role="alert" className={admin.card}>
          {errorMessage(error, 'Your jobs could not be loaded. Please try again.')}
        </p>
      ) : jobs && jobs.length > 0 ? (
        <ul className={styles.jobs}>
          {jobs.map((job) => (
            <TeamJobCard key={job._id} job={job} interviewer={interviewer} />
          ))}
        </ul>
      ) : (
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
      )}
    </div>
  );
}
