import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, Textarea } from '@fluentui/react-components';
import { jobCreateSchema, type Job } from '../../../shared/jobs/job-contract';
import { LinkButton } from '../../components/link-button';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { EditableList, toEntries } from './editable-list';
import { QuestionEditor, toQuestionDrafts, toQuestionInputs } from './question-editor';
import type { QuestionInput } from '../../../shared/questions/question-contract';
import { useStyles } from './job-form.styles';
import { derivedText } from '../../../shared/jobs/job-facts';
import {
  emptyJobFacts,
  JobFactsFields,
  jobFactsDraftFrom,
  jobFactsInput,
  unstatedTexts,
  validateJobFacts,
  type JobFactField,
  type JobFactsDraft,
} from './job-facts-fields';

export type JobFormMode = 'create' | 'edit';

/** Asked before the form is left with changes that are not saved. */
export const LEAVE_UNSAVED_JOB =
  'This job post has changes that are not saved. If you leave this page now, they will be lost. Leave anyway?';

export type JobTextField =
  'jobTitle' | 'location' | 'hours' | 'ctc' | 'experience' | 'closingDate' | 'description';

export type JobListField = 'responsibilities' | 'requirements';

export interface JobFormValues extends Record<JobTextField, string>, Record<JobListField, string[]> {
  questions: QuestionInput[];
  facts: JobFactsDraft;
}

type JobFormField = JobTextField | JobListField | JobFactField | 'questions';
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

/** A text the server wrote from the facts shows blank, so it keeps following them after an edit. */
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

const FIELD_ORDER: JobFormField[] = [
  'jobTitle',
  'location',
  'hours',
  'ctc',
  'departmentId',
  'locations',
  'workplaceType',
  'remoteCountry',
  'employmentTypes',
  'pay',
  'experience',
  'closingDate',
  'description',
  'responsibilities',
  'requirements',
  'questions',
];

/** The create form's rules are the server's (src/shared/jobs/job-contract.ts): one message per field. */
export function validateJobForm(values: JobFormValues): JobFormErrors {
  const errors: JobFormErrors = validateJobFacts(values.facts);
  const result = jobCreateSchema.safeParse(jobBody(values));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as JobFormField;
    errors[field] ??= issue.message;
  }
  return { ...unstatedTexts(values, values.facts, errors), ...errors };
}

/** The questions a job starts the form with, as stored (ids kept, so answers stay comparable). */
const initialQuestions = (values: JobFormValues) =>
  values.questions.map((question) => ({
    id: question.id ?? '',
    type: question.type,
    label: question.label,
    purpose: question.purpose,
    required: question.required ?? false,
    options: question.options ?? [],
    knockOut: question.knockOut ?? null,
  }));

const pick = (errors: JobFormErrors, field: keyof JobFormErrors): JobFormErrors =>
  errors[field] ? { [field]: errors[field] } : {};

export interface JobFormProps {
  mode: JobFormMode;
  initialValues: JobFormValues;
  submitting: boolean;
  /** Field messages from the server's 400 answer (the edit form has no client-side required checks). */
  serverErrors?: JobFormErrors;
  onSubmit: (values: JobFormValues) => void;
  cancelTo: string;
}

/**
 * The one job form of create and edit (docs/behaviour.md#job-posts): 'Work Hours' and required flags on create,
 * 'Start Date' and no required flags on edit. Create checks the shared contract before sending;
 * edit leaves that to the server, whose 400 message is shown on the field.
 */
