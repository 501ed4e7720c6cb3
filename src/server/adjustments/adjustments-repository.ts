import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applicationAdjustments, applications } from '../db/schema';
import type { AdjustmentRequest, AdjustmentsAnswer } from '../../shared/adjustments/adjustments-contract';

/**
 * Reads adjustment requests: only the adjustments routes call this, and they answer only the
 * adjustments contact (docs/security.md#adjustments). They are written with the application.
 */
export function createAdjustmentRepository(db: Db) {
  return {
    /** One application's request (none asked: empty); undefined when there is no such application. */
    async find(applicationId: string): Promise<(AdjustmentsAnswer & { email: string }) | undefined> {
      const [row] = await db
        .select({
          email: applications.email,
          adjustments: applicationAdjustments.adjustments,
          disabilityConfident: applicationAdjustments.disabilityConfident,
        })
        .from(applications)
        .leftJoin(applicationAdjustments, eq(applicationAdjustments.applicationId, applications.id))
        .where(eq(applications.id, applicationId))
        .limit(1);
      return (
        row && {
          applicationId,
          email: row.email,
          adjustments: row.adjustments ?? null,
          disabilityConfident: row.disabilityConfident ?? false,
        }
      );
    },
    /** Every application that asked for an adjustment or opted in, newest first. */
    async requests(): Promise<Array<AdjustmentRequest & { email: string }>> {
      const rows = await db
        .select({
          applicationId: applications.id,
          name: applications.name,
          email: applications.email,
          jobTitle: applications.jobTitle,
          createdAt: applications.createdAt,
          adjustments: applicationAdjustments.adjustments,
          disabilityConfident: applicationAdjustments.disabilityConfident,
        })
        .from(applicationAdjustments)
        .innerJoin(applications, eq(applications.id, applicationAdjustments.applicationId))
        .where(
          or(
            sql`${applicationAdjustments.adjustments} is not null`,
            eq(applicationAdjustments.disabilityConfident, true),
          ),
        )
        .orderBy(desc(applications.createdAt));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

export type AdjustmentRepository = ReturnType<typeof createAdjustmentRepository>;
