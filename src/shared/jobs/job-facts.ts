import { z } from 'zod';
import { notOneLineMessage, ONE_LINE } from '../contact-fields';
import { parseSalary } from './salary-text';

/**
 * The structured facts of a job post (docs/behaviour.md#job-facts): what filters, feeds and search
 * listings read, and what the job's text fields are written from when an administrator leaves them
 * blank. Each code below is stable: it goes into URLs, stored rows and feeds; the words may change.
 */

export const EMPLOYMENT_TYPES = [
  { code: 'full-time', words: 'Full-time', google: 'FULL_TIME' },
  { code: 'part-time', words: 'Part-time', google: 'PART_TIME' },
  { code: 'fixed-term', words: 'Fixed-term', google: 'TEMPORARY' },
  { code: 'contract', words: 'Contract', google: 'CONTRACTOR' },
  { code: 'apprenticeship', words: 'Apprenticeship', google: 'OTHER' },
  { code: 'internship', words: 'Internship', google: 'INTERN' },
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number]['code'];
export const EMPLOYMENT_TYPE_CODES = EMPLOYMENT_TYPES.map((type) => type.code) as [
  EmploymentType,
  ...EmploymentType[],
];

export const WORKPLACE_TYPES = [
  { code: 'on-site', words: 'On-site' },
  { code: 'hybrid', words: 'Hybrid' },
  { code: 'remote', words: 'Remote' },
] as const;
export type WorkplaceType = (typeof WORKPLACE_TYPES)[number]['code'];
export const WORKPLACE_TYPE_CODES = WORKPLACE_TYPES.map((type) => type.code) as [
  WorkplaceType,
  ...WorkplaceType[],
];

/** Each period with its words and the highest figure that is still a plausible UK wage. */
export const PAY_PERIODS = [
  { code: 'year', words: 'a year', max: 1_000_000, google: 'YEAR' },
  { code: 'day', words: 'a day', max: 5_000, google: 'DAY' },
  { code: 'hour', words: 'an hour', max: 1_000, google: 'HOUR' },
] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number]['code'];
export const PAY_PERIOD_CODES = PAY_PERIODS.map((period) => period.code) as [PayPeriod, ...PayPeriod[]];
const periodOf = (code: PayPeriod) => PAY_PERIODS.find((period) => period.code === code)!;

export const MAX_LOCATIONS = 20;

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** "£32,000", "£11.44": pence only when there are some. */
export const formatPounds = (amount: number): string => money.format(amount).replace(/\.00$/, '');

export const jobFactMessages = {
  payNotNumber: (label: string) => `${label} must be an amount in pounds, such as 32000 or 11.44.`,
  payNegative: (label: string) => `${label} cannot be negative.`,
  payTooPrecise: (label: string) => `${label} can have at most two decimal places (pence).`,
  payAbsurd: (label: string, period: PayPeriod) =>
    `${label} is over ${formatPounds(periodOf(period).max)} ${periodOf(period).words}: check the figure and the period.`,
  payMinAboveMax: 'Pay: the minimum is above the maximum.',
  payPeriod: 'Pay period must be year, day or hour.',
  payRequired:
    'Pay range is required before a job is published: give a minimum and a maximum (or one figure) in pounds a year, a day or an hour. "Competitive" or "DOE" is not pay.',
  placeRequired: 'Say where the job is: name its town (or towns), or choose Hybrid or Remote.',
  employmentTypeRequired: 'Choose at least one employment type.',
  remoteCountry:
    'Remote country is required for a remote job: say where applicants must live (for example UK).',
  workplaceType: 'Workplace type must be on-site, hybrid or remote.',
  employmentType:
    'Employment type must be full-time, part-time, fixed-term, contract, apprenticeship or internship.',
  employmentTypeTwice: 'Employment type: each type can be chosen once.',
  unknownDepartment: 'Department: no such department. Choose one from the list the administrators keep.',
  departmentFormat: 'Department must be chosen from the list.',
  locationsList: 'Locations must be a list of towns.',
  locationsTooMany: `Locations can have at most ${MAX_LOCATIONS} towns.`,
} as const;

const amount = (label: string) =>
  z
    .number({ error: jobFactMessages.payNotNumber(label) })
    .finite(jobFactMessages.payNotNumber(label))
    .min(0, jobFactMessages.payNegative(label))
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      jobFactMessages.payTooPrecise(label),
    );

/**
 * Pay in GBP: a range, or one figure (send `max` equal to `min`, or leave it out). Both ends are
 * checked against the period's ceiling so a figure typed in the wrong period is caught.
 */