export function JobForm({ mode, initialValues, submitting, serverErrors, onSubmit, cancelTo }: JobFormProps) {
  const styles = useStyles();
  const id = useId();
  const required = mode === 'create';
  const [text, setText] = useState<Record<JobTextField, string>>(() => ({
    jobTitle: initialValues.jobTitle,
    location: initialValues.location,
    hours: initialValues.hours,
    ctc: initialValues.ctc,
    experience: initialValues.experience,
    closingDate: initialValues.closingDate,
    description: initialValues.description,
  }));
  const [responsibilities, setResponsibilities] = useState(() => toEntries(initialValues.responsibilities));
  const [requirements, setRequirements] = useState(() => toEntries(initialValues.requirements));
  const [questions, setQuestions] = useState(() => toQuestionDrafts(initialQuestions(initialValues)));
  const [facts, setFacts] = useState(() => initialValues.facts);
  const [attempted, setAttempted] = useState(false);
  const [clientErrors, setClientErrors] = useState<JobFormErrors>({});
  const errors: JobFormErrors = { ...serverErrors, ...clientErrors };
  const form = useRef<HTMLFormElement>(null);

  const values = (): JobFormValues => ({
    ...text,
    responsibilities: responsibilities.map((entry) => entry.value),
    requirements: requirements.map((entry) => entry.value),
    questions: toQuestionInputs(questions),
    facts,
  });
  // Leaving with unsaved changes asks first: the app's links, Back and Forward, a reload, closing
  // the tab (or the console's window). A saved form leaves by the app's own navigation, unasked.
  const dirty = JSON.stringify(values()) !== JSON.stringify(initialValues);
  useLeaveGuard(dirty, LEAVE_UNSAVED_JOB);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const current = values();
    setAttempted(true);
    // The questions are checked in both modes: the editor shows each question's own problem.
    const found = mode === 'create' ? validateJobForm(current) : pick(validateJobForm(current), 'questions');
    setClientErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    onSubmit(current);
  };

  const textField = (
    field: JobTextField,
    label: string,
    options: {
      multiline?: boolean;
      wide?: boolean;
      placeholder?: string;
      type?: 'date';
      optional?: boolean;
      hint?: string;
    } = {},
  ) => {
    const change = (value: string) => {
      setText((current) => ({ ...current, [field]: value }));
      if (clientErrors[field]) setClientErrors(({ [field]: _fixed, ...rest }) => rest);
    };
    return (
      <Field
        label={label}
        required={required && !options.optional}
        hint={options.hint}
        className={options.wide ? styles.wide : undefined}
        validationMessage={errors[field]}
        validationState={errors[field] ? 'error' : 'none'}
      >
        {options.multiline ? (
          <Textarea
            data-field={field}
            value={text[field]}
            resize="vertical"
            rows={6}
            placeholder={options.placeholder}
            onChange={(_event, data) => change(data.value)}
          />
        ) : (
          <Input
            data-field={field}
            type={options.type}
            value={text[field]}
            placeholder={options.placeholder}
            onChange={(_event, data) => change(data.value)}
          />
        )}
      </Field>
    );
  };

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-busy={submitting}>
      <div className={styles.section}>
        {textField('jobTitle', 'Job Title', { wide: true, placeholder: 'e.g. Customer Service Advisor' })}
        {textField('location', 'Location', { placeholder: 'e.g. Northampton' })}
        {textField('hours', mode === 'create' ? 'Work Hours' : 'Start Date', {
          placeholder: mode === 'create' ? 'e.g. Full time, 37.5 hours' : undefined,
        })}
        {textField('ctc', 'CTC', { placeholder: 'e.g. £24,000 - £27,000' })}
        <JobFactsFields
          value={facts}
          errors={errors}
          onChange={(next, field) => {
            setFacts(next);
            if (clientErrors[field]) setClientErrors(({ [field]: _fixed, ...rest }) => rest);
          }}
        />
        {textField('experience', 'Experience', { placeholder: 'e.g. 1-2 years' })}
        {textField('closingDate', 'Closing Date', {
          type: 'date',
          optional: true,
          hint: 'Optional: the last day applications are taken (UK time). Leave it empty to keep the post open.',
        })}
        {textField('description', 'Description', { multiline: true, wide: true })}
        <EditableList
          legend="Responsibilities"
          itemLabel="Responsibility"
          items={responsibilities}
          onChange={setResponsibilities}
          error={errors.responsibilities}
          idPrefix={`${id}-responsibilities`}
        />
        <EditableList
          legend="Requirements"
          itemLabel="Requirement"
          items={requirements}
          onChange={setRequirements}
          error={errors.requirements}
          idPrefix={`${id}-requirements`}
        />
        <QuestionEditor
          drafts={questions}
          onChange={(next) => {
            setQuestions(next);
            if (clientErrors.questions) setClientErrors(({ questions: _fixed, ...rest }) => rest);
          }}
          showErrors={attempted}
          error={errors.questions}
        />
      </div>
      <div className={styles.footer}>
        <LinkButton to={cancelTo}>Cancel</LinkButton>
        <Button
          type="submit"
          appearance="primary"
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {mode === 'create' ? 'Create Post' : 'Update Post'}
        </Button>
      </div>
    </form>
  );
}
