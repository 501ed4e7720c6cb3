import { useEffect, useId, useRef } from 'react';
import { Button, Checkbox, Field, Input, Select, Textarea } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/headless/svg/add';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import {
  healthWordingProblem,
  isChoice,
  mayKnockOut,
  MAX_QUESTIONS,
  QUESTION_TYPES,
  questionInputSchema,
  questionTypeLabels,
  type Question,
  type QuestionInput,
  type QuestionType,
} from '../../../shared/questions/question-contract';
import { useStyles } from './question-editor.styles';

/** One question as the editor holds it: the choices as lines of text. */
export interface QuestionDraft {
  key: number;
  id?: string;
  type: QuestionType;
  label: string;
  purpose: string;
  required: boolean;
  options: string;
  knockOut: boolean;
  knockOutAnswers: string[];
  knockOutMessage: string;
}

export const toQuestionDrafts = (questions: readonly Question[]): QuestionDraft[] =>
  questions.map((question, index) => ({
    key: index + 1,
    id: question.id,
    type: question.type,
    label: question.label,
    purpose: question.purpose,
    required: question.required,
    options: question.options.join('\n'),
    knockOut: question.knockOut !== null,
    knockOutAnswers: question.knockOut?.answers ?? [],
    knockOutMessage: question.knockOut?.message ?? '',
  }));

const optionsOf = (draft: QuestionDraft) =>
  isChoice(draft.type)
    ? draft.options
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length > 0)
    : [];

/** What the server takes: the shape of questionInputSchema. */
export const toQuestionInputs = (drafts: readonly QuestionDraft[]): QuestionInput[] =>
  drafts.map((draft) => {
    const options = optionsOf(draft);
    const allowed = draft.type === 'yes-no' ? ['yes', 'no'] : options;
    return {
      ...(draft.id ? { id: draft.id } : {}),
      type: draft.type,
      label: draft.label,
      purpose: draft.purpose,
      required: draft.required,
      options,
      knockOut:
        draft.knockOut && mayKnockOut(draft.type)
          ? {
              answers: draft.knockOutAnswers.filter((answer) => allowed.includes(answer)),
              message: draft.knockOutMessage,
            }
          : null,
    };
  });

