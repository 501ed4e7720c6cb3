import { useMemo } from 'react';
import type { OverdueApplication, OverdueList } from '../../shared/response-times/response-times-contract';
import { useSession } from '../store/use-session';
import { COUNTS_POLLING_MS } from './application-admin-api';
import { useGetOverdueApplicationsQuery } from './response-times-api';

/**
 * The applications past their stage's time limit, for signed-in administrators (polled with the
 * counts, and fetched again after each stage change); undefined until the first answer, and for
 * anyone else.
 */
export function useOverdueAnswer(): OverdueList | undefined {
  const session = useSession();
  const { data } = useGetOverdueApplicationsQuery(undefined, {
    pollingInterval: COUNTS_POLLING_MS,
    skip: !session.user || !session.isAdmin,
  });
  return data;
}

/** The same, by application id: empty until answered. */
export function useOverdue(): ReadonlyMap<string, OverdueApplication> {
  const data = useOverdueAnswer();
  return useMemo(
    () => new Map((data?.applications ?? []).map((application) => [application.applicationId, application])),
    [data],
  );
}
