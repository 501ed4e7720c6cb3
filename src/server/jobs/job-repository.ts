import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../db/database';
import type { ChangeFeed } from '../db/change-feed';
import { departments, jobQuestionSets, jobs } from '../db/schema';
import type { AdminJob } from '../../shared/jobs/job-contract';
import { derivedText, type Department, type JobFacts, type PayRange } from '../../shared/jobs/job-facts';
import type { Question, questionInputSchema } from '../../shared/questions/question-contract';
import type { z } from 'zod';
import { isClosed } from '../../shared/jobs/closing-date';
import { londonToday } from '../../shared/format/calendar-date';
import { recordEvent } from '../events/record-event';

type JobRow = typeof jobs.$inferSelect;
type DepartmentRow = typeof departments.$inferSelect;
type QuestionInput = z.output<typeof questionInputSchema>;
type PayColumns = 'payMinPence' | 'payMaxPence' | 'payPeriod';
export type JobValues = Omit<
  typeof jobs.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'questionSetId' | PayColumns
> & {
  questions?: QuestionInput[];
  pay?: PayRange | null;
};

/** What a job will be once a write is saved: the texts as stored and the facts. */
export interface JobDraft extends Omit<JobFacts, 'department'> {
  departmentId: string | null;
  location: string;
  hours: string;
  ctc: string;
}

const toPence = (pounds: number) => Math.round(pounds * 100);
/** The pay columns a write sets: all three, or none when the write leaves pay alone. */
export const payColumns = (pay: PayRange | null | undefined): Partial<Pick<JobRow, PayColumns>> =>
  pay === undefined
    ? {}
    : pay === null
      ? { payMinPence: null, payMaxPence: null, payPeriod: null }
      : { payMinPence: toPence(pay.min), payMaxPence: toPence(pay.max), payPeriod: pay.period };

const payOf = (row: JobRow): PayRange | null =>
  row.payMinPence !== null && row.payMaxPence !== null && row.payPeriod !== null
    ? { min: row.payMinPence / 100, max: row.payMaxPence / 100, period: row.payPeriod, currency: 'GBP' }
    : null;

export const toDepartment = (row: DepartmentRow): Department => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
});

export const factsOf = (row: JobRow, department: DepartmentRow | null): JobFacts => ({
  department: department && toDepartment(department),
  locations: row.locations,
  workplaceType: row.workplaceType,
  remoteCountry: row.remoteCountry,
  employmentTypes: row.employmentTypes,
  pay: payOf(row),
});

/** Questions as stored: each with an id (kept across edits, so answers can be compared and filtered on). */
const withIds = (questions: QuestionInput[]): Question[] =>
  questions.map(({ id, ...question }) => ({ id: id ?? randomUUID().slice(0, 8), ...question }));

/**
 * A job as answers carry it. A text the administrator left blank is written from the facts, so the
 * specification's clients always read a location, hours and CTC (docs/behaviour.md#job-facts).
 */
export const toJob = (
  row: JobRow,
  questions: Question[] = [],
  department: DepartmentRow | null = null,
): AdminJob => {
  const facts = factsOf(row, department);
  return {
    _id: row.id,
    jobTitle: row.jobTitle,
    location: row.location || derivedText.location(facts),
    hours: row.hours || derivedText.hours(facts),
    ctc: row.ctc || derivedText.ctc(facts),
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
    ...facts,
  };
};

/** Every write tells the change feed, so cached job lists everywhere are dropped. */
export function createJobRepository(db: Db, changes: Pick<ChangeFeed, 'publish'>) {
  const changed = <T>(result: T): T => {
    changes.publish('jobs');
    return result;
  };
  // A fresh builder each time: a query builder keeps the conditions it is given.
  const withQuestions = () =>
    db
      .select({ job: jobs, questions: jobQuestionSets.questions, department: departments })
      .from(jobs)
      .leftJoin(jobQuestionSets, eq(jobQuestionSets.id, jobs.questionSetId))
      .leftJoin(departments, eq(departments.id, jobs.departmentId))
      .$dynamic();
  type Joined = { job: JobRow; questions: Question[] | null; department: DepartmentRow | null };
  const fromJoin = ({ job, questions, department }: Joined) => toJob(job, questions ?? [], department);

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
    /** A job's texts as stored (blank where they are written from the facts) and its facts. */
    async draft(id: string): Promise<JobDraft | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      if (!row) return undefined;
      const { department: _department, ...facts } = factsOf(row, null);
      return {
        ...facts,
        departmentId: row.departmentId,
        location: row.location,
        hours: row.hours,
        ctc: row.ctc,
      };
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
    async create({ questions = [], pay, ...values }: JobValues): Promise<string> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(jobs)
          .values({ ...values, ...payColumns(pay) })
          .returning({ id: jobs.id });
        const questionSetId = await addQuestionSet(tx, row!.id, withIds(questions));
        if (questionSetId) await tx.update(jobs).set({ questionSetId }).where(eq(jobs.id, row!.id));
        if (!isClosed(values.closingDate ?? null)) {
          await recordEvent(tx, { type: 'job-published', jobId: row!.id });
        }
        return row!.id;
      });
      return changed(id);
    },
    /** Questions sent unchanged keep their version; changed ones become a new version. */
    async update(id: string, { questions, pay, ...values }: Partial<JobValues>): Promise<boolean> {
      const found = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ questions: jobQuestionSets.questions, closingDate: jobs.closingDate })
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
          .set({
            ...values,
            ...payColumns(pay),
            ...(changedQuestions ? { questionSetId } : {}),
            updatedAt: new Date(),
          })
          .where(eq(jobs.id, id));
        // Whether the edit opened or closed the job: what job alerts and reports hear of.
        const closingDate = values.closingDate === undefined ? current.closingDate : values.closingDate;
        const [wasClosed, closed] = [isClosed(current.closingDate), isClosed(closingDate)];
        if (wasClosed !== closed) {
          await recordEvent(tx, { type: closed ? 'job-closed' : 'job-published', jobId: id });
        }
        return true;
      });
      return changed(found);
    },
    async remove(id: string): Promise<boolean> {
      const removed = await db.transaction(async (tx) => {
        const rows = await tx.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
        if (rows.length > 0) await recordEvent(tx, { type: 'job-deleted', jobId: id });
        return rows.length > 0;
      });
      return changed(removed);
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
