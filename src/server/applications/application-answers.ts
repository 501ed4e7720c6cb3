import { isId } from '../../shared/http/id';
import type { AdminJob } from '../../shared/jobs/job-contract';
import { answerMessages, checkAnswers, type StoredAnswer } from '../../shared/questions/question-contract';
import { HttpError } from '../http/http-error';
import type { JobRepository } from '../jobs/job-repository';

export type AnswersOutcome =
  | { kind: 'refused'; message: string; errors: { path: string; message: string }[] }
  | { kind: 'knocked-out'; message: string }
  | { kind: 'accepted'; questionSetId: string | null; answers: StoredAnswer[] };

/**
 * Checks an application's answers against the questions its form showed: the version it names,
 * so an edit made while the applicant was filling in the form does not refuse them
 * (docs/behaviour.md#questions-per-job), or the job's current questions when it names none.
 */
export async function checkApplicationAnswers(
  jobs: Pick<JobRepository, 'questionSet'>,
  job: AdminJob,
  sent: { questionSetId?: string | undefined; answers?: Record<string, unknown> | undefined },
): Promise<AnswersOutcome> {
  const setId = sent.questionSetId ?? job.questionSetId;
  const questions =
    sent.questionSetId === undefined || sent.questionSetId === job.questionSetId
      ? job.questions
      : isId(sent.questionSetId)
        ? await jobs.questionSet(job._id, sent.questionSetId)
        : undefined;
  if (!questions) throw new HttpError(400, answerMessages.staleQuestions);
  const checked = checkAnswers(questions, sent.answers ?? {});
  if (!checked.ok) return { kind: 'refused', message: checked.errors[0]!.message, errors: checked.errors };
  if (checked.knockOut !== null) return { kind: 'knocked-out', message: checked.knockOut };
  return { kind: 'accepted', questionSetId: questions.length > 0 ? setId : null, answers: checked.answers };
}
