import { jobCreateSchema, type Job } from '../../../shared/jobs/job-contract';
import { derivedText } from '../../../shared/jobs/job-facts';
import type { QuestionInput } from '../../../shared/questions/question-contract';
import {
  emptyJobFacts,
  jobFactsDraftFrom,
  jobFactsInput,
  missingFacts,
  validateJobFacts,
  type CardText,
  type JobFactField,
  type JobFactsDraft,
} from './job-facts-draft';
import { toQuestionDrafts, toQuestionInputs } from './question-editor';

/** The job form's values, what it sends and the create form's checks (job-form.tsx draws it). */

export type JobTextField =
  'jobTitle' | 'location' | 'hours' | 'ctc' | 'experience' | 'closingDate' | 'description';

export type JobListField = 'responsibilities' | 'requirements';

/** The texts with no fact behind them: always as the administrator writes them. */
export type OwnTextField = Exclude<JobTextField, CardText>;

export interface JobFormValues extends Record<JobTextField, string>, Record<JobListField, string[]> {
  questions: QuestionInput[];
  facts: JobFactsDraft;
}

export type JobFormField = JobTextField | JobListField | JobFactField | 'questions';
export type JobFormErrors = Partial<Record<JobFormField, string>>;

/** The body the API takes: the texts, the lists and the facts (src/shared/jobs/job-facts.ts). */
export const jobBody = ({ facts, ...values }: JobFormValues) => ({ ...values, ...jobFactsInput(facts) });

/** Both lists start with one empty entry. */
export const emptyJobFormValues = (): JobFormValues => ({
  jobTitle: '',
  location: '',
  hours: '',
  ctc: '',
  experience: '',
  closingDate: '',
  description: '',
  responsibilities: [''],
  requirements: [''],
  questions: [],
  facts: emptyJobFacts(),
});

/** A text the server wrote from the facts comes blank, so it keeps following them after an edit. */
const ownText = (job: Job, field: 'location' | 'hours' | 'ctc') => {
  const text = job[field];
  return text === derivedText[field](job) ? '' : text;
};

export const jobFormValuesFromJob = (job: Job): JobFormValues => ({
  jobTitle: job.jobTitle,
  location: ownText(job, 'location'),
  hours: ownText(job, 'hours'),
  ctc: ownText(job, 'ctc'),
  experience: job.experience,
  closingDate: job.closingDate ?? '',
  description: job.description,
  responsibilities: job.responsibilities.length > 0 ? [...job.responsibilities] : [''],
  requirements: job.requirements.length > 0 ? [...job.requirements] : [''],
  questions: toQuestionInputs(toQuestionDrafts(job.questions)),
  facts: jobFactsDraftFrom(job),
});

/** The order of the form, in which the first field with a problem takes focus. */
export const FIELD_ORDER: JobFormField[] = [
  'jobTitle',
  'departmentId',
  'locations',
  'workplaceType',
  'remoteCountry',
  'employmentTypes',
  'pay',
  'location',
  'hours',
  'ctc',
  'experience',
  'closingDate',
  'description',
  'responsibilities',
  'requirements',
  'questions',
];

/**
 * The create form's rules are the server's (src/shared/jobs/job-contract.ts, job-writes.ts): one
 * message per field. A card text the facts can write is never at fault; a fact publishing needs
 * is, on its own question.
 */
export function validateJobForm(values: JobFormValues): JobFormErrors {
  const errors: JobFormErrors = validateJobFacts(values.facts);
  const result = jobCreateSchema.safeParse(jobBody(values));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as JobFormField;
    errors[field] ??= issue.message;
  }
  return { ...missingFacts(values, values.facts, errors), ...errors };
}
