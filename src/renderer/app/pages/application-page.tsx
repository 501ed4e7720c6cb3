import { ApplicationDetailPage } from '../../features/applications/application-detail-page';
import { ApplicantPrivacyCard } from '../../features/privacy/applicant-privacy-card';
import { AuditTrail } from '../../features/privacy/audit-trail';

/** /dashboard/application/:id: the application with its data-protection card and audit trail. */
export function ApplicationPage() {
  return (
    <ApplicationDetailPage
      privacy={(application) => (
        <>
          <ApplicantPrivacyCard application={application} />
          <AuditTrail applicationId={application._id} />
        </>
      )}
    />
  );
}
