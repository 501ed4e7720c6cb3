import { useEffect, useRef } from 'react';
import { usePlatform } from '../platform/platform';
import { useOverdueAnswer } from '../entities/use-overdue';

/**
 * The console's notice of overdue applications: one native notification for each batch that
 * passes its stage's time limit while the console is open (one poll's worth), none for those
 * already overdue when it opened. Names no applicant. Does nothing where the Platform has no
 * notifications (the web, where the list and the pipeline mark them).
 */
export function OverdueNotifier() {
  const platform = usePlatform();
  const answer = useOverdueAnswer();
  // The ids already overdue; null until the first answer, which is what was already there.
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!answer || !platform.notifyOverdueApplications) return;
    const before = seen.current;
    const now = new Set(answer.applications.map((application) => application.applicationId));
    seen.current = now;
    if (!before) return;
    const fresh = [...now].filter((id) => !before.has(id)).length;
    if (fresh > 0) {
      platform
        .notifyOverdueApplications(fresh)
        .catch((error: unknown) => console.error('notification', error));
    }
  }, [answer, platform]);
  return null;
}
