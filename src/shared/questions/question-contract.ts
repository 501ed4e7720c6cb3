import { z } from 'zod';
import {
  controlCharactersMessage,
  MULTI_LINE,
  multiLineText,
  notOneLineMessage,
  ONE_LINE,
} from '../contact-fields';
import { formatDate } from '../format/date';
import { toLineFeeds } from '../format/printable-text';
import { isCalendarDate } from '../format/calendar-date';
import { healthWordIn, healthWordingMessage } from './health-wording';

/** The kinds of question a job may ask (docs/behaviour.md#questions-per-job). */
export const QUESTION_TYPES = [
  'yes-no',
  'one-of',
  'several-of',
  'short-text',
  'long-text',
  'number',
  'date',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const questionTypeLabels: Record<QuestionType, string> = {
  'yes-no': 'Yes or no',
  'one-of': 'One of a list',
  'several-of': 'Several of a list',
  'short-text': 'Short text',
  'long-text': 'Long text',
  number: 'Number',
  date: 'Date',
};

/** Types whose answer is chosen from the question's options. */
export const isChoice = (type: QuestionType) => type === 'one-of' || type === 'several-of';
/** Types that may knock an application out: their answers are a closed set. */
export const mayKnockOut = (type: QuestionType) => type === 'yes-no' || isChoice(type);

export const MAX_QUESTIONS = 20;
export const MAX_OPTIONS = 30;
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5000;
const QUESTION_ID = /^[a-z0-9-]{1,40}$/;

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(ONE_LINE, notOneLineMessage(label));

/**
 * Why a question's words are refused as asking about health or disability: the first such word
 * in the question, why it is asked or a choice (docs/behaviour.md#questions-per-job).
 */
export function healthWordingProblem(question: {
  label: string;
  purpose: string;
  options: readonly string[];
}): string | undefined {
  const texts: [string, string][] = [
    ['The question', question.label],
    ['Why we ask', question.purpose],
    ...question.options.map((option): [string, string] => ['A choice', option]),
  ];
  for (const [label, text] of texts) {
    const word = healthWordIn(text);
    if (word) return healthWordingMessage(label, word);
  }
  return undefined;
}

/** One question as the job form sends it; a new question comes without an id and gets one. */
export const questionInputSchema = z
  .object({
    id: z.string().regex(QUESTION_ID, 'A question id is 1 to 40 of a-z, 0-9 and -.').optional(),
    type: z.enum(QUESTION_TYPES, { error: `A question's type must be one of ${QUESTION_TYPES.join(', ')}.` }),
    label: line('The question', 300),
    /** Why the company asks: the applicant sees it under the question. */
    purpose: line('Why we ask', 500),
    required: z.boolean().default(false),
    options: z.array(line('Each choice', 200)).max(MAX_OPTIONS).default([]),
    /** Answers that end the application, and the polite reply the applicant then gets. */
    knockOut: z
      .object({
        answers: z
          .array(z.string())
          .min(1, 'A knock-out needs at least one answer that ends the application.'),
        message: multiLineText('The knock-out reply')
          .trim()
          .min(1, 'A knock-out needs the reply the applicant gets.')
          .max(1000, 'The knock-out reply must be at most 1000 characters.'),
      })
      .nullable()
      .default(null),
  })
  .superRefine((question, ctx) => {
    const { type, options, knockOut } = question;
    if (isChoice(type)) {
      if (options.length < 2)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'A list question needs at least two choices.',
        });
      if (new Set(options.map((option) => option.toLowerCase())).size !== options.length)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'Each choice must differ from the others.',
        });
    } else if (options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only list questions have choices.' });
    }
    if (knockOut) {
      const allowed = type === 'yes-no' ? ['yes', 'no'] : options;
      if (!mayKnockOut(type))
        ctx.addIssue({
          code: 'custom',
          path: ['knockOut'],
          message: 'Only yes-or-no and list questions can be knock-outs.',
        });
      else if (knockOut.answers.some((answer) => !allowed.includes(answer)))
        ctx.addIssue({
          code: 'custom',
          path: ['knockOut', 'answers'],
          message: 'A knock-out answer must be one of the question’s own answers.',
        });
    }
    const health = healthWordingProblem(question);
    if (health) ctx.addIssue({ code: 'custom', path: ['label'], message: health });
  });

/** A question as stored, with its id; what the apply form shows. */
export const questionSchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  label: z.string(),
  purpose: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  knockOut: z.object({ answers: z.array(z.string()), message: z.string() }).nullable(),
});

/** A job's questions: at most MAX_QUESTIONS, each id once. */
export const questionListSchema = z
  .array(questionInputSchema)
  .max(MAX_QUESTIONS, `A job can ask at most ${MAX_QUESTIONS} questions.`)
  .refine(
    (questions) => {
      const ids = questions.flatMap((question) => (question.id ? [question.id] : []));
      return new Set(ids).size === ids.length;
    },
    { message: 'Each question needs its own id.' },
  );

/** A yes-or-no answer is true or false; the other types as their names say. */
export type AnswerValue = boolean | string | string[] | number;

/** An answer as stored with the application: the question as the applicant saw it, and the answer. */
export const storedAnswerSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(QUESTION_TYPES),
  answer: z.union([z.boolean(), z.string(), z.array(z.string()), z.number()]),
});

