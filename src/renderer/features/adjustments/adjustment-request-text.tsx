import type { AdjustmentsAnswer } from '../../../shared/adjustments/adjustments-contract';
import { useStyles } from './adjustments.styles';

/**
 * What an applicant asked for, in their words, for the adjustments contact's eyes only: on the
 * apply form, and when booking their interview.
 */
export function AdjustmentRequestText({
  request,
}: {
  request: Pick<AdjustmentsAnswer, 'adjustments' | 'interviewAdjustments' | 'disabilityConfident'>;
}) {
  const styles = useStyles();
  return (
    <>
      {request.adjustments && (
        <>
          <p className={styles.label}>Asked for when applying</p>
          <p className={styles.request}>{request.adjustments}</p>
        </>
      )}
      {request.interviewAdjustments && (
        <>
          <p className={styles.label}>Asked for when booking the interview</p>
          <p className={styles.request}>{request.interviewAdjustments}</p>
        </>
      )}
      {!request.adjustments && !request.interviewAdjustments && (
        <p className={styles.muted}>No adjustment asked for.</p>
      )}
      {request.disabilityConfident && (
        <p className={styles.muted}>Asked to be considered under the Disability Confident scheme.</p>
      )}
    </>
  );
}
