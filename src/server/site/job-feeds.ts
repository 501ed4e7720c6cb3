import type { Job } from '../../shared/jobs/job-contract';
import { isClosed } from '../../shared/jobs/closing-date';
import { printableText } from '../../shared/format/printable-text';
import { formatPay, type EmploymentType, type PayPeriod, type PayRange } from '../../shared/jobs/job-facts';
import { siteConfig } from '../../shared/site/site-config';
import {
  firstReferenceNumbers,
  placeKey,
  type ListedPlaces,
  type ReferenceNumbers,
} from '../jobs/job-reference-numbers';
import { publishedFacts } from '../../shared/jobs/published-facts';
import { atHeadOffice, jobDescriptionHtml, jobUrl } from './job-posting';
import { escapeHtml } from './safe-json';
import { ukCounty } from './uk-counties';

/**
 * The job boards that take the open jobs as an XML feed, each at `/feeds/<board>.xml`, and the
 * marker each job's address carries so an application can later be counted per board
 * (docs/behaviour.md#job-board-feeds). Each feed follows its board's own guide, named in
 * docs/operations.md#job-board-feeds.
 */
export const JOB_BOARDS = ['indeed', 'adzuna'] as const;
export type JobBoard = (typeof JOB_BOARDS)[number];

export const feedPath = (board: JobBoard) => `/feeds/${board}.xml`;

/** The job's page as a board links to it: `?src=<board>` says where the visitor came from. */
export const boardJobUrl = (publicUrl: string, job: Pick<Job, '_id'>, board: JobBoard) =>
  `${jobUrl(publicUrl, job)}?src=${board}`;

type Facts = ReturnType<typeof publishedFacts>;

/**
 * A job as a board lists it in one place: each of its towns, or no town for a job that names
 * none (a remote job for the whole country). A board finds and shows a job by one place, so a job
 * in two towns is two listings, each with its own reference number.
 */
interface Listing {
  job: Job;
  facts: Facts;
  town: string | null;
  /** The town as its reference number is kept under (job-reference-numbers.ts). */
  place: string;
}

/**
 * Every listing of the jobs a board may list at `now`: every open job, less any past its closing
 * day in London, so a job leaves every feed at UK midnight even before the open-jobs list is next
 * read. A job whose facts were never set is listed by its location text.
 */
function listings(jobs: Job[], now: Date): Listing[] {
  return jobs
    .filter((job) => !isClosed(job.closingDate, now))
    .flatMap((job) => {
      const facts = publishedFacts(job);
      const towns = facts.workplaceType ? facts.locations : [job.location];
      const places = towns.length > 0 ? towns : [null];
      const seen = new Set<string>();
      return places.flatMap((town) => {
        const place = placeKey(town);
        if (seen.has(place)) return [];
        seen.add(place);
        return [{ job, facts, town, place }];
      });
    });
}

/** The places each job is listed in at `now`: what needs a reference number before a feed is drawn. */
export function listedPlaces(jobs: Job[], now: Date): ListedPlaces[] {
  const byJob = new Map<string, string[]>();
  for (const { job, place } of listings(jobs, now)) {
    const places = byJob.get(job._id);
    if (places) places.push(place);
    else byJob.set(job._id, [place]);
  }
  return [...byJob].map(([jobId, places]) => ({ jobId, places }));
}

/**
 * Text as CDATA: its own characters, no entities. `]]>` in the text would end the section, so it
 * is split across two (`]]` ends one, `>` starts the next); characters XML cannot carry at all are
 * left out (printableText).
 */
