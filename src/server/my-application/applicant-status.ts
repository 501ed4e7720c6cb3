import type { ApplicationStage } from '../../shared/applications/stage-contract';
import type { MyApplicationStatus } from '../../shared/my-application/my-application-contract';
import { CLOSED_AFTER_REJECTION_DAYS } from '../../shared/limits';

const DAY_MS = 24 * 60 * 60 * 1000;

const statusOfStage: Record<ApplicationStage, MyApplicationStatus> = {
  new: 'received',
  reviewed: 'received',
  shortlisted: 'in-progress',
  interview: 'in-progress',
  offer: 'in-progress',
  hired: 'successful',
  rejected: 'closed',
  withdrawn: 'withdrawn',
};

/**
 * Where an application stands in the applicant's words (docs/behaviour.md#the-applicants-page).
 * A rejection shows as closed only once its e-mail was queued, or `CLOSED_AFTER_REJECTION_DAYS`
 * after the change if HR sent none: an applicant never learns of it from the page before HR tells
 * them. Until then the page shows the stage it had before (an application rejected before
 * previous stages were recorded shows as received).
 */
export function applicantStatus(
  application: {
    stage: ApplicationStage;
    previousStage: ApplicationStage | null;
    stageChangedAt: Date;
    rejectionSent: boolean;
  },
  now: Date = new Date(),
): MyApplicationStatus {
  if (application.stage !== 'rejected') return statusOfStage[application.stage];
  const told =
    application.rejectionSent ||
    now.getTime() - application.stageChangedAt.getTime() >= CLOSED_AFTER_REJECTION_DAYS * DAY_MS;
  if (told) return 'closed';
  const before = application.previousStage;
  return before && before !== 'rejected' ? statusOfStage[before] : 'received';
}
