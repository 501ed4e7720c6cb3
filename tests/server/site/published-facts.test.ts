import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/shared/jobs/job-contract';
import { formatJobFacts, NO_FACTS } from '../../../src/shared/jobs/job-facts';
import {
  applicableSearch,
  EMPTY_SEARCH,
  filterOptions,
  searchJobs,
  vocabularyOf,
  type JobSearch,
} from '../../../src/shared/jobs/job-search';
import { publishedFacts } from '../../../src/shared/jobs/published-facts';
import { indeedFeed } from '../../../src/server/site/job-feeds';
import { jobPosting } from '../../../src/server/site/job-posting';

/**
 * One source of a job's facts (docs/behaviour.md#one-source-of-facts): what its card line, the
 * careers home's filters and counts, its JobPosting and the feeds read is one value, the stored
 * facts or else what the texts plainly say.
 */

const PUBLIC_URL = 'https://careers.example.co.uk';

const job = (id: number, fields: Partial<Job>): Job => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  jobTitle: `Job ${id}`,
  location: '',
  hours: '',
  ctc: '',
  experience: '1 year',
  description: 'Help customers.',
  responsibilities: [],
  requirements: [],
  publishTime: '01/02/2026',
  closingDate: null,
  closed: false,
  questions: [],
  questionSetId: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
  ...NO_FACTS,
  ...fields,
});

/** Texts only, as a job saved before pay was required may still be: no fact stored at all. */
const textOnly = job(1, {
  jobTitle: 'Claims Adviser',
  location: 'Hybrid - Leeds',
  hours: 'Full time, 37.5 hours',
  ctc: '£28k-£32k + bonus',
});
const remote = job(2, { jobTitle: 'Remote Adviser', location: 'Remote (UK)', hours: 'Part-time, 20 hours' });
const unclear = job(3, { location: 'Northampton or remote', hours: '40 hours, Mon-Fri', ctc: 'Competitive' });
const stored = job(4, {
  location: 'Remote (UK)',
  hours: 'Part time',
  ctc: '£90,000',
  locations: ['Northampton'],
  workplaceType: 'on-site',
  employmentTypes: ['full-time'],
  pay: { min: 30_000, max: 30_000, period: 'year', currency: 'GBP' },
});
const JOBS = [textOnly, remote, unclear, stored];

const titles = (search: Partial<JobSearch>) =>
  searchJobs(JOBS, { ...EMPTY_SEARCH, ...search }).map((found) => found.jobTitle);

describe("a job's published facts", () => {
  it('are the stored facts, else what the texts plainly say, and nothing is guessed', () => {
    expect(publishedFacts(textOnly)).toEqual({
      department: null,
      locations: ['Leeds'],
      workplaceType: 'hybrid',
      remoteCountry: null,
      employmentTypes: ['full-time'],
      pay: { min: 28_000, max: 32_000, period: 'year', currency: 'GBP' },
    });
    expect(publishedFacts(remote)).toMatchObject({
      workplaceType: 'remote',
      remoteCountry: 'UK',
      employmentTypes: ['part-time'],
    });
    expect(publishedFacts(unclear)).toEqual({ ...NO_FACTS });
    // What an administrator stored wins over its texts, fact by fact.
    expect(publishedFacts(stored)).toMatchObject({
      locations: ['Northampton'],
      workplaceType: 'on-site',
      employmentTypes: ['full-time'],
      pay: { min: 30_000, max: 30_000 },
    });
    expect(formatJobFacts(publishedFacts(textOnly))).toBe(
      'Hybrid · Leeds · Full-time · £28,000 – £32,000 a year',
    );
  });

  it('find a job by each filter its texts state, and count it in the options', () => {
    expect(titles({ workplace: 'hybrid' })).toEqual(['Claims Adviser']);
    expect(titles({ location: 'leeds' })).toEqual(['Claims Adviser']);
    expect(titles({ type: 'part-time' })).toEqual(['Remote Adviser']);
    expect(titles({ workplace: 'remote' })).toEqual(['Remote Adviser']);
    // £32,000 at most: over £30,000, under £40,000. The stored £30,000, not the text's £90,000.
    expect(titles({ pay: 30_000 })).toEqual(['Claims Adviser', 'Job 4']);
    expect(titles({ pay: 40_000 })).toEqual([]);

    const options = filterOptions(JOBS, EMPTY_SEARCH);
    expect(options.workplace.map((option) => `${option.label} (${option.count})`)).toEqual([
      'On-site (1)',
      'Hybrid (1)',
      'Remote (1)',
    ]);
    expect(options.type.map((option) => `${option.label} (${option.count})`)).toEqual([
      'Full-time (2)',
      'Part-time (1)',
    ]);
    expect(options.location.map((option) => option.value)).toEqual(['Leeds', 'Northampton']);
    expect(options.pay.find((option) => option.value === '30000')?.count).toBe(2);
    // None pays £40,000: not offered, unless chosen.
    expect(options.pay.some((option) => option.value === '40000')).toBe(false);
    expect(filterOptions(JOBS, { ...EMPTY_SEARCH, pay: 40_000 }).pay.at(-1)).toEqual({
      value: '40000',
      label: '£40,000 a year or more',
      count: 0,
    });
  });

  it('are what its JobPosting and the feeds say', () => {
    expect(jobPosting(textOnly, PUBLIC_URL)).toMatchObject({
      employmentType: 'FULL_TIME',
      jobLocation: { address: { addressLocality: 'Leeds' } },
      baseSalary: { value: { minValue: 28_000, maxValue: 32_000, unitText: 'YEAR' } },
    });
    expect(jobPosting(remote, PUBLIC_URL)).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      employmentType: 'PART_TIME',
      applicantLocationRequirements: { name: 'UK' },
    });
    expect(indeedFeed([remote], PUBLIC_URL)).toContain('<remotetype><![CDATA[Fully remote]]></remotetype>');
  });
});

describe('a search the open jobs can answer', () => {
  it('drops a department or town no open job names, and writes a town as the jobs do', () => {
    const vocabulary = vocabularyOf(JOBS);
    const asked = { ...EMPTY_SEARCH, department: 'call 0800 123 456 to apply', location: 'LEEDS' };
    expect(applicableSearch(asked, vocabulary)).toEqual({ ...EMPTY_SEARCH, location: 'Leeds' });
    expect(applicableSearch({ ...EMPTY_SEARCH, location: 'York' }, vocabulary)).toEqual(EMPTY_SEARCH);
  });
});