const cdata = (text: string): string =>
  `<![CDATA[${printableText(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** `<name>…</name>` with the text escaped or as CDATA; nothing when there is no text, as the boards ask of optional fields. */
const field =
  (write: (text: string) => string) =>
  (name: string, text: string | number | null | undefined, indent = '    '): string[] =>
    text === null || text === undefined || text === ''
      ? []
      : [`${indent}<${name}>${write(String(text))}</${name}>`];
const escaped = field(escapeHtml);
const wrapped = field(cdata);

// ---------------------------------------------------------------------------------------------
// Indeed

const INDEED_JOB_TYPES: Record<EmploymentType, string> = {
  'full-time': 'fulltime',
  'part-time': 'parttime',
  'fixed-term': 'temporary',
  contract: 'contract',
  apprenticeship: 'apprenticeship',
  internship: 'internship',
};

/**
 * Job text inside the HTML Indeed reads: its own characters, since Indeed reads no entities. Where
 * a `<` or `&` in the text would open a tag or an entity, a space after it keeps it text.
 */
const literalText = (text: string) =>
  printableText(text)
    .replace(/<(?=[!/?a-z])/gi, '< ')
    .replace(/&(?=#?\w+;)/g, '& ');

/** The job page's description (paragraphs, then the two lists) as Indeed reads it: HTML with no entities. */
function indeedDescription(job: Job): string {
  const list = (heading: string, items: string[]) =>
    items.length > 0
      ? `<p><strong>${heading}</strong></p><ul>${items.map((item) => `<li>${literalText(item)}</li>`).join('')}</ul>`
      : '';
  const paragraphs = job.description
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${literalText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return paragraphs + list('Responsibilities', job.responsibilities) + list('Requirements', job.requirements);
}

/**
 * Where Indeed lists a job, as its required city, state (for a UK town its county) and country:
 * the head office's full address in its town; another town with its county from the table of UK
 * towns (uk-counties.ts), or the country where the table has none. A job in no town (a remote
 * job for the whole country) is placed where it is based, at the head office, with no street.
 */
interface IndeedLocation {
  city: string;
  state: string;
  postalcode?: string;
  streetaddress?: string;
}

function indeedLocation({ town }: Listing): IndeedLocation {
  const { address } = siteConfig;
  const headOffice = { city: address.locality, state: address.region, postalcode: address.postalCode };
  if (town === null) return headOffice;
  if (atHeadOffice(town)) return { ...headOffice, streetaddress: address.street };
  return { city: town, state: ukCounty(town) ?? address.country };
}

function indeedJob(listing: Listing, publicUrl: string, references: ReferenceNumbers): string {
  const { job, facts } = listing;
  const location = indeedLocation(listing);
  return [
    '  <job>',
    ...wrapped('title', job.jobTitle),
    ...wrapped('date', job.createdAt),
    ...wrapped('referencenumber', references(job._id, listing.place)),
    ...wrapped('requisitionid', job._id),
    ...wrapped('url', boardJobUrl(publicUrl, job, 'indeed')),
    ...wrapped('company', siteConfig.legalName),
    ...wrapped('sourcename', siteConfig.brandName),
    ...wrapped('city', location.city),
    ...wrapped('state', location.state),
    ...wrapped('country', siteConfig.address.countryCode),
    ...wrapped('postalcode', location.postalcode),
    ...wrapped('streetaddress', location.streetaddress),
    ...wrapped('email', siteConfig.careersEmail),
    ...wrapped('description', indeedDescription(job)),
    ...wrapped('salary', facts.pay ? formatPay(facts.pay) : job.ctc),
    ...wrapped('jobtype', facts.employmentTypes.map((type) => INDEED_JOB_TYPES[type]).join(', ')),
    ...wrapped('experience', job.experience),
    ...wrapped('category', job.department?.name),
    ...wrapped('expirationdate', job.closingDate),
    ...wrapped(
      'remotetype',
      facts.workplaceType === 'remote'
        ? 'Fully remote'
        : facts.workplaceType === 'hybrid'
          ? 'Hybrid remote'
          : null,
    ),
    '  </job>',
  ].join('\n');
}

/**
 * Indeed's XML job feed: `<source>` with the publisher, then one `<job>` per job and place, every
 * text in CDATA as Indeed's guide asks. The places of one job share its id as `requisitionid`,
 * each with a `referencenumber` of its own that never changes (job-reference-numbers.ts).
 */
export function indeedFeed(
  jobs: Job[],
  publicUrl: string,
  now: Date = new Date(),
  references: ReferenceNumbers = firstReferenceNumbers(listedPlaces(jobs, now)),
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<source>',
    ...wrapped('publisher', siteConfig.legalName, '  '),
    ...wrapped('publisherurl', `${publicUrl}/`, '  '),
    ...wrapped('lastBuildDate', now.toUTCString(), '  '),
    ...listings(jobs, now).map((listing) => indeedJob(listing, publicUrl, references)),
    '</source>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Adzuna

/**
 * A pay figure as a year's: Adzuna compares and filters jobs by yearly pay and its feed has no
 * field for a period, so a day rate or an hourly rate is given for a full-time year (52 weeks of
 * five days of 7.5 hours); `<salary>` keeps the words with the job's own period.
 */
const A_YEAR: Record<PayPeriod, number> = { year: 1, day: 5 * 52, hour: 7.5 * 5 * 52 };
const yearly = (amount: number, period: PayPeriod) => Math.round(amount * A_YEAR[period]);

/** Where Adzuna lists a job: "Town, County", the town alone where the county is not known, or the country for a job in no town. */
function adzunaLocation({ town, facts }: Listing): string {
  const { address } = siteConfig;
  if (town === null)
    return facts.workplaceType === 'remote'
      ? (facts.remoteCountry ?? address.country)
      : `${address.locality}, ${address.region}`;
  if (atHeadOffice(town)) return `${address.locality}, ${address.region}`;
  const county = ukCounty(town);
  return county ? `${town}, ${county}` : town;
}

function adzunaContract(types: readonly EmploymentType[]) {
  return {
    type: types.some((type) => type === 'contract' || type === 'fixed-term')
      ? 'contract'
      : types.some((type) => type === 'full-time' || type === 'part-time')
        ? 'permanent'
        : null,
    time: types.includes('full-time') ? 'full_time' : types.includes('part-time') ? 'part_time' : null,
  };
}

function adzunaJob(listing: Listing, publicUrl: string, references: ReferenceNumbers): string {
  const { job, facts } = listing;
  const pay: PayRange | null = facts.pay;
  const contract = adzunaContract(facts.employmentTypes);
  return [
    '  <job>',
    ...escaped('id', references(job._id, listing.place)),
    ...escaped('title', job.jobTitle),
    ...wrapped('description', jobDescriptionHtml(job)),
    ...escaped('url', boardJobUrl(publicUrl, job, 'adzuna')),
    ...escaped('location', adzunaLocation(listing)),
    ...escaped('company', siteConfig.legalName),
    ...escaped('salary', pay ? formatPay(pay) : job.ctc),
    ...escaped('salary_min', pay && yearly(pay.min, pay.period)),
    ...escaped('salary_max', pay && yearly(pay.max, pay.period)),
    ...escaped('contract_type', contract.type),
    ...escaped('contract_time', contract.time),
    ...escaped('category', job.department?.name),
    ...escaped('date', job.createdAt.slice(0, 10)),
    '  </job>',
  ].join('\n');
}

/**
 * Adzuna's XML job feed: `<jobs>`, one `<job>` per job and place with the place as Adzuna reads
 * it ("Leeds, West Yorkshire"), its reference number as `id`, the description as HTML, pay in
 * words and as yearly figures, and Adzuna's contract codes.
 */
export function adzunaFeed(
  jobs: Job[],
  publicUrl: string,
  now: Date = new Date(),
  references: ReferenceNumbers = firstReferenceNumbers(listedPlaces(jobs, now)),
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<jobs>',
    ...listings(jobs, now).map((listing) => adzunaJob(listing, publicUrl, references)),
    '</jobs>',
    '',
  ].join('\n');
}

export const jobFeeds: Record<JobBoard, typeof indeedFeed> = { indeed: indeedFeed, adzuna: adzunaFeed };