export const payRangeSchema = z
  .object({
    min: amount('Pay minimum'),
    max: amount('Pay maximum').optional(),
    period: z.enum(PAY_PERIOD_CODES, { error: jobFactMessages.payPeriod }),
    currency: z.literal('GBP', { error: 'Pay currency must be GBP.' }).default('GBP'),
  })
  .transform(({ min, max, period, currency }) => ({ min, max: max ?? min, period, currency }))
  .superRefine((pay, ctx) => {
    const ceiling = periodOf(pay.period).max;
    if (pay.min > ceiling)
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: jobFactMessages.payAbsurd('Pay minimum', pay.period),
      });
    if (pay.max > ceiling)
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: jobFactMessages.payAbsurd('Pay maximum', pay.period),
      });
    if (pay.min > pay.max)
      ctx.addIssue({ code: 'custom', path: ['min'], message: jobFactMessages.payMinAboveMax });
  });
export type PayRange = z.output<typeof payRangeSchema>;

const town = z
  .string()
  .trim()
  .max(100, 'Each location must be at most 100 characters.')
  .regex(ONE_LINE, notOneLineMessage('Each location'));

/** The facts an administrator sets; each may be left out (see the text fields in job-contract.ts). */
export const jobFactsInputShape = {
  departmentId: z.uuid({ error: jobFactMessages.departmentFormat }).nullable(),
  locations: z
    .array(town, { error: jobFactMessages.locationsList })
    .max(MAX_LOCATIONS, jobFactMessages.locationsTooMany)
    .transform((towns) => [...new Set(towns.filter((name) => name.length > 0))]),
  workplaceType: z.enum(WORKPLACE_TYPE_CODES, { error: jobFactMessages.workplaceType }).nullable(),
  remoteCountry: z
    .string()
    .trim()
    .max(60, 'Remote country must be at most 60 characters.')
    .regex(ONE_LINE, notOneLineMessage('Remote country'))
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  employmentTypes: z
    .array(z.enum(EMPLOYMENT_TYPE_CODES, { error: jobFactMessages.employmentType }), {
      error: jobFactMessages.employmentType,
    })
    .max(EMPLOYMENT_TYPES.length, jobFactMessages.employmentTypeTwice)
    .refine((types) => new Set(types).size === types.length, jobFactMessages.employmentTypeTwice),
  pay: payRangeSchema.nullable(),
};

/** A department as jobs carry it and the careers home filters by it (`?department=<slug>`). */
export const departmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

/** The facts as every answer carries them, after the specification's fields. */
export const jobFactsShape = {
  department: departmentSchema.nullable(),
  locations: z.array(z.string()),
  workplaceType: z.enum(WORKPLACE_TYPE_CODES).nullable(),
  remoteCountry: z.string().nullable(),
  employmentTypes: z.array(z.enum(EMPLOYMENT_TYPE_CODES)),
  pay: z
    .object({
      min: z.number(),
      max: z.number(),
      period: z.enum(PAY_PERIOD_CODES),
      currency: z.literal('GBP'),
    })
    .nullable(),
};
export interface JobFacts {
  department: Department | null;
  locations: string[];
  workplaceType: WorkplaceType | null;
  remoteCountry: string | null;
  employmentTypes: EmploymentType[];
  pay: PayRange | null;
}

export const NO_FACTS: JobFacts = {
  department: null,
  locations: [],
  workplaceType: null,
  remoteCountry: null,
  employmentTypes: [],
  pay: null,
};

/** "£32,000 – £38,000 a year", "£11.44 an hour". */
export function formatPay(pay: PayRange): string {
  const { words } = periodOf(pay.period);
  return pay.min === pay.max
    ? `${formatPounds(pay.min)} ${words}`
    : `${formatPounds(pay.min)} – ${formatPounds(pay.max)} ${words}`;
}

/** "Remote (UK)", "Hybrid · Northampton, Leeds", "Northampton": where the work is done. */
export function formatPlace(facts: Pick<JobFacts, 'locations' | 'workplaceType' | 'remoteCountry'>): string {
  const towns = facts.locations.join(', ');
  switch (facts.workplaceType) {
    case 'remote':
      return facts.remoteCountry ? `Remote (${facts.remoteCountry})` : 'Remote';
    case 'hybrid':
      return towns ? `Hybrid · ${towns}` : 'Hybrid';
    default:
      return towns;
  }
}

export const formatEmploymentTypes = (types: readonly EmploymentType[]): string =>
  types.map((code) => EMPLOYMENT_TYPES.find((type) => type.code === code)!.words).join(', ');

/**
 * What the facts say together that no one field can: a remote job names where applicants must
 * live. Checked by the server on the saved result of every create and edit, and by the job form.
 */
