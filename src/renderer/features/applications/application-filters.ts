import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import {
  applicationStages,
  isStage,
  type ApplicationStage,
} from '../../../shared/applications/stage-contract';
import { appliedJob } from './application-fields';
import { screens } from '../../../shared/site/screen-routes';

export const LIST_PATH = screens.applications.path();

/**
 * What the Applications list shows, as its address says: `?q=` (the search box), `?job=` (a job's
 * key, see jobKey), `?stage=`, and `?question=` with `?answer=` (an answer to one of the jobs'
 * questions, which the server matches). Kept in the address so a filtered list can be bookmarked,
 * survives a reload, and the detail screen (whose links carry the same query) knows it.
 */
export interface ListFilter {
  q: string;
  job: string;
  stage: ApplicationStage | '';
  /** A question's id; the list is filtered once an answer is chosen as well. */
  question?: string;
  answer?: string;
}

export const NO_FILTER: ListFilter = { q: '', job: '', stage: '' };

export function readListFilter(search: string): ListFilter {
  const params = new URLSearchParams(search);
  const stage = params.get('stage') ?? '';
  const question = params.get('question') ?? '';
  const answer = params.get('answer') ?? '';
  return {
    q: params.get('q') ?? '',
    job: params.get('job') ?? '',
    stage: isStage(stage) ? stage : '',
    ...(question ? { question } : {}),
    ...(question && answer ? { answer } : {}),
  };
}

/** The answer the list is filtered by, when both its question and the answer are chosen. */
export const answerFilterOf = (filter: ListFilter): { question: string; answer: string } | undefined =>
  filter.question && filter.answer ? { question: filter.question, answer: filter.answer } : undefined;

/** How many of the newest applications the list asks for first: a screenful and some. */
export const FIRST_PAGE_ROWS = 50;

/**
 * What the list asks for first while every application is on its way: the newest screenful, with
 * the search (the server answers it as the list does). Undefined when a job, stage or answer
 * filter is chosen: those wait for every application (their counts need them all).
 */
export const firstPageArgs = (filter: ListFilter): { q?: string; limit: number } | undefined =>
  filter.job || filter.stage || filter.question
    ? undefined
    : { ...(filter.q.trim() ? { q: filter.q } : {}), limit: FIRST_PAGE_ROWS };

/** The query string of a filter ('' when nothing is filtered), in a fixed order. */
export function listFilterSearch(filter: ListFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.job) params.set('job', filter.job);
  if (filter.stage) params.set('stage', filter.stage);
  if (filter.question) params.set('question', filter.question);
  if (filter.question && filter.answer) params.set('answer', filter.answer);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const listPath = (filter: ListFilter): string => `${LIST_PATH}${listFilterSearch(filter)}`;
export const applicationPath = (id: string, filter: ListFilter = NO_FILTER): string =>
  `${screens.application.path({ id })}${listFilterSearch(filter)}`;

type Row = Pick<ApplicationSummary, '_id' | 'name' | 'email' | 'jobId' | 'jobTitle' | 'jobName' | 'stage'>;

/**
 * Which job an application belongs to: its post's id, or, once the post is deleted (the
 * application keeps only the title), the title it was sent for.
 */
export const jobKey = (row: Pick<Row, 'jobId' | 'jobTitle' | 'jobName'>): string =>
  row.jobId ?? `deleted:${appliedJob(row)}`;

/** A field separator no search box can type; it keeps one field's end from matching the next one's start. */
const SEPARATOR = '\u0000';

export interface IndexedApplication<T extends Row> {
  row: T;
  /** The four searched fields, lower-cased once per list rather than once per keystroke. */
  haystack: string;
  job: string;
}

/** Prepares a list for searching; memoise it on the list (a new list means a new index). */
export function indexApplications<T extends Row>(rows: readonly T[]): IndexedApplication<T>[] {
  return rows.map((row) => ({
    row,
    haystack: [row.name, row.email, row.jobTitle, row.jobName]
      .map((field) => (field ?? '').toLowerCase())
      .join(SEPARATOR),
    job: jobKey(row),
  }));
}

