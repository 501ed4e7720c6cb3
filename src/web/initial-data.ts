import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../shared/site/initial-data';
import type { AppStore } from '../renderer/app/store';
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

/** Puts the page's jobs in the API cache, so the first render shows them without asking again. */
export function primeStore(store: AppStore, data: InitialData): void {
  if (data.jobs) void store.dispatch(jobsApi.util.upsertQueryData('getJobs', undefined, data.jobs));
  if (data.job) void store.dispatch(jobsApi.util.upsertQueryData('getJob', data.job._id, data.job));
}
