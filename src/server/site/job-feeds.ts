import type { Job } from '../../shared/jobs/job-contract';
import { isClosed } from '../../shared/jobs/closing-date';
import { formatPay, formatPlace, type EmploymentType } from '../../shared/jobs/job-facts';
import { siteConfig } from '../../shared/site/site-config';
import { publishedFacts } from '../../shared/jobs/published-facts';
import { atHeadOffice, jobDescriptionHtml, jobUrl } from './job-posting';
import { escapeHtml } from './safe-json';

/**
 * The job boards that take the open jobs as an XML feed, each at `/feeds/<board>.xml`, and the
 * marker each job's address carries so an application can later be counted per board
 * (docs/behaviour.md#job-board-feeds).
 */
export const JOB_BOARDS = ['indeed', 'adzuna'] as const;
export type JobBoard = (typeof JOB_BOARDS)[number];

export const feedPath = (board: JobBoard) => `/feeds/${board}.xml`;

/** The job's page as a board links to it: `?src=<board>` says where the visitor came from. */
export const boardJobUrl = (publicUrl: string, job: Pick<Job, '_id'>, board: JobBoard) =>
  `${jobUrl(publicUrl, job)}?src=${board}`;

/** XML text: escaped, and without the characters XML 1.0 cannot carry at all (see escapeHtml). */
const xmlText = escapeHtml;

/** `<name>text</name>`, indented; nothing when there is no text, as the boards ask for optional fields. */
const element = (name: string, text: string | number | null | undefined, indent = '    ') =>
  text === null || text === undefined || text === ''
    ? []
    : [`${indent}<${name}>${xmlText(String(text))}</${name}>`];

/**
 * The jobs a board may list at `now`: every open job, less any past its closing day in London, so
 * a job leaves every feed at UK midnight even before the open-jobs list is next read.
 */
const listable = (jobs: Job[], now: Date) => jobs.filter((job) => !isClosed(job.closingDate, now));

const INDEED_JOB_TYPES: Record<EmploymentType, string> = {
  'full-time': 'fulltime',
  'part-time': 'parttime',
  'fixed-term': 'temporary',
  contract: 'contract',
  apprenticeship: 'apprenticeship',
  internship: 'internship',
};

/**
 * Indeed's XML job feed: `<source>` with the publisher, then one `<job>` per job and town (Indeed
 * lists a job once per place; the towns share the job's id as `requisitionid`, each with a
 * `referencenumber` of its own). A remote job with no town is listed once, with no city.
 */
export function indeedFeed(jobs: Job[], publicUrl: string, now: Date = new Date()): string {
  const { address } = siteConfig;
  const entries = listable(jobs, now).flatMap((job) => {
    const facts = publishedFacts(job);
    const towns = facts.workplaceType ? facts.locations : [job.location];
    const places = towns.length > 0 ? towns : [null];
    return places.map((town, index) => {
      const headOffice = town !== null && atHeadOffice(town);
      return [
        '  <job>',
        ...element('title', job.jobTitle),
        ...element('date', new Date(job.createdAt).toUTCString()),
        ...element('referencenumber', places.length === 1 ? job._id : `${job._id}-${index + 1}`),
        ...element('requisitionid', job._id),
        ...element('url', boardJobUrl(publicUrl, job, 'indeed')),
        ...element('company', siteConfig.legalName),
        ...element('sourcename', siteConfig.brandName),
        `    <city>${xmlText(headOffice ? address.locality : (town ?? ''))}</city>`,
        `    <state>${headOffice ? xmlText(address.region) : ''}</state>`,
        ...element('country', address.countryCode),
        ...(headOffice
          ? [...element('postalcode', address.postalCode), ...element('streetaddress', address.street)]
          : []),
        ...element('email', siteConfig.careersEmail),
        ...element('description', jobDescriptionHtml(job)),
        ...element('salary', facts.pay ? formatPay(facts.pay) : job.ctc),
        ...element('jobtype', facts.employmentTypes.map((type) => INDEED_JOB_TYPES[type]).join(', ')),
        ...element('experience', job.experience),
        ...element('category', job.department?.name),
        ...element('expirationdate', job.closingDate),
        ...element(
          'remotetype',
          facts.workplaceType === 'remote'
            ? 'Fully remote'
            : facts.workplaceType === 'hybrid'
              ? 'Hybrid remote'
              : null,
        ),
        '  </job>',
      ].join('\n');
    });
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<source>',
    ...element('publisher', siteConfig.legalName, '  '),
    ...element('publisherurl', `${publicUrl}/`, '  '),
    ...element('lastBuildDate', now.toUTCString(), '  '),
    ...entries,
    '</source>',
    '',
  ].join('\n');
}

/**
 * Adzuna's XML job feed: `<jobs>`, one `<job>` per job with its place in words ("Leeds,
 * Northampton", "Remote (UK)"), pay as text and as figures, and Adzuna's contract codes.
 */
export function adzunaFeed(jobs: Job[], publicUrl: string, now: Date = new Date()): string {
  const entries = listable(jobs, now).map((job) => {
    const facts = publishedFacts(job);
    const types = facts.employmentTypes;
    const contractType = types.some((type) => type === 'contract' || type === 'fixed-term')
      ? 'contract'
      : types.some((type) => type === 'full-time' || type === 'part-time')
        ? 'permanent'
        : null;
    const contractTime = types.includes('full-time')
      ? 'full_time'
      : types.includes('part-time')
        ? 'part_time'
        : null;
    return [
      '  <job>',
      ...element('id', job._id),
      ...element('title', job.jobTitle),
      ...element('description', jobDescriptionHtml(job)),
      ...element('url', boardJobUrl(publicUrl, job, 'adzuna')),
      ...element('location', (facts.workplaceType ? formatPlace(facts) : '') || job.location),
      ...element('company', siteConfig.legalName),
      ...element('salary', facts.pay ? formatPay(facts.pay) : job.ctc),
      ...element('salary_min', facts.pay?.min),
      ...element('salary_max', facts.pay?.max),
      ...element('contract_type', contractType),
      ...element('contract_time', contractTime),
      ...element('category', job.department?.name),
      ...element('date', job.createdAt.slice(0, 10)),
      '  </job>',
    ].join('\n');
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<jobs>', ...entries, '</jobs>', ''].join('\n');
}

export const jobFeeds: Record<JobBoard, typeof indeedFeed> = { indeed: indeedFeed, adzuna: adzunaFeed };
