import { useEffect, useId } from 'react';
import {
  ratingLabels,
  recommendationLabels,
  type Scorecard,
} from '../../../shared/interviews/interview-contract';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../store/api-error';
import { useAdminStyles } from '../../layout/admin-page';
import { ScorecardForm } from './scorecard-form';
import { useGetScorecardsQuery, type InterviewSource } from './interviews-api';
import { useStyles } from './interviews.styles';

const ratingText = (card: Scorecard, criterion: string) => {
  const rating = card.ratings.find((entry) => entry.criterion === criterion);
  if (!rating) return '';
  const label = ratingLabels[rating.rating as keyof typeof ratingLabels];
  return `${rating.rating}: ${label}${rating.note ? `. ${rating.note}` : ''}`;
};

/** A wait further off than this is not set: the screen is opened again long before. */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * While an interviewer's scorecard is closed, asks the server again just after the interview
 * starts, so the form appears on a screen left open; the server's clock decides.
 */
function useOpensAt(opensAt: string | null | undefined, refetch: () => unknown) {
  useEffect(() => {
    if (!opensAt) return;
    const wait = Date.parse(opensAt) - Date.now();
    if (wait > LONGEST_WAIT_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(wait, 0) + 1000);
    return () => clearTimeout(timer);
  }, [opensAt, refetch]);
}

/**
 * The Scorecards card: for an interviewer, when their scorecard opens (at the start of the
 * booked interview, as the server decides: docs/behaviour.md#interviews), then their form until
 * theirs is in (the others' held back by the server meanwhile, and said so), then every scorecard
 * the caller may see side by side, one column each, with who still owes one.
 */
export function ScorecardsCard({
  applicationId,
  source,
  interviewer,
}: {
  applicationId: string;
  source: InterviewSource;
  /** The caller interviews this application, so fills in a scorecard. */
  interviewer: boolean;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data: view, error, refetch } = useGetScorecardsQuery({ id: applicationId, source });
  const cards = view ? [...(view.own ? [view.own] : []), ...view.others] : [];
  // Absent for those who only read; an interviewer's is open from the interview's start.
  const closed = Boolean(interviewer && view && !view.own && view.scoring && !view.scoring.open);
  useOpensAt(closed ? view?.scoring?.opensAt : undefined, refetch);

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Scorecards
      </h2>
      {error && (
        <p className={admin.emptyText} role="alert">
          {errorMessage(error, 'The scorecards could not be loaded.')}
        </p>
      )}
      {closed && (
        <p className={styles.closed}>
          {view?.scoring?.opensAt
            ? messages.scorecardOpensAt(view.scoring.opensAt)
            : messages.scorecardNoInterview}
        </p>
      )}
      {view && interviewer && !view.own && !closed && (
        <ScorecardForm applicationId={applicationId} criteria={view.criteria} />
      )}
      {view?.othersHidden && (
        <p className={styles.note}>
          Other interviewers’ scorecards are hidden until yours is in, so that no score sways another.
        </p>
      )}
      {view && cards.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.note}>Scorecards side by side</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  Requirement
                </th>
                {cards.map((card) => (
                  <th key={card._id} scope="col" className={styles.cell}>
                    {card === view.own ? `${card.interviewerName} (you)` : card.interviewerName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.criteria.map((criterion) => (
                <tr key={criterion}>
                  <th scope="row" className={styles.cell}>
                    {criterion}
                  </th>
                  {cards.map((card) => (
                    <td key={card._id} className={styles.cell}>
                      {ratingText(card, criterion)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row" className={styles.cell}>
                  Recommendation
                </th>
                {cards.map((card) => (
                  <td key={card._id} className={styles.cell}>
                    {recommendationLabels[card.recommendation]}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {view && !interviewer && cards.length === 0 && <p className={styles.note}>No scorecard is in yet.</p>}
      {view && !view.othersHidden && view.owedBy.length > 0 && (
        <p
          className={styles.note}
        >{`Still owed by: ${view.owedBy.map((person) => person.name).join(', ')}.`}</p>
      )}
    </section>
  );
}