/**
 * The list's search (docs/behaviour.md#search): client-side, a case-insensitive substring of the
 * name, e-mail, job title or job name; a blank or whitespace-only query matches all.
 */
function searchMatcher(query: string): (entry: IndexedApplication<Row>) => boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return () => true;
  if (needle.includes(SEPARATOR))
    return ({ haystack }) => haystack.split(SEPARATOR).some((field) => field.includes(needle));
  return ({ haystack }) => haystack.includes(needle);
}

export interface JobOption {
  key: string;
  label: string;
  /** Applications of this job that the search and the stage filter let through. */
  count: number;
}

export interface ListView<T extends Row> {
  /** What the table shows: search, job and stage filters applied, in the list's order. */
  shown: T[];
  /** Per stage, for the search and the job filter (so choosing a stage shows what it would give). */
  stageCounts: Record<ApplicationStage, number>;
  /** Everything the search and the job filter let through, whatever the stage. */
  allStagesCount: number;
  /** Every job any application was sent for, by title, with counts for the search and stage filter. */
  jobs: JobOption[];
}

const zeroCounts = (): Record<ApplicationStage, number> =>
  Object.fromEntries(applicationStages.map((stage) => [stage, 0])) as Record<ApplicationStage, number>;

/**
 * One pass over the list: the rows shown and the counts beside the filters. `keep` names
 * applications shown even when their stage no longer matches: the review loop keeps the ones it
 * has visited (opening a New application makes it Reviewed) so Previous still finds them.
 */
export function viewApplications<T extends Row>(
  index: readonly IndexedApplication<T>[],
  filter: ListFilter,
  keep?: ReadonlySet<string>,
  /** The applications that gave the answer the filter names (the server matches answers). */
  answered?: ReadonlySet<string>,
): ListView<T> {
  const matches = searchMatcher(filter.q);
  const shown: T[] = [];
  const stageCounts = zeroCounts();
  let allStagesCount = 0;
  const jobs = new Map<string, JobOption>();
  for (const entry of index) {
    let job = jobs.get(entry.job);
    if (!job) {
      // The list is newest first, so a job is named by its latest application's title.
      job = { key: entry.job, label: appliedJob(entry.row) || 'Unknown job', count: 0 };
      jobs.set(entry.job, job);
    }
    if (!matches(entry) || (answered && !answered.has(entry.row._id))) continue;
    const jobMatches = !filter.job || entry.job === filter.job;
    const stageMatches = !filter.stage || entry.row.stage === filter.stage;
    if (stageMatches) job.count += 1;
    if (!jobMatches) continue;
    stageCounts[entry.row.stage] += 1;
    allStagesCount += 1;
    if (stageMatches || keep?.has(entry.row._id)) shown.push(entry.row);
  }
  const byLabel = [...jobs.values()].sort(
    (a, b) => a.label.localeCompare(b.label, 'en-GB') || a.key.localeCompare(b.key),
  );
  return { shown, stageCounts, allStagesCount, jobs: byLabel };
}

/** Where one application sits among those shown, and its neighbours for Previous and Next. */
export function neighboursOf<T extends Pick<Row, '_id'>>(
  shown: readonly T[],
  id: string,
): { position: number; total: number; previous?: T; next?: T } {
  const index = shown.findIndex((row) => row._id === id);
  if (index < 0) return { position: 0, total: shown.length };
  return { position: index + 1, total: shown.length, previous: shown[index - 1], next: shown[index + 1] };
}

export interface JobStageCounts {
  total: number;
  byStage: Record<ApplicationStage, number>;
}

/** Applications per job (by jobKey) and per stage, for the job table and the pipeline. */
export function stageCountsByJob(rows: readonly Row[]): Map<string, JobStageCounts> {
  const counts = new Map<string, JobStageCounts>();
  for (const row of rows) {
    const key = jobKey(row);
    let entry = counts.get(key);
    if (!entry) {
      entry = { total: 0, byStage: zeroCounts() };
      counts.set(key, entry);
    }
    entry.total += 1;
    entry.byStage[row.stage] += 1;
  }
  return counts;
}
