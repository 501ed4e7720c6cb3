import { RIGHT_TO_WORK_STAGES } from '../../../shared/right-to-work/right-to-work-contract';
import { ApplicationDetailPage } from '../../features/applications/application-detail-page';
import { ApplicantPrivacyCard } from '../../features/privacy/applicant-privacy-card';
import { AuditTrail } from '../../features/privacy/audit-trail';
import { RightToWorkCard } from '../../features/right-to-work/right-to-work-card';
import { AdjustmentsCard } from '../../features/adjustments/adjustments-card';

/**
 * /dashboard/application/:id: the application with its adjustment request (for the adjustments
 * contact only), its right-to-work check (at Offer and Hired), its data-protection card and audit
 * trail.
 */
export function ApplicationPage() {
  return (
    <ApplicationDetailPage
      privacy={(application) => (
        <>
          <AdjustmentsCard applicationId={application._id} />
          {RIGHT_TO_WORK_STAGES.includes(application.stage) && (
            <RightToWorkCard
              applicationId={application._id}
              applicantName={application.name}
              stage={application.stage}
            />
          )}
          <ApplicantPrivacyCard application={application} />
          <AuditTrail applicationId={application._id} />
        </>
      )}
    />
  );
}
