import { useId } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { ApplicationStage } from '../../../shared/applications/stage-contract';
import { formatClosingDate } from '../../../shared/jobs/closing-date';
import type { RightToWorkCheck } from '../../../shared/right-to-work/right-to-work-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { useGetRightToWorkQuery } from './right-to-work-api';
import { RightToWorkCheckForm } from './right-to-work-check-form';
import { RightToWorkEvidenceForm } from './right-to-work-evidence-form';
import { useStyles } from './right-to-work-card.styles';

const retentionText = (check: RightToWorkCheck | null, stage: ApplicationStage): string => {
  if (check?.keptUntil && check.keptForEmployment) return `Kept until ${formatClosingDate(check.keptUntil)}`;
  if (check?.keptForEmployment)
    return 'Kept for the employment plus two years (record its end date when it ends)';
  if (stage === 'hired') return 'Not yet kept: complete the check (method, date and evidence)';
  return 'Deleted with the application as usual unless the applicant is hired with a completed check';
};

/**
 * The right-to-work checklist of an application at Offer or Hired (administrators only; the page
 * shows it at those stages): how and when it was checked and by whom, a follow-up date for
 * time-limited permission, the evidence file, and the employment's end date that starts the last
 * two years of its keeping.
 */
export function RightToWorkCard({
  applicationId,
  applicantName,
  stage,
}: {
  applicationId: string;
  applicantName: string;
  stage: ApplicationStage;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const id = useId();
  const { data, isLoading } = useGetRightToWorkQuery(applicationId);
  const check = data?.check ?? null;

  return (
    <section className={admin.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={admin.cardTitle}>
        Right to work
      </h2>
      {isLoading || !data ? (
        <Spinner size="small" label="Loading the right-to-work check" />
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt className={styles.label}>Status</dt>
              <dd className={styles.value}>
                {!check
                  ? 'Not checked yet'
                  : check.complete
                    ? `Complete: checked by ${check.checkedByName} on ${formatClosingDate(check.checkedOn)}`
                    : `Checked by ${check.checkedByName} on ${formatClosingDate(check.checkedOn)}; evidence still to add`}
              </dd>
            </div>
            {check?.followUpOn && (
              <div>
                <dt className={styles.label}>Follow-up</dt>
                <dd className={styles.value}>
                  {`Check again by ${formatClosingDate(check.followUpOn)}`}
                  {check.followUpRemindedAt ? ' (reminder sent)' : ' (a reminder is e-mailed on the day)'}
                </dd>
              </div>
            )}
            <div>
              <dt className={styles.label}>Retention</dt>
              <dd className={styles.value}>{retentionText(check, data.stage as ApplicationStage)}</dd>
            </div>
          </dl>
          <RightToWorkCheckForm key={check?.updatedAt ?? 'new'} applicationId={applicationId} check={check} />
          {check && (
            <RightToWorkEvidenceForm
              applicationId={applicationId}
              applicantName={applicantName}
              check={check}
            />
          )}
        </>
      )}
      <p className={styles.hint}>Only administrators see this check and its evidence.</p>
      {stage === 'offer' && (
        <p className={styles.hint}>Check the right to work before the employment starts.</p>
      )}
    </section>
  );
}
