import { asc, eq } from 'drizzle-orm';
import type { Benefit } from '../../shared/benefits/benefits-contract';
import type { Db } from '../db/database';
import { benefits } from './benefits-tables';

export function createBenefitRepository(db: Db) {
  return {
    async list(): Promise<Benefit[]> {
      return db
        .select({ id: benefits.id, title: benefits.title, detail: benefits.detail })
        .from(benefits)
        .orderBy(asc(benefits.createdAt));
    },
    async add(benefit: Omit<Benefit, 'id'>, addedByEmail: string): Promise<string> {
      const [row] = await db
        .insert(benefits)
        .values({ ...benefit, addedByEmail })
        .returning({ id: benefits.id });
      return row!.id;
    },
    /** Forgets who added what, for an erasure of that address. */
    async forget(email: string): Promise<void> {
      await db.update(benefits).set({ addedByEmail: null }).where(eq(benefits.addedByEmail, email));
    },
  };
}
export type BenefitRepository = ReturnType<typeof createBenefitRepository>;
