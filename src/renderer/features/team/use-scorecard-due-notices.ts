import { useEffect, useState } from 'react';
import type { TeamApplicationSummary } from '../../../shared/team/team-contract';
import { usePlatform } from '../../platform/platform';

/** Applications already notified in this run of the app: one notification each. */
const notified = new Set<string>();

/** A timer further off than this is not set: the list is fetched again long before. */
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

/** Whether an interviewer's listed application has an interview that has started (its scorecard due). */
export const scorecardDue = (application: TeamApplicationSummary, now: number): boolean =>
  application.interviewStartsAt !== undefined && Date.parse(application.interviewStartsAt) <= now;

/**
 * For an interviewer's list: once an interview has started, a scorecard is due. Where the
 * platform notifies (the desktop console), each such application raises one native notification,
 * when the list shows it or, while the list stays open, when its interview starts. Answers the
 * time the list was last checked against, so the list can say which scorecards are due.
 */
export function useScorecardDueNotices(applications: readonly TeamApplicationSummary[] | undefined): number {
  const platform = usePlatform();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!applications) return;
    const current = Date.now();
    const next = applications
      .map((application) => (application.interviewStartsAt ? Date.parse(application.interviewStartsAt) : NaN))
      .filter((start) => start > current && start - current <= LONGEST_WAIT_MS)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), next - current + 1000);
    return () => clearTimeout(timer);
  }, [applications, now]);

  useEffect(() => {
    const notify = platform.notifyScorecardDue;
    if (!notify || !applications) return;
    for (const application of applications) {
      if (!scorecardDue(application, Date.now()) || notified.has(application._id)) continue;
      notified.add(application._id);
      notify(application.jobTitle).catch((error: unknown) =>
        console.error('the scorecard notification could not be shown', error),
      );
    }
  }, [applications, platform, now]);

  return now;
}