/** The first thing wrong with one question, as the server would say it. */
function problemOf(draft: QuestionDraft): string | undefined {
  const parsed = questionInputSchema.safeParse(toQuestionInputs([draft])[0]);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The job form's questions (docs/behaviour.md#questions-per-job): each with its type, why it is
 * asked, whether it must be answered, its choices and an optional knock-out with its own reply.
 * Health or disability wording is pointed out as it is typed, since the server refuses it.
 */
export function QuestionEditor({
  drafts,
  onChange,
  showErrors,
  error,
}: {
  drafts: QuestionDraft[];
  onChange: (drafts: QuestionDraft[]) => void;
  /** After a first try to save: every question's problem shows, not only health wording. */
  showErrors: boolean;
  error?: string;
}) {
  const styles = useStyles();
  const id = useId();
  const change = (key: number, patch: Partial<QuestionDraft>) =>
    onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  // A new question takes the focus once it is drawn: its label field exists only after the form's
  // next render, however long the machine takes to get there.
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    const field = document.getElementById(`${id}-${focusNext.current}-label`);
    if (!field) return;
    field.focus();
    focusNext.current = null;
  }, [drafts, id]);

  const add = () => {
    const key = Math.max(0, ...drafts.map((draft) => draft.key)) + 1;
    onChange([
      ...drafts,
      {
        key,
        type: 'yes-no',
        label: '',
        purpose: '',
        required: false,
        options: '',
        knockOut: false,
        knockOutAnswers: [],
        knockOutMessage: '',
      },
    ]);
    focusNext.current = key;
  };

  return (
    <fieldset className={styles.editor} data-field="questions">
      <legend className={styles.legend}>Questions for applicants</legend>
      <p className={styles.hint}>
        Optional. Ask only what this role needs. Questions about health or disability are refused: before an
        offer the law allows them only for adjustments and monitoring, which the form asks separately.
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {drafts.map((draft, index) => {
        const prefix = `${id}-${draft.key}`;
        // Health wording is explained as it is typed, before anything else the question still lacks.
        const health = healthWordingProblem({ ...draft, options: optionsOf(draft) });
        const problem = health ?? (showErrors ? problemOf(draft) : undefined);
        const allowed = draft.type === 'yes-no' ? ['yes', 'no'] : optionsOf(draft);
        return (
          <section key={draft.key} className={styles.question} aria-label={`Question ${index + 1}`}>
            <Field
              label={{ children: `Question ${index + 1}`, htmlFor: `${prefix}-label` }}
              validationMessage={problem}
              validationState={problem ? 'error' : 'none'}
            >
              <Input
                id={`${prefix}-label`}
                value={draft.label}
                placeholder="e.g. Which languages do you speak?"
                onChange={(_, data) => change(draft.key, { label: data.value })}
              />
            </Field>
            <Field label={{ children: 'Why we ask (shown to applicants)', htmlFor: `${prefix}-purpose` }}>
              <Input
                id={`${prefix}-purpose`}
                value={draft.purpose}
                onChange={(_, data) => change(draft.key, { purpose: data.value })}
              />
            </Field>
            <div className={styles.row}>
              <Field label={{ children: 'Answer type', htmlFor: `${prefix}-type` }}>
                <Select
                  id={`${prefix}-type`}
                  value={draft.type}
                  onChange={(_, data) => change(draft.key, { type: data.value as QuestionType })}
                >
                  {QUESTION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {questionTypeLabels[type]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Checkbox
                label="Must be answered"
                checked={draft.required}
                onChange={(_, data) => change(draft.key, { required: data.checked === true })}
              />
            </div>
            {isChoice(draft.type) && (
              <Field
                label={{ children: 'Choices, one a line', htmlFor: `${prefix}-options` }}
                hint="At least two."
              >
                <Textarea
                  id={`${prefix}-options`}
                  value={draft.options}
                  resize="vertical"
                  rows={4}
                  onChange={(_, data) => change(draft.key, { options: data.value })}
                />
              </Field>
            )}
            {mayKnockOut(draft.type) && (
              <>
                <Checkbox
                  label="Knock-out: some answers end the application, with a polite reply"
                  checked={draft.knockOut}
                  onChange={(_, data) => change(draft.key, { knockOut: data.checked === true })}
                />
                {draft.knockOut && (
                  <div className={styles.knockOut}>
                    <div role="group" aria-label={`Answers that end the application, question ${index + 1}`}>
                      {allowed.map((answer) => (
                        <Checkbox
                          key={answer}
                          label={`Ends it: ${draft.type === 'yes-no' ? (answer === 'yes' ? 'Yes' : 'No') : answer}`}
                          checked={draft.knockOutAnswers.includes(answer)}
                          onChange={(_, data) =>
                            change(draft.key, {
                              knockOutAnswers:
                                data.checked === true
                                  ? [...draft.knockOutAnswers, answer]
                                  : draft.knockOutAnswers.filter((item) => item !== answer),
                            })
                          }
                        />
                      ))}
                    </div>
                    <Field label={{ children: 'Reply the applicant then gets', htmlFor: `${prefix}-reply` }}>
                      <Textarea
                        id={`${prefix}-reply`}
                        value={draft.knockOutMessage}
                        resize="vertical"
                        rows={3}
                        onChange={(_, data) => change(draft.key, { knockOutMessage: data.value })}
                      />
                    </Field>
                  </div>
                )}
              </>
            )}
            <Button
              icon={<DeleteRegular />}
              className={styles.remove}
              onClick={() => onChange(drafts.filter((other) => other.key !== draft.key))}
            >
              Remove question {index + 1}
            </Button>
          </section>
        );
      })}
      {drafts.length < MAX_QUESTIONS && (
        <Button icon={<AddRegular />} onClick={add} className={styles.add}>
          Add a question
        </Button>
      )}
    </fieldset>
  );
}
