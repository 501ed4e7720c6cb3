import { Fragment, type ReactNode } from 'react';
import {
  Checkbox,
  Field,
  FieldContextProvider,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Textarea,
  useFieldControlProps_unstable,
} from '@fluentui/react-components';
import { PLAIN_ANSWER_PREFIX } from '../../../shared/applications/application-contract';
import {
  checkAnswers,
  knockOutReply,
  mayKnockOut,
  type Question,
} from '../../../shared/questions/question-contract';

/**
 * A choice list's question names its group (the Field gives the group aria-labelledby), not one
 * control: a <label for> would point at the group's <div>, which HTML does not allow.
 */
const groupLabel = (children: string) => ({ children, htmlFor: undefined });

/**
 * Fluent draws a radio button's or check box's circle as a <div> inside the control's <span>,
 * which HTML does not allow (the W3C checker refuses the page). The same styles draw it as a
 * <span>: Fluent's check box offers that, its radio button types only the <div>.
 */
export const INLINE_INDICATOR = { as: 'span' } as unknown as { as: 'div' };

/** What the applicant has entered: text as typed, a number as typed until it is sent. */
export type AnswerDraft = Record<string, string | boolean | string[]>;

/** The answers as the server takes them: blanks left out, numbers as numbers. */
export function answersOf(questions: readonly Question[], draft: AnswerDraft): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    const value = draft[question.id];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    answers[question.id] =
      question.type === 'number' && typeof value === 'string' ? Number(value.trim() || NaN) : value;
  }
  return answers;
}

/** The same checks the server makes on the answers, each message keyed by its question's id. */
export function answerProblems(questions: readonly Question[], draft: AnswerDraft): Record<string, string> {
  const checked = checkAnswers(questions, answersOf(questions, draft));
  const found: Record<string, string> = {};
  if (!checked.ok)
    for (const { path, message } of checked.errors) found[path.replace(/^answers\./, '')] ??= message;
  return found;
}

const fieldId = (question: Question) => `apply-question-${question.id}`;
/** The control's name in the plain form the server draws (docs/behaviour.md#applying-without-javascript). */
const answerName = (question: Question) => `${PLAIN_ANSWER_PREFIX}${question.id}`;

/** The element holding a knock-out question's reply: Submit points to it while it shows. */
export const knockOutReplyId = (question: Question) => `${fieldId(question)}-knock-out`;

/**
 * The question whose knock-out answer is chosen, with its polite reply, or undefined: the same
 * rule the server applies to a sent application (docs/behaviour.md#questions-per-job).
 */
export function knockingQuestion(
  questions: readonly Question[],
  draft: AnswerDraft,
): { question: Question; reply: string } | undefined {
  for (const question of questions) {
    const reply = knockOutReply([question], draft);
    if (reply !== null) return { question, reply };
  }
  return undefined;
}

/** Focus to a question: a list question's id names its group, so its chosen option, or its first. */
export function focusQuestion(id: string) {
  const field = document.getElementById(`apply-question-${id}`);
  const control = field?.matches('input, textarea')
    ? field
    : field?.querySelector<HTMLElement>('input:checked, input');
  control?.focus();
}

/**
 * Several checkboxes under one question: the group takes the question's name, hint and message
 * from its Field. Each checkbox is kept out of the Field's context, which would otherwise give
 * all of them the Field's one control id and label (and make each one required).
 */
function CheckboxGroup({ id, children }: { id: string; children: ReactNode }) {
  const { 'aria-required': _notOnAGroup, ...props } = useFieldControlProps_unstable({
    id,
    role: 'group',
  }) as {
    id: string;
    role: string;
    'aria-required'?: unknown;
  };
  return (
    <div {...props}>
      <FieldContextProvider value={undefined}>{children}</FieldContextProvider>
    </div>
  );
}

interface QuestionFieldsProps {
  questions: readonly Question[];
  draft: AnswerDraft;
  errors: Record<string, string | undefined>;
  onChange: (id: string, value: string | boolean | string[]) => void;
  disabled: boolean;
}

