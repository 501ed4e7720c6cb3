import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import type { ApplicationDetail } from '../../../shared/applications/application-contract';
import { messages } from '../../../shared/messages';
import { formatDate } from '../../../shared/format/date';
import { useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/page-loading';
import { LinkButton } from '../../components/link-button';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { useGetApplicationQuery } from '../../entities/application-admin-api';
import { listPath, readListFilter } from '../../features/applications/application-filters';
import { applicantPhone, appliedJob, appliedOn } from '../../features/applications/application-fields';
import { ApplicantSections } from '../../features/applications/applicant-sections';
import { AdminApplicationInterviewers } from '../../features/team/application-interviewers-card';
import { ApplicationNotes } from '../../features/applications/application-notes';
import { Fact } from '../../features/applications/application-fact';
import { useSourceFacts } from '../../features/sources/use-source-label';
import { CvSection } from '../../features/applications/cv-section';
import { InterviewCard } from '../../features/interviews/interview-card';
import { ReviewBar } from '../../features/applications/review-bar';
import { ScorecardsCard } from '../../features/interviews/scorecards-card';
import { useGetTeamMembersQuery } from '../../features/team/team-api';
import { useStageChange } from '../../features/applications/use-stage-change';
import { useReviewSequence } from '../../features/applications/use-review-sequence';
import { interviewingRoles } from '../../../shared/team/team-contract';
import { useStyles } from '../../features/applications/application-detail-page.styles';
import { screens } from '../../../shared/site/screen-routes';

/**
 * /dashboard/application/:id: the applicant, the review bar, the cover letter, the CV, the
 * interview (its offer of times) and scorecards, and notes.
 * `besideStage` renders what the stage calls for right after the review bar, before everything
 * else (the right-to-work check at Offer and Hired); `privacy` renders the application's
 * data-protection cards. Both belong to other features; the app composes them (see
 * app/pages/application-page.tsx).
 */
export function ApplicationDetailPage({
  besideStage,
  privacy,
}: {
  besideStage?: (application: ApplicationDetail) => ReactNode;
  privacy?: (application: ApplicationDetail) => ReactNode;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => readListFilter(location.search), [location.search]);
  const user = useAppSelector((state) => state.session.user);
  // currentData: while the next application loads, the one before is not shown as if it were it.
  const { currentData: application, isFetching, error } = useGetApplicationQuery(id, { skip: !user });
  // Kept here, above the loading state, so the sequence outlives the moves between applications.
  const sequence = useReviewSequence(id, filter, Boolean(user));
  const backTo = listPath(filter);
  const [offering, setOffering] = useState(false);
  const stage = useStageChange();
  const { data: team } = useGetTeamMembersQuery(undefined, { skip: !user });
  // Everyone on the team interviews: the interviewers, and the hiring managers too.
  const interviewers = useMemo(
    () => (team ?? []).filter((person) => interviewingRoles.includes(person.role)),
    [team],
  );

  useEffect(() => {
    if (error) console.error('application failed to load', error);
  }, [error]);

  // No signed-in user sends the visitor home (the guard normally acts first).
  if (!user) return <Navigate to={screens.home.path()} replace />;
  if (!application && isFetching) return <PageLoading label="Loading application..." />;
  if (!application) {
    return (
      <div className={admin.page}>
        <title>Application not found | Admin Panel</title>
        <section className={admin.card}>
          <div className={admin.empty}>
            <h1 className={admin.title}>{messages.applicationNotFound}</h1>
            <p className={admin.emptyText}>It may have been deleted, or the address is wrong.</p>
            <LinkButton to={backTo} appearance="primary" icon={<ArrowLeftRegular aria-hidden="true" />}>
              Back to Applications
            </LinkButton>
          </div>
        </section>
      </div>
    );
  }

  const phone = applicantPhone(application);
  return (
    <div className={admin.page}>
      <title>{`${application.name} | Application | Admin Panel`}</title>
      <AdminPageHeader
        title={application.name}
        subtitle={`Application for ${appliedJob(application)}`}
        actions={
          <LinkButton to={backTo} icon={<ArrowLeftRegular aria-hidden="true" />}>
            Back to List
          </LinkButton>
        }
      />
      <ReviewBar
        application={application}
        filter={filter}
        sequence={sequence}
        onDeleted={() => void navigate(backTo)}
        onInterview={() => setOffering(true)}
      />
      {besideStage?.(application)}
      <div className={styles.layout}>
        <div className={styles.column}>
          <ApplicantSections
            name={application.name}
            email={application.email}
            phone={phone}
            jobTitle={appliedJob(application)}
            appliedOn={appliedOn(application, formatDate)}
            about={application.about}
            interviewIfMinimumCriteriaMet={application.interviewIfMinimumCriteriaMet}
            answers={application.answers}
          >
            <SourceFacts application={application} />
            {application.duplicateOf && (
              <Fact label="Duplicate">
                <Link className={styles.link} to={screens.application.path({ id: application.duplicateOf })}>
                  Repeats an earlier application to this job
                </Link>
              </Fact>
            )}
          </ApplicantSections>
          <CvSection key={application._id} application={application} />
        </div>
        <div className={styles.column}>
          <InterviewCard
            key={application._id}
            applicationId={application._id}
            source="admin"
            stage={application.stage}
            interviewers={interviewers}
            offering={offering}
            onOfferingChange={setOffering}
            onMoveWithoutTimes={
              application.stage === 'interview'
                ? undefined
                : () => {
                    setOffering(false);
                    void stage.changeStage(application, 'interview');
                  }
            }
          />
          <ScorecardsCard applicationId={application._id} source="admin" interviewer={false} />
          <AdminApplicationInterviewers applicationId={application._id} candidates={interviewers} />
          <ApplicationNotes applicationId={application._id} />
          {privacy?.(application)}
        </div>
      </div>
    </div>
  );
}

/** Where the application came from (docs/behaviour.md#sources): its source, the referring site, the applicant's answer. */
function SourceFacts({
  application,
}: {
  application: { source: string; referrerHost: string | null; heardAbout: string | null };
}) {
  const facts = useSourceFacts(application);
  return (
    <>
      <Fact label="Source">{facts.source}</Fact>
      {application.referrerHost && <Fact label="Referring site">{application.referrerHost}</Fact>}
      <Fact label="How they heard about the job">{facts.heardAbout ?? 'Not answered'}</Fact>
    </>
  );
}
