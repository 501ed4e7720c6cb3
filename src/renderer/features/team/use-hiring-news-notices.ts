import { useEffect } from 'react';
import type { TeamJob } from '../../../shared/team/team-contract';
import { usePlatform } from '../../platform/platform';
import { useFocusRefetch } from '../../store/use-focus-refetch';
import { useSession } from '../../store/use-session';
import { useGetTeamJobsQuery } from './team-api';

/** How often the console looks at a hiring manager's jobs again, for news while they are shown. */
export const HIRING_NEWS_POLLING_MS = 60_000;

/**
 * What this run of the app has seen of one account's jobs: the jobs it manages, and when each
 * one's latest interview was booked. News is what differs from it, so nothing is news on the
 * first look (the list itself shows that), and each piece of news is told once.
 */
let seen: { account: string; managed: Set<string>; lastBookedAt: Map<string, string | null> } | undefined;

/**
 * For a hiring manager's list of jobs: where the platform notifies (the desktop console), a job
 * newly given them and a job with a newly booked interview each raise one native notification,
 * naming the job only. While the list is shown the console looks again every minute, and whenever
 * its window regains focus, so the news comes without a reload.
 */
export function useHiringNewsNotices(jobs: readonly TeamJob[] | undefined): void {
  const platform = usePlatform();
  const { user } = useSession();
  const notify = platform.notifyHiringNews;
  useFocusRefetch();
  useGetTeamJobsQuery(undefined, {
    pollingInterval: HIRING_NEWS_POLLING_MS,
    refetchOnFocus: true,
    skip: !notify || !jobs,
  });

  useEffect(() => {
    if (!notify || !jobs || !user) return;
    const managed = jobs.filter((job) => job.managed);
    if (seen?.account !== user.email) {
      seen = {
        account: user.email,
        managed: new Set(managed.map((job) => job._id)),
        lastBookedAt: new Map(managed.map((job) => [job._id, job.lastBookedAt])),
      };
      return;
    }
    const told = (error: unknown) => console.error('the hiring notification could not be shown', error);
    for (const job of managed) {
      const before = seen.lastBookedAt.get(job._id) ?? null;
      if (!seen.managed.has(job._id)) {
        seen.managed.add(job._id);
        notify('job-given', job.jobTitle).catch(told);
      } else if (job.lastBookedAt !== null && (before === null || job.lastBookedAt > before)) {
        notify('interview-booked', job.jobTitle).catch(told);
      }
      seen.lastBookedAt.set(job._id, job.lastBookedAt);
    }
  }, [jobs, notify, user]);
}
