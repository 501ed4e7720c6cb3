import { TeamMembers } from '../../features/team/team-members';
import { useGetAdminJobsQuery } from '../../entities/admin-jobs-api';

/** /dashboard/team: the hiring team, with the job posts an administrator may give them. */
export function TeamMembersPage() {
  const { data: jobs } = useGetAdminJobsQuery();
  return <TeamMembers jobs={jobs ?? []} />;
}
