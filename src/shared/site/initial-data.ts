import type { Job } from '../jobs/job-contract';
import type { FilterOptions } from '../jobs/job-search';

/** The id of the JSON script element the server puts in every page it serves. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/**
 * What the server's HTML already carries, so the first render needs no second round trip: the
 * open jobs on `/`, the job on `/apply/:id`, and settings the public screens show.
 */
export interface InitialData {
  retentionDays: number;
  jobs?: Job[];
  job?: Job;
  search?: DrawnSearch;
  /** A request the server refused, which the page says instead of its screen (a browser's 400). */
  refusal?: Refusal;
}

/**
 * What the server says in words instead of the address's screen: why it refused the request (its
 * status and message), or, with a title, what it answers a browser's plain form or an opened link
 * (a job alert's sign-up sent without the app: docs/behaviour.md#job-alerts).
 */
export interface Refusal {
  status: number;
  message: string;
  /** The page's heading, when it is not the refusal's "We couldn't open that page". */
  title?: string;
  /** One button that POSTs to `action`: a link mail scanners follow must do nothing by itself. */
  form?: { action: string; button: string };
  /** A link onwards, an address of the site: back to the job a plain application was refused for. */
  link?: { href: string; label: string };
}

/**
 * The careers home as the server drew it for one search: only the jobs it lists and its filters'
 * options with their counts, not every open job, so a new search is quick to draw and small to
 * send (docs/architecture.md#prerendered-pages). The app shows it until it has the open jobs.
 */
export interface DrawnSearch {
  /** The search as `searchQuery` writes it ("?department=claims"), what the address must say. */
  query: string;
  jobs: Job[];
  options: FilterOptions;
}
