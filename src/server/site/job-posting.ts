import type { JobPosting, Place } from 'schema-dts';
import type { Job } from '../../shared/jobs/job-contract';
import { EMPLOYMENT_TYPES, PAY_PERIODS, type JobFacts } from '../../shared/jobs/job-facts';
import { publishedFacts } from '../../shared/jobs/published-facts';
import { closingDateEnd } from '../../shared/jobs/closing-date';
import { screens } from '../../shared/site/screen-routes';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import { SITE_LOGO } from '../../shared/site/site-icons';
import { escapeHtml } from './safe-json';

export const jobUrl = (publicUrl: string, job: Pick<Job, '_id'>) =>
  `${publicUrl}${screens.apply.path({ id: job._id })}`;

/** The job's text as the HTML Google shows: description, then the two lists. */
export function jobDescriptionHtml(job: Job): string {
  const list = (heading: string, items: string[]) =>
    items.length > 0
      ? `<p><strong>${heading}</strong></p><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      : '';
  const paragraphs = job.description
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return paragraphs + list('Responsibilities', job.responsibilities) + list('Requirements', job.requirements);
}

/** A plain-text summary for meta descriptions and feeds (about 160 characters). */
export function jobSummary(job: Job, length = 160): string {
  const text = `${job.jobTitle} in ${job.location}. ${job.description}`.replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  // Cut at the last word's start; the text has single spaces only by now.
  const cut = text.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace === -1 ? cut : cut.slice(0, lastSpace)}…`;
}

/** True when the town is the head office's, whose full address is then given. */
export const atHeadOffice = (town: string) =>
  town.toLowerCase().includes(siteConfig.address.locality.toLowerCase());

/** A town as a schema.org Place: the head office's full address, else the town as written. */
function townPlace(town: string): Place {
  const { address } = siteConfig;
  return {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      ...(atHeadOffice(town)
        ? {
            streetAddress: address.street,
            addressLocality: address.locality,
            addressRegion: address.region,
            postalCode: address.postalCode,
          }
        : { addressLocality: town }),
      addressCountry: address.countryCode,
    },
  };
}

/** Google's codes for the job's employment types, each once ("apprenticeship" is OTHER). */
const googleEmploymentTypes = (facts: Pick<JobFacts, 'employmentTypes'>) => [
  ...new Set(
    facts.employmentTypes.map((code) => EMPLOYMENT_TYPES.find((type) => type.code === code)!.google),
  ),
];

/**
 * Where the work is, as Google reads it: every town as a `jobLocation`; a remote job is
 * `TELECOMMUTE` with the country its applicants must live in (and its towns, if it names any). A
 * job whose place is unknown keeps its location text as the town, as before the facts.
 */
function placeProperties(job: Job, facts: JobFacts) {
  const towns = facts.workplaceType ? facts.locations : [job.location];
  const places = towns.map(townPlace);
  return {
    ...(places.length === 1 ? { jobLocation: places[0]! } : places.length > 1 ? { jobLocation: places } : {}),
    ...(facts.workplaceType === 'remote'
      ? {
          jobLocationType: 'TELECOMMUTE',
          ...(facts.remoteCountry
            ? { applicantLocationRequirements: { '@type': 'Country' as const, name: facts.remoteCountry } }
            : {}),
        }
      : {}),
  };
}

/**
 * schema.org JobPosting (Google for Jobs), from the job's facts and the site's company details:
 * every property Google requires and recommends that the job has (docs/behaviour.md#search-engines-and-feeds).
 */
export function jobPosting(job: Job, publicUrl: string): Record<string, unknown> {
  return { '@context': 'https://schema.org/', ...jobPostingProperties(job, publicUrl) };
}

/** Typed against schema.org's vocabulary (schema-dts), so a property of the wrong name or kind fails the type check. */
function jobPostingProperties(job: Job, publicUrl: string): Exclude<JobPosting, string> {
  const facts = publishedFacts(job);
  const types = googleEmploymentTypes(facts);
  const { pay } = facts;
  return {
    '@type': 'JobPosting',
    title: job.jobTitle,
    description: jobDescriptionHtml(job),
    identifier: { '@type': 'PropertyValue', name: siteConfig.legalName, value: job._id },
    datePosted: job.createdAt.slice(0, 10),
    ...(job.closingDate ? { validThrough: closingDateEnd(job.closingDate) } : {}),
    ...(types.length > 0 ? { employmentType: types.length === 1 ? types[0]! : types } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: siteConfig.legalName,
      sameAs: siteConfig.mainSite.home,
      // Square, at least 112 px and on the site itself, as Google asks of the logo it shows with a job.
      logo: `${publicUrl}${SITE_LOGO.path}`,
      address: formatAddress(),
    },
    ...placeProperties(job, facts),
    ...(pay
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: pay.currency,
            value: {
              '@type': 'QuantitativeValue',
              minValue: pay.min,
              maxValue: pay.max,
              unitText: PAY_PERIODS.find((period) => period.code === pay.period)!.google,
            },
          },
        }
      : {}),
    experienceRequirements: job.experience,
    directApply: true,
    url: jobUrl(publicUrl, job),
  };
}
