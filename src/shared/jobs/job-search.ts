import type { Job } from './job-contract';
import {
  EMPLOYMENT_TYPE_CODES,
  EMPLOYMENT_TYPES,
  formatPounds,
  WORKPLACE_TYPE_CODES,
  WORKPLACE_TYPES,
  type EmploymentType,
  type PayRange,
  type WorkplaceType,
} from './job-facts';

/**
 * Search and filters on the careers home (docs/behaviour.md#job-search). They live in the page's
 * address as plain GET parameters, so the server's prerender and the browser draw the same list
 * from the same open jobs, and a search can be shared, bookmarked and found again with Back.
 */

/** The parameters, in the order the form sends them. */
export const SEARCH_PARAMS = ['q', 'department', 'location', 'workplace', 'type', 'pay'] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

export interface JobSearch {
  /** Words that must all appear in the title, description or requirements. */
  q: string;
  /** A department's slug. */
  department: string;
  /** A town, as the jobs name it (compared without regard to case). */
  location: string;
  workplace: WorkplaceType | '';
  type: EmploymentType | '';
  /** Pounds a year; 0 for any pay. */
  pay: number;
}

export const EMPTY_SEARCH: JobSearch = {
  q: '',
  department: '',
  location: '',
  workplace: '',
  type: '',
  pay: 0,
};

export const MAX_SEARCH_TEXT = 100;

/** The minimum pay a visitor may ask for, in pounds a year. */
export const PAY_FLOORS = [20_000, 25_000, 30_000, 40_000, 50_000, 60_000, 80_000] as const;

/**
 * How a day's or an hour's pay compares with a yearly figure: a full-time UK year of 260 working
 * days of 7.5 hours (37.5 hours a week).
 */
export const WORKING_DAYS_A_YEAR = 260;
export const WORKING_HOURS_A_YEAR = 1_950;

/** The most a job pays in a year, for the minimum-pay filter. */
export function yearlyPay(pay: PayRange): number {
  const factor = { year: 1, day: WORKING_DAYS_A_YEAR, hour: WORKING_HOURS_A_YEAR }[pay.period];
  return pay.max * factor;
}

const oneLine = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_TEXT);

/**
 * Reads a search from an address's query. Anything it cannot use (an unknown workplace, a pay
 * figure that is not a floor of the list) counts as not set, as a hand-edited link should still
 * open the careers page rather than an error.
 */
export function readJobSearch(query: URLSearchParams): JobSearch {
  const workplace = query.get('workplace') ?? '';
  const type = query.get('type') ?? '';
  const pay = Number(query.get('pay') ?? '');
  return {
    q: oneLine(query.get('q')),
    department: oneLine(query.get('department')).toLowerCase(),
    location: oneLine(query.get('location')),
    workplace: (WORKPLACE_TYPE_CODES as readonly string[]).includes(workplace)
      ? (workplace as WorkplaceType)
      : '',
    type: (EMPLOYMENT_TYPE_CODES as readonly string[]).includes(type) ? (type as EmploymentType) : '',
    pay: (PAY_FLOORS as readonly number[]).includes(pay) ? pay : 0,
  };
}

const isSet = (search: JobSearch, param: SearchParam) =>
  param === 'pay' ? search.pay > 0 : search[param] !== '';

/** The filters set, in the order of `order` (an address's own order), then the form's order. */
export function setParams(search: JobSearch, order: readonly string[] = []): SearchParam[] {
  const known = [...order, ...SEARCH_PARAMS].filter((name): name is SearchParam =>
    (SEARCH_PARAMS as readonly string[]).includes(name),
  );
  return [...new Set(known)].filter((param) => isSet(search, param));
}

