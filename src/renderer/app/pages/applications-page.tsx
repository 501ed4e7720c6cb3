import { ApplicationsListPage } from '../../features/applications/applications-list-page';
import { JobViewers } from '../../features/team/job-viewers';

/**
 * /dashboard/applications: the applications list, with who on the hiring team has seen the
 * filtered job's applicants beside its filters.
 */
export function ApplicationsPage() {
  return <ApplicationsListPage jobViewers={(jobId) => <JobViewers jobId={jobId} />} />;
}
