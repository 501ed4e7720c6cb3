import { useId } from 'react';
import { agreedAdjustmentLine } from '../../../shared/adjustments/adjustments-contract';
import { formatInterviewTime } from '../../../shared/interviews/london-time';
import type { TeamApplicationInterview } from '../../../shared/team/team-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { useStyles } from './interviewer-work.styles';

/** A web address in a place ("Video call: https://..."), to be followed from the card. */
const WEB_ADDRESS = /(https?:\/\/\S+)/;

/** The place as written, its web addresses (a video link) as links that open beside the app. */
function PlaceText({ place }: { place: string }) {
  return (
    <>
      {place.split(WEB_ADDRESS).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * The interview, first on an interviewer's application screen: when in UK words, how long, the
 * place or video link, who else interviews, and the adjustment the adjustments contact agreed for
 * it (their words only, never what the applicant asked: docs/security.md#adjustments).
 */
export function TeamInterviewCard({
  interview,
  agreedAdjustment,
}: {
  interview: TeamApplicationInterview | null;
  agreedAdjustment: string | null;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Your interview
      </h2>
      {interview ? (
        <dl className={styles.facts}>
          <dt className={styles.term}>When</dt>
          <dd className={styles.detail}>{formatInterviewTime(interview.startsAt)}</dd>
          <dt className={styles.term}>Length</dt>
          <dd className={styles.detail}>{`${interview.durationMinutes} minutes`}</dd>
          <dt className={styles.term}>Where</dt>
          <dd className={styles.detail}>
            <PlaceText place={interview.place} />
          </dd>
          <dt className={styles.term}>With</dt>
          <dd className={styles.detail}>
            {interview.otherInterviewers.length > 0
              ? interview.otherInterviewers.join(', ')
              : 'No other interviewer'}
          </dd>
          {agreedAdjustment && (
            <>
              <dt className={styles.term}>Adjustment</dt>
              <dd className={styles.detail}>{agreedAdjustmentLine(agreedAdjustment)}</dd>
            </>
          )}
        </dl>
      ) : (
        <>
          <p className={admin.emptyText}>No interview is booked yet.</p>
          {agreedAdjustment && <p className={styles.detail}>{agreedAdjustmentLine(agreedAdjustment)}</p>}
        </>
      )}
    </section>
  );
}
