import { ApplicationDetailPage } from '../../features/applications/application-detail-page';
import { ApplicantPrivacyCard } from '../../features/privacy/applicant-privacy-card';
import { AuditTrail } from '../../features/privacy/audit-trail';
import { AdjustmentsCard } from '../../features/adjustments/adjustments-card';

/**
 * /dashboard/application/:id: the application with its adjustment request (for the adjustments
 * contact only), its data-protection card and audit trail.
 */
export function ApplicationPage() {
  return (
    <ApplicationDetailPage
      privacy={(application) => (
        <>
          <AdjustmentsCard applicationId={application._id} />
          <ApplicantPrivacyCard application={application} />
          <AuditTrail applicationId={application._id} />
        </>
      )}
    />
  );
}
