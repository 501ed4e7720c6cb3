import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobs, settings } from '../db/schema';
import { employmentTypesFromText, payFromText, placeFromText } from '../../shared/jobs/job-facts';
import { payColumns } from './job-repository';

/** The settings row that records the step as done (docs/operations.md#migrations). */
export const JOB_FACTS_BACKFILL_KEY = 'data-step:job-facts-from-text';

/**
 * Fills each job's structured facts from its text where the text says them plainly, once, after
 * the schema migration that added them: SQL alone cannot apply the salary and hours patterns.
 * The texts are kept as they were, so nothing a visitor reads changes; what stays unclear is left
 * empty for an administrator (the dashboard lists such jobs). With PostgreSQL the settings row is
 * claimed in the same transaction, so of instances starting together one does the work and the
 * others wait for it, then find it done. Returns how many jobs gained a fact.
 */
export async function backfillJobFacts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: JOB_FACTS_BACKFILL_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return 0;
    const rows = await tx
      .select({ id: jobs.id, location: jobs.location, hours: jobs.hours, ctc: jobs.ctc })
      .from(jobs);
    let filled = 0;
    for (const row of rows) {
      const pay = payFromText(row.ctc);
      const place = placeFromText(row.location);
      const employmentTypes = employmentTypesFromText(row.hours);
      if (!pay && !place && employmentTypes.length === 0) continue;
      await tx
        .update(jobs)
        .set({ ...(pay ? payColumns(pay) : {}), ...(place ?? {}), employmentTypes })
        .where(eq(jobs.id, row.id));
      filled += 1;
    }
    return filled;
  });
}
