import { useMemo, useState } from 'react';
import { useGetApplicationsQuery } from '../../entities/application-admin-api';
import { indexApplications, neighboursOf, viewApplications, type ListFilter } from './application-filters';
import { useAnswerFilter } from './answer-filter';

/**
 * Previous and Next within the list the admin came from (the query the links carry). The ones
 * visited stay in the sequence even when opening them changed their stage (New becomes Reviewed),
 * so Previous still finds them; a new filter starts a new sequence.
 */
export function useReviewSequence(id: string, filter: ListFilter, enabled: boolean) {
  const { data } = useGetApplicationsQuery(undefined, { skip: !enabled });
  const { answered } = useAnswerFilter(filter, enabled);
  const filterKey = [filter.q, filter.job, filter.stage, filter.question, filter.answer].join('\u0000');
  const [visited, setVisited] = useState(() => ({ filterKey, ids: new Set([id]) }));
  if (visited.filterKey !== filterKey) setVisited({ filterKey, ids: new Set([id]) });
  else if (!visited.ids.has(id)) setVisited({ filterKey, ids: new Set(visited.ids).add(id) });
  const index = useMemo(() => indexApplications(data ?? []), [data]);
  const shown = useMemo(
    () => viewApplications(index, filter, visited.ids, answered).shown,
    [index, answered, filter, visited.ids],
  );
  return { loaded: Boolean(data), ...neighboursOf(shown, id) };
}

export type ReviewSequence = ReturnType<typeof useReviewSequence>;
