/**
 * Google's rules for a JobPosting (Search Central, "Job posting structured data"), checked on the
 * JSON-LD as a page serves it, independently of the code that writes it. The server's builder is
 * typed against schema.org by schema-dts; this checks what types cannot: that each property Google
 * requires or recommends is there, and holds a value Google accepts.
 */
type Posting = Record<string, any>;

const GOOGLE_EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const UNIT_TEXTS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

const asList = (value: unknown): any[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const text = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/**
 * Every way the posting falls short of Google's required and recommended properties; `[]` when it
 * has them all. `expectsClosingDate`: the job has one, so `validThrough` is required of it.
 */
export function googleJobPostingProblems(
  posting: Posting,
  options: { expectsClosingDate: boolean },
): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };

  need(posting['@type'] === 'JobPosting', '@type is not JobPosting');
  need(/^https?:\/\/schema\.org\/?$/.test(posting['@context'] ?? ''), '@context is not schema.org');
  // Required.
  need(text(posting.title), 'title missing');
  need(text(posting.description), 'description missing');
  need(
    ISO_DATE.test(posting.datePosted ?? '') || ISO_DATE_TIME.test(posting.datePosted ?? ''),
    'datePosted not ISO 8601',
  );
  const organisation = posting.hiringOrganization ?? {};
  need(
    organisation['@type'] === 'Organization' && text(organisation.name),
    'hiringOrganization without a name',
  );
  need(text(organisation.sameAs), 'hiringOrganization.sameAs missing');
  need(/^https?:\/\//.test(organisation.logo ?? ''), 'hiringOrganization.logo not an absolute URL');

  const remote = posting.jobLocationType === 'TELECOMMUTE';
  const places = asList(posting.jobLocation);
  // A fully remote job may have no place, but then must say where its applicants may live.
  need(places.length > 0 || remote, 'jobLocation missing (and the job is not TELECOMMUTE)');
  for (const place of places) {
    need(place['@type'] === 'Place', 'a jobLocation is not a Place');
    const address = place.address ?? {};
    need(address['@type'] === 'PostalAddress', 'a jobLocation has no PostalAddress');
    need(text(address.addressLocality), 'a jobLocation has no addressLocality');
    need(/^[A-Z]{2}$/.test(address.addressCountry ?? ''), 'a jobLocation has no two-letter addressCountry');
  }
  if (posting.jobLocationType !== undefined) need(remote, 'jobLocationType is not TELECOMMUTE');
  if (remote) {
    const requirements = asList(posting.applicantLocationRequirements);
    need(requirements.length > 0, 'TELECOMMUTE without applicantLocationRequirements');
    for (const area of requirements)
      need(
        ['Country', 'State', 'AdministrativeArea'].includes(area['@type']) && text(area.name),
        'applicantLocationRequirements without a named area',
      );
  } else {
    need(
      posting.applicantLocationRequirements === undefined,
      'applicantLocationRequirements on a job that is not TELECOMMUTE',
    );
  }

  // Recommended.
  const salary = posting.baseSalary;
  need(salary?.['@type'] === 'MonetaryAmount', 'baseSalary missing');
  if (salary) {
    need(/^[A-Z]{3}$/.test(salary.currency ?? ''), 'baseSalary.currency not an ISO 4217 code');
    const value = salary.value ?? {};
    need(value['@type'] === 'QuantitativeValue', 'baseSalary.value not a QuantitativeValue');
    need(UNIT_TEXTS.includes(value.unitText), 'baseSalary unitText not HOUR, DAY, WEEK, MONTH or YEAR');
    const single = typeof value.value === 'number';
    const range = typeof value.minValue === 'number' && typeof value.maxValue === 'number';
    need(single || range, 'baseSalary has neither a value nor a minValue and maxValue');
    if (range) need(value.minValue <= value.maxValue, 'baseSalary minValue above maxValue');
  }
  const types = asList(posting.employmentType);
  need(types.length > 0, 'employmentType missing');
  for (const type of types)
    need(GOOGLE_EMPLOYMENT_TYPES.includes(type), `employmentType ${type} is not one of Google's`);
  need(
    posting.identifier?.['@type'] === 'PropertyValue' &&
      text(posting.identifier.name) &&
      text(posting.identifier.value),
    'identifier missing',
  );
  need(typeof posting.directApply === 'boolean', 'directApply missing');
  if (options.expectsClosingDate)
    need(ISO_DATE_TIME.test(posting.validThrough ?? ''), 'validThrough missing or not a date-time');
  if (posting.validThrough && posting.datePosted)
    need(
      posting.validThrough.slice(0, 10) >= posting.datePosted.slice(0, 10),
      'validThrough before datePosted',
    );
  return problems;
}
