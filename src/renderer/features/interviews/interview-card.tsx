import { useId } from 'react';
import { Button } from '@fluentui/react-components';
import { agreedAdjustmentLine } from '../../../shared/adjustments/adjustments-contract';
import type { ApplicationStage } from '../../../shared/applications/stage-contract';
import { formatInterviewTime } from '../../../shared/interviews/london-time';
import type { TeamInterviewer } from '../../../shared/team/team-contract';
import { errorMessage } from '../../store/api-error';
import { useAdminStyles } from '../../layout/admin-page';
import { BookedInterviewActions } from './booked-interview-actions';
import { InterviewOfferForm } from './interview-offer-form';
import { useGetInterviewQuery, type InterviewSource } from './interviews-api';
import { useStyles } from './interviews.styles';

/** Stages from which an application is no longer interviewed (the server refuses an offer). */
const FINISHED: readonly ApplicationStage[] = ['hired', 'rejected', 'withdrawn'];

/**
 * The Interview card of an application screen, for administrators and the job's hiring manager:
 * the booked time, the times offered, the adjustment the adjustments contact agreed (never what
 * the applicant asked: docs/security.md#adjustments), moving or cancelling the booked time for the
 * applicant, and the offer form (opened here, or by choosing Interview as the stage).
 */
export function InterviewCard({
  applicationId,
  source,
  stage,
  interviewers,
  offering,
  onOfferingChange,
  onMoveWithoutTimes,
}: {
  applicationId: string;
  source: InterviewSource;
  stage: ApplicationStage;
  interviewers: readonly TeamInterviewer[];
  offering: boolean;
  onOfferingChange: (open: boolean) => void;
  /** See InterviewOfferForm. */
  onMoveWithoutTimes?: () => void;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data: interview, error } = useGetInterviewQuery({ id: applicationId, source });
  const offered = interview?.slots.filter((slot) => slot.offered) ?? [];
  const booked = interview?.slots.find((slot) => slot.booking === 'this');
  const freeSlots = interview?.slots.filter((slot) => !slot.offered && slot.booking === 'free') ?? [];
  const canOffer = !FINISHED.includes(stage);

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Interview
      </h2>
      {error ? (
        <p className={admin.emptyText} role="alert">
          {errorMessage(error, 'The interview times could not be loaded.')}
        </p>
      ) : booked ? (
        <>
          <p className={styles.note}>
            {`Booked: ${formatInterviewTime(booked.startsAt)} (UK time), ${booked.durationMinutes} minutes, ${booked.place}, with ${booked.interviewers.map((person) => person.name).join(', ')}.`}
          </p>
          {canOffer && !offering && (
            <BookedInterviewActions
              applicationId={applicationId}
              source={source}
              booked={booked}
              slots={interview?.slots ?? []}
              interviewers={interviewers}
            />
          )}
        </>
      ) : offered.length > 0 ? (
        <>
          <p className={styles.note}>Offered, not booked yet:</p>
          <ul className={styles.list}>
            {offered.map((slot) => (
              <li key={slot._id}>
                {`${formatInterviewTime(slot.startsAt)}, ${slot.place}${slot.booking === 'other' ? ' (booked by another applicant)' : ''}`}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.note}>No interview times offered yet.</p>
      )}
      {interview?.agreedAdjustment && (
        <p className={styles.note}>{agreedAdjustmentLine(interview.agreedAdjustment)}</p>
      )}
      {offering ? (
        <InterviewOfferForm
          applicationId={applicationId}
          source={source}
          interviewers={interviewers}
          freeSlots={freeSlots}
          onDone={() => onOfferingChange(false)}
          onCancel={() => onOfferingChange(false)}
          onMoveWithoutTimes={onMoveWithoutTimes}
        />
      ) : (
        canOffer && (
          <div>
            <Button onClick={() => onOfferingChange(true)}>Offer interview times</Button>
          </div>
        )
      )}
    </section>
  );
}
