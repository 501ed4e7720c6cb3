import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../db/database';
import type { ChangeFeed } from '../db/change-feed';
import { jobQuestionSets, jobs } from '../db/schema';
import type { AdminJob } from '../../shared/jobs/job-contract';
import type { Question, questionInputSchema } from '../../shared/questions/question-contract';
import type { z } from 'zod';
import { isClosed, londonToday } from '../../shared/jobs/closing-date';

type JobRow = typeof jobs.$inferSelect;
type QuestionInput = z.output<typeof questionInputSchema>;
export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'questionSetId'> & {
  questions?: QuestionInput[];
};

/** Questions as stored: each with an id (kept across edits, so answers can be compared and filtered on). */
const withIds = (questions: QuestionInput[]): Question[] =>
  questions.map(({ id, ...question }) => ({ id: id ?? randomUUID().slice(0, 8), ...question }));

export const toJob = (row: JobRow, questions: Question[] = []): AdminJob => ({
  _id: row.id,
  jobTitle: row.jobTitle,
  location: row.location,
  hours: row.hours,
  ctc: row.ctc,
  experience: row.experience,
  description: row.description,
  responsibilities: row.responsibilities,
  requirements: row.requirements,
  publishTime: row.publishTime,
  postCreator: row.postCreator,
  lastEditUser: row.lastEditUser,
  editTime: row.editTime,
  closingDate: row.closingDate,
  closed: isClosed(row.closingDate),
  questions,
  questionSetId: row.questionSetId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every write tells the change feed, so cached job lists everywhere are dropped. */
export function createJobRepository(db: Db, changes: Pick<ChangeFeed, 'publish'>) {
  const changed = <T>(result: T): T => {
    changes.publish('jobs');
    return result;
  };
  // A fresh builder each time: a query builder keeps the conditions it is given.
  const withQuestions = () =>
    db
      .select({ job: jobs, questions: jobQuestionSets.questions })
      .from(jobs)
      .leftJoin(jobQuestionSets, eq(jobQuestionSets.id, jobs.questionSetId))
      .$dynamic();
  type Joined = { job: JobRow; questions: Question[] | null };
  const fromJoin = ({ job, questions }: Joined) => toJob(job, questions ?? []);

  /** A new version of a job's questions, or none when it asks none; an edit never changes a version. */
  const addQuestionSet = async (
    tx: Pick<Db, 'insert'>,
    jobId: string,
    questions: Question[],
  ): Promise<string | null> => {
    if (questions.length === 0) return null;
    const [set] = await tx
      .insert(jobQuestionSets)
      .values({ jobId, questions })
      .returning({ id: jobQuestionSets.id });
    return set!.id;
  };

  return {
    /** Newest first; jobs past their closing date only when asked (the admin's view). */
    async list(options: { includeClosed?: boolean } = {}): Promise<AdminJob[]> {
      const open = or(isNull(jobs.closingDate), gte(jobs.closingDate, londonToday()));
      const rows = await withQuestions()
        .where(options.includeClosed ? undefined : open)
        .orderBy(desc(jobs.createdAt));
      return rows.map(fromJoin);
    },
    async find(id: string): Promise<AdminJob | undefined> {
      const [row] = await withQuestions().where(eq(jobs.id, id)).limit(1);
      return row && fromJoin(row);
    },
    /** One version of a job's questions, if it is that job's: what an application is checked against. */
    async questionSet(jobId: string, setId: string): Promise<Question[] | undefined> {
      const [row] = await db
        .select({ questions: jobQuestionSets.questions })
        .from(jobQuestionSets)
        .where(and(eq(jobQuestionSets.id, setId), eq(jobQuestionSets.jobId, jobId)))
        .limit(1);
      return row?.questions;
    },
    async create({ questions = [], ...values }: JobValues): Promise<string> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(jobs).values(values).returning({ id: jobs.id });
        const questionSetId = await addQuestionSet(tx, row!.id, withIds(questions));
        if (questionSetId) await tx.update(jobs).set({ questionSetId }).where(eq(jobs.id, row!.id));
        return row!.id;
      });
      return changed(id);
    },
    /** Questions sent unchanged keep their version; changed ones become a new version. */
    async update(id: string, { questions, ...values }: Partial<JobValues>): Promise<boolean> {
      const found = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ questions: jobQuestionSets.questions })
          .from(jobs)
          .leftJoin(jobQuestionSets, eq(jobQuestionSets.id, jobs.questionSetId))
          .where(eq(jobs.id, id))
          .for('update', { of: jobs });
        if (!current) return false;
        const next = questions && withIds(questions);
        const changedQuestions = next !== undefined && !isDeepStrictEqual(next, current.questions ?? []);
        const questionSetId = changedQuestions ? await addQuestionSet(tx, id, next) : undefined;
        await tx
          .update(jobs)
          .set({ ...values, ...(changedQuestions ? { questionSetId } : {}), updatedAt: new Date() })
          .where(eq(jobs.id, id));
        return true;
      });
      return changed(found);
    },
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
      return changed(rows.length > 0);
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