/**
 * The answers an application sends: an object keyed by question id. A multipart form carries it
 * as one text part holding that object as JSON.
 */
export const answersInputSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.record(z.string(), z.unknown(), { error: 'Answers must be an object keyed by question id.' }),
);

export const answerMessages = {
  required: (label: string) => `Please answer "${label}".`,
  yesNo: (label: string) => `The answer to "${label}" must be yes or no.`,
  oneOf: (label: string) => `The answer to "${label}" must be one of its choices.`,
  severalOf: (label: string) => `The answer to "${label}" must be a list of its choices.`,
  text: (label: string, max: number) => `The answer to "${label}" must be text of at most ${max} characters.`,
  controls: (label: string) => controlCharactersMessage(`The answer to "${label}"`),
  number: (label: string) => `The answer to "${label}" must be a number.`,
  date: (label: string) => `The answer to "${label}" must be a date (YYYY-MM-DD).`,
  unknown: (id: string) => `This job has no question "${id}". Please reload the page and apply again.`,
  staleQuestions: 'This job’s questions could not be found. Please reload the page and apply again.',
};

export type Question = z.infer<typeof questionSchema>;
export type QuestionInput = z.input<typeof questionInputSchema>;
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

/** An empty answer: left blank, nothing chosen. */
const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** One answer checked against its question: the value to store, or why it is refused. */
function checkAnswer(question: Question, value: unknown): { answer: AnswerValue } | { message: string } {
  const { label, options } = question;
  switch (question.type) {
    case 'yes-no':
      return typeof value === 'boolean' ? { answer: value } : { message: answerMessages.yesNo(label) };
    case 'one-of':
      return typeof value === 'string' && options.includes(value)
        ? { answer: value }
        : { message: answerMessages.oneOf(label) };
    case 'several-of':
      return Array.isArray(value) &&
        value.every((item) => typeof item === 'string' && options.includes(item)) &&
        new Set(value).size === value.length
        ? { answer: options.filter((option) => (value as string[]).includes(option)) }
        : { message: answerMessages.severalOf(label) };
    case 'short-text':
    case 'long-text': {
      const long = question.type === 'long-text';
      const max = long ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
      // A long answer's line breaks are made LF as any text field's are (see multiLineText).
      const text = typeof value === 'string' ? (long ? toLineFeeds(value) : value).trim() : undefined;
      if (long && text !== undefined && !MULTI_LINE.test(text))
        return { message: answerMessages.controls(label) };
      const fits = text !== undefined && text.length <= max && (long || ONE_LINE.test(text));
      return fits ? { answer: text } : { message: answerMessages.text(label, max) };
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? { answer: value }
        : { message: answerMessages.number(label) };
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? { answer: value }
        : { message: answerMessages.date(label) };
  }
}

/**
 * The polite reply of the first question whose knock-out answer was given, if any. The apply form
 * asks it on every change (Submit stops at once) and the server on every application, so the two
 * always agree (docs/behaviour.md#questions-per-job). An answer of the wrong type knocks nothing out.
 */
export function knockOutReply(
  questions: readonly Question[],
  answers: Record<string, AnswerValue | undefined>,
): string | null {
  for (const question of questions) {
    if (!question.knockOut) continue;
    const answer = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    const given =
      typeof answer === 'boolean'
        ? [answer ? 'yes' : 'no']
        : Array.isArray(answer)
          ? answer
          : typeof answer === 'string'
            ? [answer]
            : [];
    if (given.some((value) => question.knockOut!.answers.includes(value))) return question.knockOut.message;
  }
  return null;
}

export type AnswerCheck =
  | { ok: true; answers: StoredAnswer[]; knockOut: string | null }
  | { ok: false; errors: { path: string; message: string }[] };

/**
 * Checks an application's answers against the questions the applicant was shown: every required
 * one answered, every answer of its question's type, no answer to a question that is not there.
 * A blank answer to an optional question is left out. `knockOut` is the polite reply of the first
 * question whose knock-out answer was given, if any.
 */
export function checkAnswers(questions: readonly Question[], answers: Record<string, unknown>): AnswerCheck {
  const errors: { path: string; message: string }[] = [];
  const known = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(answers))
    if (!known.has(id)) errors.push({ path: `answers.${id}`, message: answerMessages.unknown(id) });
  const stored: StoredAnswer[] = [];
  for (const question of questions) {
    const value = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (isBlank(value)) {
      if (question.required)
        errors.push({ path: `answers.${question.id}`, message: answerMessages.required(question.label) });
      continue;
    }
    const checked = checkAnswer(question, value);
    if ('message' in checked) {
      errors.push({ path: `answers.${question.id}`, message: checked.message });
      continue;
    }
    stored.push({ id: question.id, label: question.label, type: question.type, answer: checked.answer });
  }
  if (errors.length > 0) return { ok: false, errors };
  const checkedAnswers = Object.fromEntries(stored.map(({ id, answer }) => [id, answer]));
  return { ok: true, answers: stored, knockOut: knockOutReply(questions, checkedAnswers) };
}

/** An answer as the application page and the list show it; a date as every date is read ("5 December 2026"). */
export function formatAnswer({ type, answer }: Pick<StoredAnswer, 'type' | 'answer'>): string {
  if (type === 'date' && typeof answer === 'string') return formatDate(answer) || answer;
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  if (Array.isArray(answer)) return answer.join(', ');
  return String(answer);
}
