import { useId } from 'react';
import {
  ratingLabels,
  recommendationLabels,
  type Scorecard,
} from '../../../shared/interviews/interview-contract';
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

/**
 * The Scorecards card: an interviewer's form until theirs is in (the others' held back by the
 * server meanwhile, and said so), then every scorecard the caller may see side by side, one
 * column each, with who still owes one.
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
  const { data: view, error } = useGetScorecardsQuery({ id: applicationId, source });
  const cards = view ? [...(view.own ? [view.own] : []), ...view.others] : [];

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
      {view && interviewer && !view.own && (
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
