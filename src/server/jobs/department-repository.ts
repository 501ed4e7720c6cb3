import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { ChangeFeed } from '../db/change-feed';
import { departments, jobs } from '../db/schema';
import { slugOf, type DepartmentListItem } from '../../shared/jobs/department-contract';
import type { Department } from '../../shared/jobs/job-facts';
import { toDepartment } from './job-repository';

/** PostgreSQL's unique_violation, raised by a name another administrator took at the same time. */
const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  return code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
};

export type DepartmentWrite = { ok: true; id: string } | { ok: false; reason: 'name-taken' | 'not-found' };
export type DepartmentRemoval =
  { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'in-use'; jobs: number };

/**
 * The departments administrators keep. A rename keeps the slug, so links already shared keep
 * their filter; jobs show the new name at once (every write tells the change feed).
 */
export function createDepartmentRepository(db: Db, changes: Pick<ChangeFeed, 'publish'>) {
  const freeSlug = async (name: string): Promise<string> => {
    const base = slugOf(name);
    const taken = new Set(
      (
        await db
          .select({ slug: departments.slug })
          .from(departments)
          .where(sql`${departments.slug} = ${base} or ${departments.slug} like ${`${base}-%`}`)
      ).map((row) => row.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    return slug;
  };
  const write = async (run: () => Promise<string | undefined>): Promise<DepartmentWrite> => {
    try {
      const id = await run();
      if (!id) return { ok: false, reason: 'not-found' };
      changes.publish('jobs');
      return { ok: true, id };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'name-taken' };
      throw error;
    }
  };

  return {
    async list(): Promise<DepartmentListItem[]> {
      const rows = await db
        .select({ department: departments, jobCount: count(jobs.id) })
        .from(departments)
        .leftJoin(jobs, eq(jobs.departmentId, departments.id))
        .groupBy(departments.id)
        .orderBy(asc(sql`lower(${departments.name})`));
      return rows.map(({ department, jobCount }) => ({ ...toDepartment(department), jobCount }));
    },
    async find(id: string): Promise<Department | undefined> {
      const [row] = await db.select().from(departments).where(eq(departments.id, id)).limit(1);
      return row && toDepartment(row);
    },
    create: (name: string) =>
      write(async () => {
        const [row] = await db
          .insert(departments)
          .values({ name, slug: await freeSlug(name) })
          .returning({ id: departments.id });
        return row?.id;
      }),
    rename: (id: string, name: string) =>
      write(async () => {
        const [row] = await db
          .update(departments)
          .set({ name })
          .where(eq(departments.id, id))
          .returning({ id: departments.id });
        return row?.id;
      }),
    /** Only a department no job names: the foreign key refuses it too, should a job take it meanwhile. */
    async remove(id: string): Promise<DepartmentRemoval> {
      const result = await db.transaction(async (tx): Promise<DepartmentRemoval> => {
        const [found] = await tx.select().from(departments).where(eq(departments.id, id)).for('update');
        if (!found) return { ok: false, reason: 'not-found' } as const;
        const [used] = await tx.select({ n: count() }).from(jobs).where(eq(jobs.departmentId, id));
        if (used!.n > 0) return { ok: false, reason: 'in-use', jobs: used!.n } as const;
        await tx.delete(departments).where(eq(departments.id, id));
        return { ok: true } as const;
      });
      if (result.ok) changes.publish('jobs');
      return result;
    },
  };
}

export type DepartmentRepository = ReturnType<typeof createDepartmentRepository>;
