import { FunnelReport } from '../../features/equality-monitoring/funnel-report';
import { useGetAdminJobsQuery } from '../../entities/admin-jobs-api';

/** /dashboard/equality: the equality monitoring funnel, with the job posts to choose from. */
export function EqualityReportPage() {
  const { data: jobs } = useGetAdminJobsQuery();
  return <FunnelReport jobs={jobs ?? []} />;
}
