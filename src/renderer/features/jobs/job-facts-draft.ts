import {
  derivedText,
  factsProblems,
  jobFactMessages,
  jobFactsInputShape,
  payFromText,
  payRangeSchema,
  type EmploymentType,
  type JobFacts,
  type PayPeriod,
  type WorkplaceType,
} from '../../../shared/jobs/job-facts';

/** The facts as the form holds them: text boxes keep what is typed until it is sent. */
export interface JobFactsDraft {
  departmentId: string;
  towns: string;
  workplaceType: WorkplaceType | '';
  remoteCountry: string;
  employmentTypes: EmploymentType[];
  payMin: string;
  payMax: string;
  payPeriod: PayPeriod;
}

export type JobFactField =
  'departmentId' | 'locations' | 'workplaceType' | 'remoteCountry' | 'employmentTypes' | 'pay';
export type JobFactErrors = Partial<Record<JobFactField, string>>;

export const emptyJobFacts = (): JobFactsDraft => ({
  departmentId: '',
  towns: '',
  workplaceType: '',
  remoteCountry: '',
  employmentTypes: [],
  payMin: '',
  payMax: '',
  payPeriod: 'year',
});

export const jobFactsDraftFrom = (facts: JobFacts): JobFactsDraft => ({
  departmentId: facts.department?._id ?? '',
  towns: facts.locations.join(', '),
  workplaceType: facts.workplaceType ?? '',
  remoteCountry: facts.remoteCountry ?? '',
  employmentTypes: [...facts.employmentTypes],
  payMin: facts.pay ? String(facts.pay.min) : '',
  payMax: facts.pay && facts.pay.max !== facts.pay.min ? String(facts.pay.max) : '',
  payPeriod: facts.pay?.period ?? 'year',
});

const amount = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(/[£,\s]/g, '')));

/** The facts as the API takes them (src/shared/jobs/job-facts.ts). */
export function jobFactsInput(draft: JobFactsDraft) {
  const min = amount(draft.payMin);
  const max = amount(draft.payMax);
  return {
    departmentId: draft.departmentId || null,
    locations: draft.towns.split(',').map((town) => town.trim()),
    workplaceType: draft.workplaceType || null,
    // A country is asked of a remote job only; kept for another kind, it would be a stale answer.
    remoteCountry: (draft.workplaceType === 'remote' && draft.remoteCountry.trim()) || null,
    employmentTypes: draft.employmentTypes,
    pay: min === undefined && max === undefined ? null : { min: (min ?? max)!, max, period: draft.payPeriod },
  };
}

/** Each fact's message from the shared rules, the first per field. */
export function validateJobFacts(draft: JobFactsDraft): JobFactErrors {
  const input = jobFactsInput(draft);
  const errors: JobFactErrors = {};
  for (const [field, schema] of Object.entries(jobFactsInputShape)) {
    const result = schema.safeParse(input[field as keyof typeof input]);
    if (!result.success) errors[field as JobFactField] ??= result.error.issues[0]!.message;
  }
  for (const problem of factsProblems({
    workplaceType: input.workplaceType,
    remoteCountry: input.remoteCountry,
  }))
    errors[problem.path as JobFactField] ??= problem.message;
  return errors;
}

/** The specification's texts a job's facts can write: what its card says of place, hours and pay. */
export type CardText = 'location' | 'hours' | 'ctc';

/**
 * Each card text as the facts would write it (src/shared/jobs/job-facts.ts, `derivedText`), from
 * what is valid of the facts so far: a pay figure still being typed writes no pay.
 */
export function derivedTexts(draft: JobFactsDraft): Record<CardText, string> {
  const input = jobFactsInput(draft);
  const towns = jobFactsInputShape.locations.safeParse(input.locations);
  const pay = input.pay ? payRangeSchema.safeParse(input.pay) : null;
  return {
    location: derivedText.location({ ...input, locations: towns.success ? towns.data : [] }),
    hours: derivedText.hours(input),
    ctc: derivedText.ctc({ pay: pay?.success ? pay.data : null }),
  };
}

/**
 * Which facts publishing needs, given the texts the administrator wrote themselves ('' for a text
 * that follows the facts). The server's rules (src/server/jobs/job-writes.ts): each card text, or
 * the facts that write it; a pay range (REQUIRE_PAY_RANGE, on by default), which a CTC text of
 * their own may state instead ("£24,000 - £27,000"); and a remote job's country.
 */
export function factsNeeded(texts: Record<CardText, string>, draft: JobFactsDraft) {
  const own = (field: CardText) => texts[field].trim() !== '';
  return {
    locations: !own('location') && draft.workplaceType !== 'hybrid' && draft.workplaceType !== 'remote',
    employmentTypes: !own('hours'),
    pay: !(own('ctc') && payFromText(texts.ctc) !== null),
    remoteCountry: draft.workplaceType === 'remote',
  };
}
export type FactsNeeded = ReturnType<typeof factsNeeded>;

/** A needed fact left out, on the question that asks it (its card text never shows an error). */
export function missingFacts(
  texts: Record<CardText, string>,
  draft: JobFactsDraft,
  factErrors: JobFactErrors,
): JobFactErrors {
  const needed = factsNeeded(texts, draft);
  const input = jobFactsInput(draft);
  const missing: JobFactErrors = {};
  if (needed.locations && derivedTexts(draft).location === '')
    missing.locations = jobFactMessages.placeRequired;
  if (needed.employmentTypes && input.employmentTypes.length === 0)
    missing.employmentTypes = jobFactMessages.employmentTypeRequired;
  if (needed.pay && input.pay === null && !factErrors.pay) missing.pay = jobFactMessages.payRequired;
  return missing;
}
