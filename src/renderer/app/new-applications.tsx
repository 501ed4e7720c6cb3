import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicationCounts } from '../../shared/applications/stage-contract';
import { usePlatform } from '../platform/platform';
import { useSession } from '../store/use-session';
import { useFocusRefetch } from '../store/use-focus-refetch';
import { COUNTS_POLLING_MS, useGetApplicationCountsQuery } from '../entities/application-admin-api';
import { listPath } from '../features/applications/application-filters';
import { useStyles } from './new-applications.styles';

/**
 * The counts the admin screens poll (every COUNTS_POLLING_MS, and again when the window regains
 * focus), for signed-in administrators only: anyone else's call would be refused, which signs out.
 */
function usePolledCounts(): ApplicationCounts | undefined {
  const session = useSession();
  useFocusRefetch();
  const { data } = useGetApplicationCountsQuery(undefined, {
    pollingInterval: COUNTS_POLLING_MS,
    refetchOnFocus: true,
    skip: !session.user || !session.isAdmin,
  });
  return data;
}

/** The admin drawer's count of New applications, inside its Applications link. */
export function NewApplicationsBadge() {
  const styles = useStyles();
  const counts = usePolledCounts();
  const count = counts?.byStage.new ?? 0;
  if (count === 0) return null;
  return (
    <span className={styles.badge}>
      {/* Heard as "Applications, 3 new". */}
      <span className="visually-hidden">, </span>
      {count}
      <span className="visually-hidden"> new</span>
    </span>
  );
}

/** Where a click on the notification leads: the list filtered to New. */
export const NEW_APPLICATIONS_PATH = listPath({ q: '', job: '', stage: 'new' });

/**
 * The console's notice of new applications: one native notification for each batch that arrives
 * while it is open (one poll's worth, whatever its size), none for those that were already there
 * when it opened, and a click on it opens the New applications. Does nothing where the Platform
 * has no notifications (the web).
 */
export function NewApplicationsNotifier() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const counts = usePolledCounts();
  // The last answer seen; the first one is what was already there.
  const seen = useRef<Pick<ApplicationCounts, 'total' | 'latestCreatedAt'> | null>(null);

  useEffect(() => {
    if (!counts || !platform.notifyNewApplications) return;
    const before = seen.current;
    seen.current = { total: counts.total, latestCreatedAt: counts.latestCreatedAt };
    if (!before || !counts.latestCreatedAt) return;
    if (before.latestCreatedAt && counts.latestCreatedAt <= before.latestCreatedAt) return;
    // Deletions in the same interval can hide some arrivals from the total; there is at least one.
    const arrived = Math.max(1, counts.total - before.total);
    platform.notifyNewApplications(arrived).catch((error: unknown) => console.error('notification', error));
  }, [counts, platform]);

  useEffect(
    () => platform.onOpenNewApplications?.(() => void navigate(NEW_APPLICATIONS_PATH)),
    [navigate, platform],
  );
  return null;
}
