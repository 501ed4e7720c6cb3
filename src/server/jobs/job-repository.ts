import { desc, eq, gte, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { ChangeFeed } from '../db/change-feed';
import { jobs } from '../db/schema';
import type { AdminJob } from '../../shared/jobs/job-contract';
import { isClosed, londonToday } from '../../shared/jobs/closing-date';

type JobRow = typeof jobs.$inferSelect;
export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const toJob = (row: JobRow): AdminJob => ({
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
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every write tells the change feed, so cached job lists everywhere are dropped. */
export function createJobRepository(db: Db, changes: Pick<ChangeFeed, 'publish'>) {
  const changed = <T>(result: T): T => {
    changes.publish('jobs');
    return result;
  };
  return {
    /** Newest first; jobs past their closing date only when asked (the admin's view). */
    async list(options: { includeClosed?: boolean } = {}): Promise<AdminJob[]> {
      const open = or(isNull(jobs.closingDate), gte(jobs.closingDate, londonToday()));
      const rows = await db
        .select()
        .from(jobs)
        .where(options.includeClosed ? undefined : open)
        .orderBy(desc(jobs.createdAt));
      return rows.map(toJob);
    },
    async find(id: string): Promise<AdminJob | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      return row && toJob(row);
    },
    async create(values: JobValues): Promise<string> {
      const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
      return changed(row!.id);
    },
    async update(id: string, values: Partial<JobValues>): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(jobs.id, id))
        .returning({ id: jobs.id });
      return changed(rows.length > 0);
    },
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
      return changed(rows.length > 0);
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
