import { isId } from '../../shared/http/id';
import type { AdminJob } from '../../shared/jobs/job-contract';
import {
  answerMessages,
  checkAnswers,
  type Question,
  type StoredAnswer,
} from '../../shared/questions/question-contract';
import { HttpError } from '../http/http-error';
import type { JobRepository } from '../jobs/job-repository';

export type AnswersOutcome =
  | { kind: 'refused'; message: string; errors: { path: string; message: string }[] }
  | { kind: 'knocked-out'; message: string }
  | { kind: 'accepted'; questionSetId: string | null; answers: StoredAnswer[] };

/**
 * The answers a plain HTML form sent (its controls' text, by question id) as the app sends them:
 * a yes-or-no as true or false, a number as a number, a list question's choices as a list, blanks
 * left out. What is not such an answer stays as sent, so checkAnswers refuses it in its own words.
 */
export function typedPlainAnswers(
  questions: readonly Question[],
  sent: Record<string, string[]>,
): Record<string, unknown> {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const typed: Record<string, unknown> = {};
  for (const [id, values] of Object.entries(sent)) {
    const type = byId.get(id)?.type;
    const given = values.filter((value) => value !== '');
    if (given.length === 0) continue;
    const one = given.length === 1 ? given[0]! : undefined;
    let answer: unknown = one ?? given;
    if (type === 'several-of') answer = given;
    else if (type === 'yes-no' && (one === 'yes' || one === 'no')) answer = one === 'yes';
    else if (type === 'number' && one !== undefined && one.trim() !== '' && Number.isFinite(Number(one)))
      answer = Number(one);
    typed[id] = answer;
  }
  return typed;
}

/**
 * Checks an application's answers against the questions its form showed: the version it names,
 * so an edit made while the applicant was filling in the form does not refuse them
 * (docs/behaviour.md#questions-per-job), or the job's current questions when it names none. A plain
 * form's answers (`plainAnswers`) are typed by those questions first, then checked the same way.
 */
export async function checkApplicationAnswers(
  jobs: Pick<JobRepository, 'questionSet'>,
  job: AdminJob,
  sent: {
    questionSetId?: string | undefined;
    answers?: Record<string, unknown> | undefined;
    plainAnswers?: Record<string, string[]> | undefined;
  },
): Promise<AnswersOutcome> {
  const setId = sent.questionSetId ?? job.questionSetId;
  const questions =
    sent.questionSetId === undefined || sent.questionSetId === job.questionSetId
      ? job.questions
      : isId(sent.questionSetId)
        ? await jobs.questionSet(job._id, sent.questionSetId)
        : undefined;
  if (!questions) throw new HttpError(400, answerMessages.staleQuestions);
  const answers = sent.plainAnswers ? typedPlainAnswers(questions, sent.plainAnswers) : sent.answers;
  const checked = checkAnswers(questions, answers ?? {});
  if (!checked.ok) return { kind: 'refused', message: checked.errors[0]!.message, errors: checked.errors };
  if (checked.knockOut !== null) return { kind: 'knocked-out', message: checked.knockOut };
  return { kind: 'accepted', questionSetId: questions.length > 0 ? setId : null, answers: checked.answers };
}