export function factsProblems(
  facts: Pick<JobFacts, 'workplaceType' | 'remoteCountry'>,
): { path: string; message: string }[] {
  return facts.workplaceType === 'remote' && !facts.remoteCountry
    ? [{ path: 'remoteCountry', message: jobFactMessages.remoteCountry }]
    : [];
}

/** One line of facts for job cards and pages: "Remote (UK) · Full-time · £32,000 – £38,000 a year". */
export function formatJobFacts(facts: JobFacts): string {
  return [
    formatPlace(facts),
    formatEmploymentTypes(facts.employmentTypes),
    facts.pay ? formatPay(facts.pay) : '',
  ]
    .filter((part) => part.length > 0)
    .join(' · ');
}

/** Said on every job card and page; true because the apply form never asks (docs/behaviour.md#job-facts). */
export const NO_SALARY_HISTORY = 'We never ask for your current salary.';

/** What a text field falls back to when the administrator writes none. */
export const derivedText = {
  location: formatPlace,
  hours: (facts: Pick<JobFacts, 'employmentTypes'>) => formatEmploymentTypes(facts.employmentTypes),
  ctc: (facts: Pick<JobFacts, 'pay'>) => (facts.pay ? formatPay(facts.pay) : ''),
};

/**
 * The pay a CTC text states when it states one plainly: one or two figures, per year, day or hour.
 * "Competitive", "DOE", a weekly or monthly figure, or a third figure ("+ £2,000 bonus") give none,
 * so nothing is guessed.
 */
export function payFromText(ctc: string): PayRange | null {
  if (/\b(DOE|competitive|negotiable|tbc)\b/i.test(ctc)) return null;
  const figures = ctc.match(/\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?/g) ?? [];
  if (figures.length === 0 || figures.length > 2) return null;
  const salary = parseSalary(ctc);
  if (!salary) return null;
  const period = ({ YEAR: 'year', DAY: 'day', HOUR: 'hour' } as const)[salary.unitText as 'YEAR'];
  if (!period) return null;
  const parsed = payRangeSchema.safeParse({
    min: salary.minValue ?? salary.value,
    max: salary.maxValue ?? salary.value,
    period,
  });
  return parsed.success ? parsed.data : null;
}

/** The employment types an hours text names in words ("Part time (20h)"); none when it names none. */
export function employmentTypesFromText(hours: string): EmploymentType[] {
  const patterns: [RegExp, EmploymentType][] = [
    [/full[\s-]?time/i, 'full-time'],
    [/part[\s-]?time/i, 'part-time'],
    [/temporary|\btemp\b|fixed[\s-]?term/i, 'fixed-term'],
    [/contract/i, 'contract'],
    [/apprentice/i, 'apprenticeship'],
    [/intern(ship)?/i, 'internship'],
  ];
  return patterns.filter(([pattern]) => pattern.test(hours)).map(([, type]) => type);
}

/**
 * Where a location text plainly says it: "Northampton" or "Leeds, Northampton" (on-site),
 * "Hybrid - Northampton", "Remote (UK)". Anything else ("Northampton or remote") gives nothing.
 */
export function placeFromText(
  location: string,
): Pick<JobFacts, 'locations' | 'workplaceType' | 'remoteCountry'> | null {
  const text = location.trim();
  const remote = /\b(remote|home[\s-]?based|work(ing)? from home)\b/i.test(text);
  const hybrid = /\bhybrid\b/i.test(text);
  const words = text
    .replace(/\b(hybrid|remote|home[\s-]?based|work(ing)? from home|on[\s-]?site|office)\b/gi, '')
    .replace(/[()]/g, ' ');
  const parts = words
    .split(/,|\/|&|\band\b|\s[-–]\s/i)
    .map((part) => part.trim())
    .filter(Boolean);
  const isTown = (part: string) => /^[\p{L}][\p{L}' .-]{0,59}$/u.test(part) && !/\bor\b/i.test(part);
  if (remote && hybrid) return null;
  if (remote) {
    const country =
      parts.length === 1 && /^(UK|United Kingdom|England|Scotland|Wales)$/i.test(parts[0]!)
        ? parts[0]!
        : null;
    return country && parts.length === 1
      ? { locations: [], workplaceType: 'remote', remoteCountry: country }
      : null;
  }
  const towns = parts.filter((part) => !/^(UK|United Kingdom|England)$/i.test(part));
  if (towns.length === 0 || !towns.every(isTown)) return null;
  return { locations: towns, workplaceType: hybrid ? 'hybrid' : 'on-site', remoteCountry: null };
}