/**
 * The job's own questions on the apply form, each with why it is asked
 * (docs/behaviour.md#questions-per-job). A choice list is a group named by its question.
 */
export function QuestionFields(props: QuestionFieldsProps) {
  const { questions, draft } = props;
  /**
   * A knock-out question's reply shows under it as soon as the ending answer is chosen, in a live
   * region that is there from the start so that screen readers hear it arrive; focus stays on the
   * answer, which the applicant may still change.
   */
  const withReply = (question: Question, field: ReactNode) => {
    if (!question.knockOut || !mayKnockOut(question.type)) return field;
    const reply = knockOutReply([question], draft);
    return (
      <Fragment key={question.id}>
        {field}
        <div role="status" aria-live="polite" aria-atomic="true" id={knockOutReplyId(question)}>
          {reply !== null && (
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>Thank you for your interest</MessageBarTitle>
                <span data-testid="apply-knock-out">{reply}</span>
              </MessageBarBody>
            </MessageBar>
          )}
        </div>
      </Fragment>
    );
  };

  return <>{questions.map((question) => withReply(question, questionField(question, props)))}</>;
}

/** One question's field: its control by type, its reason as the hint, its problem as the message. */
function questionField(question: Question, { draft, errors, onChange, disabled }: QuestionFieldsProps) {
  const id = fieldId(question);
  const common = {
    required: question.required,
    validationMessage: errors[question.id],
    hint: `Why we ask: ${question.purpose}`,
  };
  const value = draft[question.id];
  switch (question.type) {
    case 'yes-no':
    case 'one-of': {
      const choices: [string, string][] =
        question.type === 'yes-no'
          ? [
              ['yes', 'Yes'],
              ['no', 'No'],
            ]
          : question.options.map((option) => [option, option]);
      const chosen =
        typeof value === 'boolean' ? (value ? 'yes' : 'no') : typeof value === 'string' ? value : '';
      return (
        <Field key={question.id} label={groupLabel(question.label)} {...common}>
          <RadioGroup
            id={id}
            name={answerName(question)}
            value={chosen}
            disabled={disabled}
            onChange={(_, data) =>
              onChange(question.id, question.type === 'yes-no' ? data.value === 'yes' : data.value)
            }
          >
            {choices.map(([choice, label]) => (
              <Radio key={choice} value={choice} label={label} indicator={INLINE_INDICATOR} />
            ))}
          </RadioGroup>
        </Field>
      );
    }
    case 'several-of': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Field key={question.id} label={groupLabel(question.label)} {...common}>
          <CheckboxGroup id={id}>
            {question.options.map((option) => (
              <Checkbox
                key={option}
                name={answerName(question)}
                value={option}
                label={option}
                indicator={INLINE_INDICATOR}
                checked={chosen.includes(option)}
                disabled={disabled}
                onChange={(_, data) =>
                  onChange(
                    question.id,
                    data.checked === true ? [...chosen, option] : chosen.filter((item) => item !== option),
                  )
                }
              />
            ))}
          </CheckboxGroup>
        </Field>
      );
    }
    case 'long-text':
      return (
        <Field key={question.id} label={{ children: question.label, htmlFor: id }} {...common}>
          <Textarea
            id={id}
            name={answerName(question)}
            resize="vertical"
            rows={4}
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            onChange={(_, data) => onChange(question.id, data.value)}
          />
        </Field>
      );
    default:
      return (
        <Field key={question.id} label={{ children: question.label, htmlFor: id }} {...common}>
          <Input
            id={id}
            name={answerName(question)}
            type={question.type === 'number' ? 'number' : question.type === 'date' ? 'date' : 'text'}
            value={typeof value === 'string' ? value : ''}
            disabled={disabled}
            onChange={(_, data) => onChange(question.id, data.value)}
          />
        </Field>
      );
  }
}
