import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listFilterSearch, readListFilter, type ListFilter } from './application-filters';

/** Marks the address changes the list makes itself, so they are not read back into the search box. */
const LIST_WRITE = { fromList: true } as const;

const fromList = (state: unknown) => typeof state === 'object' && state !== null && 'fromList' in state;

export interface ListAddress {
  /** What the search box shows: every key at once. */
  query: string;
  setQuery: (query: string) => void;
  /** What the table, the counts and the links follow: the address, with the search a moment behind the box. */
  filter: ListFilter;
  /** Changes the job, stage or answer filter, keeping the search box's text. */
  setFilter: (change: Omit<Partial<ListFilter>, 'q'>) => void;
}

/**
 * The applications list's filters, kept in the address (replaced, not pushed) so that reload, Back
 * and a shared link return to them. The search box answers every key at once; the table and the
 * address follow the typing a moment later, so typing stays smooth on long lists.
 *
 * The router shows a new address in a transition, so on a slow device the list can still show the
 * old one when the next change comes (a stage picked, then typing at once). Each write therefore
 * builds on the address last asked for, not the one on screen, and the list's own writes are never
 * read back into the search box: only Back, Forward or a link bring it another search.
 */
export function useListAddress(): ListAddress {
  const location = useLocation();
  const navigate = useNavigate();
  const address = readListFilter(location.search);

  const [query, setQuery] = useState(address.q);
  const deferredQuery = useDeferredValue(query);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (!fromList(location.state) && address.q !== query) setQuery(address.q);
  }

  // The address last asked for: the list's own write, or one that came from elsewhere.
  const asked = useRef(location.search);
  useEffect(() => {
    if (!fromList(location.state)) asked.current = location.search;
  }, [location]);
  const write = (next: ListFilter) => {
    const search = listFilterSearch(next);
    asked.current = search;
    void navigate({ search }, { replace: true, state: LIST_WRITE });
  };

  useEffect(() => {
    const current = readListFilter(asked.current);
    if (deferredQuery !== current.q) write({ ...current, q: deferredQuery });
    // Runs as the search settles or another address arrives; `write` reads only the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deferredQuery, location.key]);

  const filter: ListFilter = useMemo(
    () => ({
      q: deferredQuery,
      job: address.job,
      stage: address.stage,
      ...(address.question ? { question: address.question } : {}),
      ...(address.answer ? { answer: address.answer } : {}),
    }),
    [deferredQuery, address.job, address.stage, address.question, address.answer],
  );
  const setFilter = (change: Omit<Partial<ListFilter>, 'q'>) =>
    write({ ...readListFilter(asked.current), q: query, ...change });

  return { query, setQuery, filter, setFilter };
}
