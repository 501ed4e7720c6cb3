import type { ApplicationDetail } from '../../../shared/applications/application-contract';
import { RIGHT_TO_WORK_STAGES } from '../../../shared/right-to-work/right-to-work-contract';
import { ApplicationDetailPage } from './application-detail-page';
import { ApplicantPrivacyCard } from '../../features/privacy/applicant-privacy-card';
import { AuditTrail } from '../../features/privacy/audit-trail';
import { RightToWorkCard } from '../../features/right-to-work/right-to-work-card';
import { AdjustmentsCard } from '../../features/adjustments/adjustments-card';
import { useGetAccountQuery } from '../../features/auth/account-api';

/**
 * At Offer and Hired the right-to-work check is the work the stage asks for: it sits right after
 * the stage, before the interview, scorecards and notes. Before Offer there is nothing to
 * record, so no card (docs/behaviour.md#right-to-work-checks).
 */
const rightToWork = (application: ApplicationDetail) =>
  RIGHT_TO_WORK_STAGES.includes(application.stage) && (
    <RightToWorkCard
      key={application._id}
      applicationId={application._id}
      applicantName={application.name}
      stage={application.stage}
    />
  );

/**
 * /dashboard/application/:id: the application with its right-to-work check (at Offer and Hired,
 * beside the stage), its adjustment request (for the adjustments contact only), its
 * data-protection card and audit trail.
 */
export function ApplicationPage() {
  // The account says whether this administrator is the adjustments contact, so nobody else asks
  // for a request only to be refused. A server from before it said so leaves it out: ask then.
  const { data: account } = useGetAccountQuery();
  const adjustmentsContact = account !== undefined && account.adjustmentsContact !== false;
  return (
    <ApplicationDetailPage
      besideStage={rightToWork}
      privacy={(application) => (
        <>
          {adjustmentsContact && <AdjustmentsCard applicationId={application._id} />}
          <ApplicantPrivacyCard application={application} />
          <AuditTrail applicationId={application._id} />
        </>
      )}
    />
  );
}
