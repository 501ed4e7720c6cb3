import { useEffect, useId } from 'react';
import { PeopleTeamRegular } from '@fluentui/react-icons/headless/svg/people-team';
import { errorMessage } from '../../store/api-error';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { TeamInviteForm } from './team-invite-form';
import { TeamMemberCard, type AssignableJob } from './team-member-card';
import { useGetTeamMembersQuery } from './team-api';
import { useStyles } from './team-members.styles';

/**
 * The administrators' Team screen: invite a person, and for each person their role, their jobs
 * (hiring managers) or interviews, and Remove. The jobs to give come from the app (the jobs
 * feature's list; app/pages/team-members-page.tsx composes the two).
 */
export function TeamMembers({ jobs }: { jobs: readonly AssignableJob[] }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data: members, error, isLoading } = useGetTeamMembersQuery();

  useEffect(() => {
    if (error) console.error('team list failed to load', error);
  }, [error]);

  return (
    <div className={admin.page}>
      <title>Team | Admin Panel</title>
      <AdminPageHeader
        title="Hiring team"
        subtitle="Hiring managers see the applications of their jobs; interviewers the applications they interview. Access ends when the job closes or the person is removed."
      />
      <TeamInviteForm />
      <section className={admin.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={admin.cardTitle}>
          People
        </h2>
        {isLoading ? (
          <PageLoading label="Loading the team..." />
        ) : error ? (
          <p role="alert">{errorMessage(error, 'The team could not be loaded. Please try again.')}</p>
        ) : members && members.length > 0 ? (
          <ul className={styles.members}>
            {members.map((member) => (
              <TeamMemberCard key={member._id} member={member} jobs={jobs} />
            ))}
          </ul>
        ) : (
          <div className={admin.empty}>
            <span className={admin.emptyIcon} aria-hidden="true">
              <PeopleTeamRegular />
            </span>
            <p className={admin.emptyTitle}>No one on the team yet</p>
            <p className={admin.emptyText}>Invite a hiring manager or an interviewer above.</p>
          </div>
        )}
      </section>
    </div>
  );
}
