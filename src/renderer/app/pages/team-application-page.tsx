import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { formatDate } from '../../../shared/format/date';
import { screens } from '../../../shared/site/screen-routes';
import { useSession } from '../../store/use-session';
import { LinkButton } from '../../components/link-button';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { ApplicantSections } from '../../features/applications/applicant-sections';
import { TeamApplicationInterviewers } from '../../features/team/application-interviewers-card';
import { CvSection } from '../../features/applications/cv-section';
import { InterviewCard } from '../../features/interviews/interview-card';
import { useGetInterviewQuery } from '../../features/interviews/interviews-api';
import { ScorecardsCard } from '../../features/interviews/scorecards-card';
import { TeamInterviewCard } from '../../features/team/team-interview-card';
import { TeamNotes } from '../../features/team/team-notes';
import { TeamStageMove } from '../../features/team/team-stage-move';
import {
  useGetTeamApplicationCvMutation,
  useGetTeamApplicationQuery,
  useGetTeamInterviewersQuery,
  useGetTeamJobsQuery,
} from '../../features/team/team-api';
import { useStyles } from '../../features/applications/application-detail-page.styles';
import { TeamNotAvailable } from '../../features/team/team-not-available';

/**
 * /team/application/:id: one application as a team member may see it. For an interviewer the
 * interview comes first (when, how long, where, with whom, and the adjustment agreed for it),
 * then the applicant, the cover letter, the CV (preview and download, each audited) and the
 * scorecards (their own form once the interview has started, then everyone's side by side). For
 * the job's hiring manager: the applicant and CV, its notes, its interviewers, the stage moves
 * open to them and the offer of interview times (with the agreed adjustment), and every
 * scorecard. What the server refuses (a closed job, an application not theirs) is said on the
 * screen; the session goes on.
 */
export function TeamApplicationPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { id = '' } = useParams();
  const { teamRole, user } = useSession();
  const { currentData: application, isFetching, error } = useGetTeamApplicationQuery(id);
  // The CV section belongs to the applications feature; a team member reads the CV through the
  // team's own call, checked against their access.
  const [readTeamCv] = useGetTeamApplicationCvMutation();
  // A hiring manager works on it as its manager on a job of theirs; on another manager's job,
  // which their list of jobs says they do not manage, they are one of its interviewers.
  const { data: jobs } = useGetTeamJobsQuery(undefined, { skip: teamRole !== 'hiring-manager' });
  const manager =
    teamRole === 'hiring-manager' && jobs?.find((job) => job._id === application?.jobId)?.managed !== false;
  const interviewing = !manager || application?.interviewers.some((person) => person.email === user?.email);
  const [offering, setOffering] = useState(false);
  const { data: interview } = useGetInterviewQuery(
    { id, source: 'team' },
    { skip: !manager || !application },
  );
  const { data: team } = useGetTeamInterviewersQuery(undefined, { skip: !manager });
  // The team's interviewers, and anyone already interviewing for this application or the job's
  // coming times (an interviewer since made an administrator, say), each once.
  const interviewers = useMemo(() => {
    const people = [
      ...(team ?? []),
      ...(application?.interviewers ?? []),
      ...(interview?.slots ?? []).flatMap((slot) => slot.interviewers),
    ];
    return people.filter((person, index) => people.findIndex((other) => other._id === person._id) === index);
  }, [team, application, interview]);
  const backTo =
    application && manager ? screens.teamJob.path({ id: application.jobId }) : screens.teamHome.path();
  const back = (
    <LinkButton to={backTo} icon={<ArrowLeftRegular aria-hidden="true" />}>
      {manager && application ? 'Back to the job' : 'Back to your work'}
    </LinkButton>
  );

  useEffect(() => {
    if (error) console.error('team application failed to load', error);
  }, [error]);

  if (!application && isFetching) return <PageLoading label="Loading application..." />;
  if (!application) {
    return (
      <TeamNotAvailable
        thing="application"
        error={error}
        fallback="The application could not be loaded. Please try again."
        back={back}
      />
    );
  }

  return (
    <div className={admin.page}>
      <title>{`${application.name} | Application | Hiring Team`}</title>
      <AdminPageHeader
        title={application.name}
        subtitle={`Application for ${application.jobTitle}`}
        actions={back}
      />
      <div className={styles.layout}>
        <div className={styles.column}>
          {!manager && (
            <TeamInterviewCard
              interview={application.interview}
              agreedAdjustment={application.agreedAdjustment}
            />
          )}
          <ApplicantSections
            name={application.name}
            email={application.email}
            phone={application.phone}
            jobTitle={application.jobTitle}
            appliedOn={formatDate(application.createdAt)}
            about={application.about}
            interviewIfMinimumCriteriaMet={application.interviewIfMinimumCriteriaMet}
            answers={application.answers}
          />
          <CvSection
            key={application._id}
            source={readTeamCv}
            application={{ ...application, pdfFileSize: application.fileSize }}
          />
        </div>
        <div className={styles.column}>
          <TeamStageMove application={application} manager={manager} onInterview={() => setOffering(true)} />
          {manager && (
            <InterviewCard
              applicationId={application._id}
              source="team"
              stage={application.stage}
              interviewers={interviewers}
              offering={offering}
              onOfferingChange={setOffering}
            />
          )}
          <ScorecardsCard applicationId={application._id} source="team" interviewer={interviewing === true} />
          {manager && (
            <TeamApplicationInterviewers
              applicationId={application._id}
              assigned={application.interviewers}
              candidates={team ?? []}
            />
          )}
          {manager && <TeamNotes applicationId={application._id} />}
        </div>
      </div>
    </div>
  );
}
