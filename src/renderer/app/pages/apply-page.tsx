import { APPLY_HEADING_ID, ApplicationForm } from '../../features/applications/application-form';
import { JobPage } from '../../features/jobs/job-page';
import { PrivacyNoticeSummary } from '../../features/privacy/privacy-notice-summary';

/** /apply/:id: the job's page with the application form and its short privacy notice. */
export function ApplyPage() {
  return (
    <JobPage
      applyHeadingId={APPLY_HEADING_ID}
      applyForm={(job) => <ApplicationForm job={job} privacyNotice={<PrivacyNoticeSummary />} />}
    />
  );
}
