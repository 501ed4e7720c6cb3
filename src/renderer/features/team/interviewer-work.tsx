import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format/date';
import { formatInterviewTime } from '../../../shared/interviews/london-time';
import { screens } from '../../../shared/site/screen-routes';
import type { TeamInterviewRow } from '../../../shared/team/team-contract';
import { errorMessage } from '../../store/api-error';
import { PageLoading } from '../../components/page-loading';
import { useAdminStyles } from '../../layout/admin-page';
import { StageLabel } from '../../entities/stage-label';
import { useGetTeamInterviewsQuery } from './team-api';
import { scorecardDue, useScorecardDueNotices } from './use-scorecard-due-notices';
import { useStyles } from './interviewer-work.styles';

const startOf = (row: TeamInterviewRow) =>
  row.interviewStartsAt ? Date.parse(row.interviewStartsAt) : Number.POSITIVE_INFINITY;

/** One application of the interviewer's: who, for which job, when its interview is, and when they scored it. */
function InterviewRow({ row, due }: { row: TeamInterviewRow; due: boolean }) {
  const styles = useStyles();
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link className={styles.link} to={screens.teamApplication.path({ id: row._id })}>
          {row.name}
        </Link>
        <p className={styles.meta}>{row.jobTitle}</p>
        <p className={styles.meta}>
          {row.interviewStartsAt
            ? `Interview: ${formatInterviewTime(row.interviewStartsAt)}`
            : 'No interview booked yet'}
        </p>
        {row.scoredAt && <p className={styles.meta}>{`Scored ${formatDateTime(row.scoredAt)}`}</p>}
      </div>
      <div className={styles.rowTags}>
        {due && <span className={styles.due}>Scorecard due</span>}
        <StageLabel stage={row.stage} />
      </div>
    </li>
  );
}

/** A card of the interviewer's home: its title, and its applications or a line saying there are none. */
function InterviewGroup({
  title,
  rows,
  empty,
  now,
}: {
  title: string;
  rows: TeamInterviewRow[];
  empty: string;
  now: number;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        {title}
      </h2>
      {rows.length > 0 ? (
        <ul className={styles.list} aria-labelledby={headingId}>
          {rows.map((row) => (
            <InterviewRow key={row._id} row={row} due={!row.scoredAt && scorecardDue(row, now)} />
          ))}
        </ul>
      ) : (
        <p className={admin.emptyText}>{empty}</p>
      )}
    </section>
  );
}

/**
 * An interviewer's applications in their open jobs (docs/behaviour.md#the-hiring-teams-screens):
 * "To interview", soonest interview first (those not booked yet last), each saying when its
 * scorecard is due (the console also notifies it); and "Scored", latest first, each with when.
 * `empty` is shown when nothing is assigned at all.
 */
export function InterviewerWork({ empty }: { empty: ReactNode }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { data, error, isLoading } = useGetTeamInterviewsQuery();
  const toInterview = useMemo(
    () => (data ?? []).filter((row) => !row.scoredAt).sort((a, b) => startOf(a) - startOf(b)),
    [data],
  );
  const scored = useMemo(
    () =>
      (data ?? [])
        .filter((row) => row.scoredAt)
        .sort((a, b) => Date.parse(b.scoredAt ?? '') - Date.parse(a.scoredAt ?? '')),
    [data],
  );
  // Only what is still to score is due, and notified.
  const now = useScorecardDueNotices(data && toInterview);

  if (isLoading) return <PageLoading label="Loading your interviews..." />;
  if (error) {
    return (
      <p role="alert" className={admin.card}>
        {errorMessage(error, 'Your interviews could not be loaded. Please try again.')}
      </p>
    );
  }
  if (!data || data.length === 0) return <>{empty}</>;
  return (
    <div className={styles.groups}>
      <InterviewGroup title="To interview" rows={toInterview} empty="Nothing left to interview." now={now} />
      <InterviewGroup
        title="Scored"
        rows={scored}
        empty="You have not submitted a scorecard yet."
        now={now}
      />
    </div>
  );
}
