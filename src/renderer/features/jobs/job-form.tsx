import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, Textarea } from '@fluentui/react-components';
import { LinkButton } from '../../components/link-button';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { EditableList, toEntries } from './editable-list';
import { QuestionEditor, toQuestionDrafts, toQuestionInputs } from './question-editor';
import { useStyles } from './job-form.styles';
import { factsNeeded, type CardText } from './job-facts-draft';
import {
  FIELD_ORDER,
  validateJobForm,
  type JobFormErrors,
  type JobFormField,
  type JobFormValues,
  type OwnTextField,
} from './job-form-values';
import { JobFactsFields } from './job-facts-fields';
import { CardTextFields } from './card-text-fields';

// The form's values and checks live beside it; its callers and tests reach them through the form.
export {
  emptyJobFormValues,
  jobBody,
  jobFormValuesFromJob,
  validateJobForm,
  type JobFormErrors,
  type JobFormValues,
  type JobListField,
  type JobTextField,
} from './job-form-values';

export type JobFormMode = 'create' | 'edit';

/** Asked before the form is left with changes that are not saved. */
export const LEAVE_UNSAVED_JOB =
  'This job post has changes that are not saved. If you leave this page now, they will be lost. Leave anyway?';

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

/** What the card texts start as: null where the text follows the facts (it came blank). */
const ownTexts = (values: JobFormValues): Record<CardText, string | null> => ({
  location: values.location === '' ? null : values.location,
  hours: values.hours === '' ? null : values.hours,
  ctc: values.ctc === '' ? null : values.ctc,
});

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
 * The one job form of create and edit (docs/behaviour.md#job-posts): the facts are the questions,
 * each asked once, and the specification's location, hours and CTC texts are how the card reads,
 * written from them. Create marks what publishing needs and checks the shared contract before
 * sending; edit has no required marks and leaves that to the server, whose 400 message is shown on
 * the field.
 */
export function JobForm({ mode, initialValues, submitting, serverErrors, onSubmit, cancelTo }: JobFormProps) {
  const styles = useStyles();
  const id = useId();
  const required = mode === 'create';
  const [text, setText] = useState<Record<OwnTextField, string>>(() => ({
    jobTitle: initialValues.jobTitle,
    experience: initialValues.experience,
    closingDate: initialValues.closingDate,
    description: initialValues.description,
  }));
  const [cardTexts, setCardTexts] = useState(() => ownTexts(initialValues));
  const [responsibilities, setResponsibilities] = useState(() => toEntries(initialValues.responsibilities));
  const [requirements, setRequirements] = useState(() => toEntries(initialValues.requirements));
  const [questions, setQuestions] = useState(() => toQuestionDrafts(initialQuestions(initialValues)));
  const [facts, setFacts] = useState(() => initialValues.facts);
  const [attempted, setAttempted] = useState(false);
  // The fields found wrong when Create Post was pressed.
  const [flagged, setFlagged] = useState<readonly JobFormField[]>([]);
  const form = useRef<HTMLFormElement>(null);

  // In the order of emptyJobFormValues, which the check for unsaved changes compares against.
  const values = (): JobFormValues => ({
    jobTitle: text.jobTitle,
    // A text that follows the facts goes blank: the server writes it from them, now and after edits.
    location: cardTexts.location ?? '',
    hours: cardTexts.hours ?? '',
    ctc: cardTexts.ctc ?? '',
    experience: text.experience,
    closingDate: text.closingDate,
    description: text.description,
    responsibilities: responsibilities.map((entry) => entry.value),
    requirements: requirements.map((entry) => entry.value),
    questions: toQuestionInputs(questions),
    facts,
  });
  const current = values();
  const check = (candidate: JobFormValues) =>
    // The questions are checked in both modes: the editor shows each question's own problem.
    mode === 'create' ? validateJobForm(candidate) : pick(validateJobForm(candidate), 'questions');
  // A flagged field's message stays while it is still wrong, and goes the moment anything mends it
  // (a fact chosen, or a text written, that supplies what was missing). New ones wait for a press.
  const live = flagged.length > 0 ? check(current) : {};
  const clientErrors: JobFormErrors = Object.fromEntries(
    flagged.filter((field) => live[field]).map((field) => [field, live[field]]),
  );
  const errors: JobFormErrors = { ...serverErrors, ...clientErrors };
  const needed = required ? factsNeeded(current, facts) : null;

  // Leaving with unsaved changes asks first: the app's links, Back and Forward, a reload, closing
  // the tab (or the console's window). A saved form leaves by the app's own navigation, unasked.
  const dirty = JSON.stringify(current) !== JSON.stringify(initialValues);
  useLeaveGuard(dirty, LEAVE_UNSAVED_JOB);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const found = check(current);
    const wrong = FIELD_ORDER.filter((field) => found[field]);
    setFlagged(wrong);
    if (wrong.length > 0) {
      form.current?.querySelector<HTMLElement>(`[data-field="${wrong[0]}"]`)?.focus();
      return;
    }
    onSubmit(current);
  };

  const textField = (
    field: OwnTextField,
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
    const change = (value: string) => setText((previous) => ({ ...previous, [field]: value }));
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
        <JobFactsFields value={facts} errors={errors} needed={needed} onChange={(next) => setFacts(next)} />
        <CardTextFields
          mode={mode}
          facts={facts}
          own={cardTexts}
          errors={errors}
          onChange={(field, wording) => setCardTexts((previous) => ({ ...previous, [field]: wording }))}
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
          onChange={setQuestions}
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
