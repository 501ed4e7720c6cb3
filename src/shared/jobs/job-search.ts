import type { Job } from './job-contract';
import {
  EMPLOYMENT_TYPE_CODES,
  EMPLOYMENT_TYPES,
  formatPounds,
  WORKPLACE_TYPE_CODES,
  WORKPLACE_TYPES,
  type EmploymentType,
  type JobFacts,
  type PayRange,
  type WorkplaceType,
} from './job-facts';
import { publishedFacts } from './published-facts';

/**
 * Search and filters on the careers home (docs/behaviour.md#job-search). They live in the page's
 * address as plain GET parameters, so the server's prerender and the browser draw the same list
 * from the same open jobs, and a search can be shared, bookmarked and found again with Back. Every
 * filter reads a job's published facts (published-facts.ts), the ones its card, its JobPosting and
 * the feeds say, so a job is found by whatever it is listed as.
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
  if (param === 'q') return matchesText(job, search.q);
  const facts = publishedFacts(job);
  switch (param) {
    case 'department':
      return !search.department || facts.department?.slug === search.department;
    case 'location': {
      const town = search.location.toLowerCase();
      return !town || facts.locations.some((name) => name.toLowerCase() === town);
    }
    case 'workplace':
      return !search.workplace || facts.workplaceType === search.workplace;
    case 'type':
      return !search.type || facts.employmentTypes.includes(search.type);
    case 'pay':
      return !search.pay || (facts.pay !== null && yearlyPay(facts.pay) >= search.pay);
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
 * The departments (slug to name) and towns (folded to as written) the open jobs name: what a
 * search may ask for. A value no open job names is no filter at all (see applicableSearch).
 */
export interface SearchVocabulary {
  departments: ReadonlyMap<string, string>;
  towns: ReadonlyMap<string, string>;
}

export function vocabularyOf(jobs: readonly Job[]): SearchVocabulary {
  const departments = new Map<string, string>();
  const towns = new Map<string, string>();
  for (const job of jobs) {
    const facts = publishedFacts(job);
    if (facts.department) departments.set(facts.department.slug, facts.department.name);
    for (const town of facts.locations)
      if (!towns.has(town.toLowerCase())) towns.set(town.toLowerCase(), town);
  }
  return { departments, towns };
}

/**
 * The same vocabulary read from a drawn page's options, for the app before it has the open jobs:
 * the server drew them from a search already made applicable, so every department or town the
 * search keeps is listed there (the chosen option always is).
 */
export function vocabularyOfOptions(options: FilterOptions): SearchVocabulary {
  return {
    departments: new Map(options.department.map((option) => [option.value, option.label])),
    towns: new Map(options.location.map((option) => [option.value.toLowerCase(), option.value])),
  };
}

/**
 * The search the open jobs can answer: a department or town that no open job names counts as not
 * set, like an unknown workplace, so whatever a link carries there is never shown back as if it
 * were a choice ("Call 0800 ... to apply" as the department). A town is written as the jobs write it.
 */
export function applicableSearch(search: JobSearch, vocabulary: SearchVocabulary): JobSearch {
  return {
    ...search,
    department: vocabulary.departments.has(search.department) ? search.department : '',
    location: vocabulary.towns.get(search.location.toLowerCase()) ?? '',
  };
}

/**
 * Every option of every filter with its count, drawn from the open jobs: a department or town
 * appears while an open job names it. An option no job would list with the other filters kept is
 * left out, unless it is the one chosen (shown with its 0), so the form shows what the address asks
 * for and offers nothing that would find nothing.
 */
export function filterOptions(jobs: readonly Job[], search: JobSearch): FilterOptions {
  const pool = (param: SearchParam) => jobs.filter((job) => passesAll(job, search, param));
  const counted = <T>(list: readonly Job[], keys: (facts: JobFacts) => readonly T[]) => {
    const counts = new Map<T, number>();
    for (const job of list)
      for (const key of new Set(keys(publishedFacts(job)))) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const offered = (param: SearchParam, list: FilterOption[]) =>
    list.filter(
      (option) =>
        option.count > 0 ||
        option.value.toLowerCase() === String(param === 'pay' ? search.pay : search[param]).toLowerCase(),
    );

  const { departments, towns } = vocabularyOf(jobs);
  const departmentCounts = counted(pool('department'), (facts) =>
    facts.department ? [facts.department.slug] : [],
  );
  const townCounts = counted(pool('location'), (facts) => facts.locations.map((town) => town.toLowerCase()));
  const workplaceCounts = counted(pool('workplace'), (facts) =>
    facts.workplaceType ? [facts.workplaceType] : [],
  );
  const typeCounts = counted(pool('type'), (facts) => facts.employmentTypes);
  const payPool = pool('pay').map((job) => {
    const { pay } = publishedFacts(job);
    return pay ? yearlyPay(pay) : -1;
  });

  return {
    department: offered(
      'department',
      [...departments]
        .map(([slug, name]) => ({ value: slug, label: name, count: departmentCounts.get(slug) ?? 0 }))
        .sort(byLabel),
    ),
    location: offered(
      'location',
      [...towns]
        .map(([key, town]) => ({ value: town, label: town, count: townCounts.get(key) ?? 0 }))
        .sort(byLabel),
    ),
    workplace: offered(
      'workplace',
      WORKPLACE_TYPES.map(({ code, words }) => ({
        value: code,
        label: words,
        count: workplaceCounts.get(code) ?? 0,
      })),
    ),
    type: offered(
      'type',
      EMPLOYMENT_TYPES.map(({ code, words }) => ({
        value: code,
        label: words,
        count: typeCounts.get(code) ?? 0,
      })),
    ),
    pay: offered(
      'pay',
      PAY_FLOORS.map((floor) => ({
        value: String(floor),
        label: `${formatPounds(floor)} a year or more`,
        count: payPool.filter((most) => most >= floor).length,
      })),
    ),
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
