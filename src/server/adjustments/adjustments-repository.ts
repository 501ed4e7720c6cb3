import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applicationAdjustments, applications, interviewBookings } from '../db/schema';
import type { AdjustmentRequest, AdjustmentsAnswer } from '../../shared/adjustments/adjustments-contract';
import type { AdjustmentOrigin } from '../../shared/privacy/privacy-contract';

/** An adjustment's text as the applicant wrote it, and where. */
export interface HeldAdjustment {
  applicationId: string;
  askedWhen: AdjustmentOrigin;
  text: string;
}

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
    /**
     * Every adjustment text held for these applications, for an access request: what was asked on
     * the apply form, then what was asked when booking the interview. The export reads them here
     * and nowhere else, and shows their text to the adjustments contact alone.
     */
    async heldFor(applicationIds: string[]): Promise<HeldAdjustment[]> {
      if (applicationIds.length === 0) return [];
      const asked = await db
        .select({
          applicationId: applicationAdjustments.applicationId,
          text: applicationAdjustments.adjustments,
        })
        .from(applicationAdjustments)
        .where(
          and(
            inArray(applicationAdjustments.applicationId, applicationIds),
            isNotNull(applicationAdjustments.adjustments),
          ),
        );
      const atBooking = await db
        .select({ applicationId: interviewBookings.applicationId, text: interviewBookings.adjustments })
        .from(interviewBookings)
        .where(
          and(
            inArray(interviewBookings.applicationId, applicationIds),
            isNotNull(interviewBookings.adjustments),
          ),
        )
        .orderBy(asc(interviewBookings.bookedAt));
      return [
        ...asked.map((row) => ({
          applicationId: row.applicationId,
          askedWhen: 'application' as const,
          text: row.text!,
        })),
        ...atBooking.map((row) => ({
          applicationId: row.applicationId,
          askedWhen: 'interview-booking' as const,
          text: row.text!,
        })),
      ];
    },
  };
}

export type AdjustmentRepository = ReturnType<typeof createAdjustmentRepository>;