/** The query of a search: only what is set, in `order` (see setParams). "" for no search. */
export function searchQuery(search: JobSearch, order: readonly string[] = []): string {
  const query = new URLSearchParams();
  for (const param of setParams(search, order)) query.set(param, String(search[param]));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The same search without one filter. */
export const without = (search: JobSearch, param: SearchParam): JobSearch => ({
  ...search,
  [param]: EMPTY_SEARCH[param],
});

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// Each job's searchable text, folded once: a job object is never changed once read.
const haystacks = new WeakMap<Job, string>();
const haystackOf = (job: Job) => {
  let text = haystacks.get(job);
  if (text === undefined) {
    text = fold([job.jobTitle, job.description, ...job.requirements].join('\n'));
    haystacks.set(job, text);
  }
  return text;
};

function matchesText(job: Job, q: string): boolean {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = haystackOf(job);
  return words.every((word) => text.includes(word));
}

/** Whether a job passes one filter of the search. */
function passes(job: Job, search: JobSearch, param: SearchParam): boolean {
  switch (param) {
    case 'q':
      return matchesText(job, search.q);
    case 'department':
      return !search.department || job.department?.slug === search.department;
    case 'location': {
      const town = search.location.toLowerCase();
      return !town || job.locations.some((name) => name.toLowerCase() === town);
    }
    case 'workplace':
      return !search.workplace || job.workplaceType === search.workplace;
    case 'type':
      return !search.type || job.employmentTypes.includes(search.type);
    case 'pay':
      return !search.pay || (job.pay !== null && yearlyPay(job.pay) >= search.pay);
  }
}

const passesAll = (job: Job, search: JobSearch, except?: SearchParam) =>
  SEARCH_PARAMS.every((param) => param === except || passes(job, search, param));

/** The jobs that pass every filter of the search, in the order given. */
export const searchJobs = (jobs: readonly Job[], search: JobSearch): Job[] =>
  jobs.filter((job) => passesAll(job, search));

export interface FilterOption {
  value: string;
  label: string;
  /** The jobs this option would show, with the search's other filters kept. */
  count: number;
}

export interface FilterOptions {
  department: FilterOption[];
  location: FilterOption[];
  workplace: FilterOption[];
  type: FilterOption[];
  pay: FilterOption[];
}

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, 'en-GB');

/**
 * Every option of every filter with its count, drawn from the open jobs: a department or town
 * appears while an open job names it. The option chosen now is always listed (with 0 if no job
 * has it any more), so the form shows what the address asks for.
 */
export function filterOptions(jobs: readonly Job[], search: JobSearch): FilterOptions {
  const pool = (param: SearchParam) => jobs.filter((job) => passesAll(job, search, param));
  const counted = <T>(list: readonly Job[], keys: (job: Job) => readonly T[]) => {
    const counts = new Map<T, number>();
    for (const job of list) for (const key of new Set(keys(job))) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };

  const departments = new Map<string, string>();
  const towns = new Map<string, string>();
  for (const job of jobs) {
    if (job.department) departments.set(job.department.slug, job.department.name);
    for (const town of job.locations) if (!towns.has(town.toLowerCase())) towns.set(town.toLowerCase(), town);
  }
  if (search.department && !departments.has(search.department))
    departments.set(search.department, search.department);
  if (search.location && !towns.has(search.location.toLowerCase()))
    towns.set(search.location.toLowerCase(), search.location);

  const departmentCounts = counted(pool('department'), (job) =>
    job.department ? [job.department.slug] : [],
  );
  const townCounts = counted(pool('location'), (job) => job.locations.map((town) => town.toLowerCase()));
  const workplaceCounts = counted(pool('workplace'), (job) => (job.workplaceType ? [job.workplaceType] : []));
  const typeCounts = counted(pool('type'), (job) => job.employmentTypes);
  const payPool = pool('pay').map((job) => (job.pay ? yearlyPay(job.pay) : -1));

  return {
    department: [...departments]
      .map(([slug, name]) => ({ value: slug, label: name, count: departmentCounts.get(slug) ?? 0 }))
      .sort(byLabel),
    location: [...towns]
      .map(([key, town]) => ({ value: town, label: town, count: townCounts.get(key) ?? 0 }))
      .sort(byLabel),
    workplace: WORKPLACE_TYPES.map(({ code, words }) => ({
      value: code,
      label: words,
      count: workplaceCounts.get(code) ?? 0,
    })),
    type: EMPLOYMENT_TYPES.map(({ code, words }) => ({
      value: code,
      label: words,
      count: typeCounts.get(code) ?? 0,
    })),
    pay: PAY_FLOORS.map((floor) => ({
      value: String(floor),
      label: `${formatPounds(floor)} a year or more`,
      count: payPool.filter((most) => most >= floor).length,
    })),
  };
}

/** How a set filter reads in the offer to clear it: "Remote", "Claims", "“claims handler”". */
export function filterWords(search: JobSearch, param: SearchParam, options: FilterOptions): string {
  if (param === 'q') return `“${search.q}”`;
  const value = param === 'pay' ? String(search.pay) : search[param];
  const option = options[param].find((entry) => entry.value.toLowerCase() === String(value).toLowerCase());
  return option?.label ?? String(value);
}

/** "3 roles available", or with a search "1 role matches your search". */
export function resultWords(count: number, searching: boolean): string {
  const roles = count === 1 ? '1 role' : `${count} roles`;
  if (!searching) return `${roles} available`;
  return `${roles} ${count === 1 ? 'matches' : 'match'} your search`;
}
