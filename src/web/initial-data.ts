import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../shared/site/initial-data';
import type { AppStore } from '../renderer/store/store';
import { jobsApi } from '../renderer/features/jobs/jobs-api';

/** The data the server put in the page (none under the Vite dev server, which serves plain HTML). */
export function readInitialData(): InitialData | null {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return null;
  }
}

/**
 * Puts the page's jobs in the API cache, so the first render shows them without asking again.
 * Synchronous (upsertQueryEntries, not the thunk upsertQueryData): the server's prerender and the
 * browser's hydration must both render from a cache that is already filled.
 */
export function primeStore(store: AppStore, data: InitialData): void {
  const entries = [
    ...(data.jobs ? [{ endpointName: 'getJobs' as const, arg: undefined, value: data.jobs }] : []),
    ...(data.job ? [{ endpointName: 'getJob' as const, arg: data.job._id, value: data.job }] : []),
  ];
  if (entries.length > 0) store.dispatch(jobsApi.util.upsertQueryEntries(entries));
}
