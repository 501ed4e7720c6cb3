import { useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons/headless/svg/edit';
import type { ApplicationStage } from '../../../shared/applications/stage-contract';
import { formatDate } from '../../../shared/format/date';
import {
  rightToWorkMethodLabels,
  type RightToWorkCheck,
} from '../../../shared/right-to-work/right-to-work-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { useGetRightToWorkQuery } from './right-to-work-api';
import { RightToWorkCheckForm } from './right-to-work-check-form';
import { RightToWorkEvidenceForm, storedEvidenceText } from './right-to-work-evidence-form';
import { RightToWorkEvidenceView } from './right-to-work-evidence-view';
import { useStyles } from './right-to-work-card.styles';

const retentionText = (check: RightToWorkCheck | null, stage: ApplicationStage): string => {
  if (check?.keptUntil && check.keptForEmployment) return `Kept until ${formatDate(check.keptUntil)}`;
  if (check?.keptForEmployment)
    return 'Kept for the employment plus two years (record its end date when it ends)';
  if (stage === 'hired') return 'Not yet kept: complete the check (method, date and evidence)';
  return 'Deleted with the application as usual unless the applicant is hired with a completed check';
};

const statusText = (check: RightToWorkCheck | null): string =>
  !check
    ? 'Not checked yet'
    : check.complete
      ? `Complete: checked by ${check.checkedByName} on ${formatDate(check.checkedOn)}`
      : `Checked by ${check.checkedByName} on ${formatDate(check.checkedOn)}; evidence still to add`;

/**
 * The right-to-work checklist of an application at Offer or Hired (administrators only; the page
 * shows it right after the stage at those stages): how and when it was checked and by whom, a
 * follow-up date for time-limited permission, the evidence file, and at Hired the employment's end
 * date that starts the last two years of its keeping. A complete check reads as facts, with Change
 * to open its form again (docs/behaviour.md#right-to-work-checks).
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
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const shownStage = (data?.stage as ApplicationStage | undefined) ?? stage;
  const readOnly = Boolean(check?.complete) && !changing;

  // The forms giving way to the facts (the check completed, saved or cancelled) bring the
  // keyboard to Change, rather than leaving it on a button that is gone.
  const formsShown = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (formsShown.current && readOnly) changeButton.current?.focus();
    formsShown.current = data ? !readOnly : undefined;
  }, [data, readOnly]);

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
              <dd className={styles.value}>{statusText(check)}</dd>
            </div>
            {readOnly && check && (
              <div>
                <dt className={styles.label}>Method</dt>
                <dd className={styles.value}>{rightToWorkMethodLabels[check.method]}</dd>
              </div>
            )}
            {check?.followUpOn && (
              <div>
                <dt className={styles.label}>Follow-up</dt>
                <dd className={styles.value}>
                  {`Check again by ${formatDate(check.followUpOn)}`}
                  {check.followUpRemindedAt ? ' (reminder sent)' : ' (a reminder is e-mailed on the day)'}
                </dd>
              </div>
            )}
            {readOnly && check?.evidence && (
              <div>
                <dt className={styles.label}>Evidence</dt>
                <dd className={styles.value}>{`Stored: ${storedEvidenceText(check.evidence)}`}</dd>
              </div>
            )}
            {readOnly && shownStage === 'hired' && (
              <div>
                <dt className={styles.label}>Employment end</dt>
                <dd className={styles.value}>
                  {check?.employmentEndedOn
                    ? formatDate(check.employmentEndedOn)
                    : 'Not recorded: use Change once the employment ends'}
                </dd>
              </div>
            )}
            <div>
              <dt className={styles.label}>Retention</dt>
              <dd className={styles.value}>{retentionText(check, shownStage)}</dd>
            </div>
          </dl>
          {readOnly && check?.evidence && (
            <RightToWorkEvidenceView
              applicationId={applicationId}
              applicantName={applicantName}
              evidence={check.evidence}
            />
          )}
          {readOnly ? (
            <div className={styles.actions}>
              <Button
                ref={changeButton}
                icon={<EditRegular />}
                onClick={() => setChanging(true)}
                aria-describedby={`${id}-title`}
              >
                Change
              </Button>
            </div>
          ) : (
            <>
              <RightToWorkCheckForm
                key={check?.updatedAt ?? 'new'}
                applicationId={applicationId}
                check={check}
                stage={shownStage}
                onSaved={() => setChanging(false)}
                onCancel={check?.complete ? () => setChanging(false) : undefined}
              />
              {check && (
                <RightToWorkEvidenceForm
                  applicationId={applicationId}
                  check={check}
                  onStored={() => setChanging(false)}
                />
              )}
              {check?.evidence && (
                <RightToWorkEvidenceView
                  applicationId={applicationId}
                  applicantName={applicantName}
                  evidence={check.evidence}
                />
              )}
            </>
          )}
        </>
      )}
      <p className={styles.hint}>Only administrators see this check and its evidence.</p>
      {shownStage === 'offer' && (
        <p className={styles.hint}>Check the right to work before the employment starts.</p>
      )}
    </section>
  );
}
