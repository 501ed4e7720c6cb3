import type { Job } from '../../shared/jobs/job-contract';
import { closingDateEnd } from '../../shared/jobs/closing-date';
import { screens } from '../../shared/site/screen-routes';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import { SITE_LOGO } from '../../shared/site/site-icons';
import { escapeHtml } from './safe-json';
import { parseSalary } from '../../shared/jobs/salary-text';

export const jobUrl = (publicUrl: string, job: Pick<Job, '_id'>) =>
  `${publicUrl}${screens.apply.path({ id: job._id })}`;

/** The employment type Google understands, when the hours text says it. */
export function employmentType(hours: string): string[] | undefined {
  const types = [
    [/full[\s-]?time/i, 'FULL_TIME'],
    [/part[\s-]?time/i, 'PART_TIME'],
    [/contract/i, 'CONTRACTOR'],
    [/temporary|\btemp\b|fixed[\s-]?term/i, 'TEMPORARY'],
    [/intern(ship)?/i, 'INTERN'],
  ] as const;
  const found = types.filter(([pattern]) => pattern.test(hours)).map(([, type]) => type);
  return found.length > 0 ? found : undefined;
}

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

/** The job's address: the head office when the job is there, else the town as written. */
function jobLocation(job: Job) {
  const { address } = siteConfig;
  const atHeadOffice = job.location.toLowerCase().includes(address.locality.toLowerCase());
  return {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      ...(atHeadOffice
        ? {
            streetAddress: address.street,
            addressLocality: address.locality,
            addressRegion: address.region,
            postalCode: address.postalCode,
          }
        : { addressLocality: job.location }),
      addressCountry: address.countryCode,
    },
  };
}

/** schema.org JobPosting (Google for Jobs), from the job and the site's company details. */
export function jobPosting(job: Job, publicUrl: string): Record<string, unknown> {
  const salary = parseSalary(job.ctc);
  const types = employmentType(job.hours);
  const { minValue, maxValue, value, unitText } = salary ?? {};
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.jobTitle,
    description: jobDescriptionHtml(job),
    identifier: { '@type': 'PropertyValue', name: siteConfig.legalName, value: job._id },
    datePosted: job.createdAt.slice(0, 10),
    ...(job.closingDate ? { validThrough: closingDateEnd(job.closingDate) } : {}),
    ...(types ? { employmentType: types.length === 1 ? types[0] : types } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: siteConfig.legalName,
      sameAs: siteConfig.mainSite.home,
      // Square, at least 112 px and on the site itself, as Google asks of the logo it shows with a job.
      logo: `${publicUrl}${SITE_LOGO.path}`,
      address: formatAddress(),
    },
    jobLocation: jobLocation(job),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'GBP',
            value: {
              '@type': 'QuantitativeValue',
              ...(value !== undefined ? { value } : { minValue, maxValue }),
              unitText,
            },
          },
        }
      : {}),
    experienceRequirements: job.experience,
    directApply: true,
    url: jobUrl(publicUrl, job),
  };
}
