import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applicationAdjustments, applications } from '../db/schema';
import type { AdjustmentRequest, AdjustmentsAnswer } from '../../shared/adjustments/adjustments-contract';
import type { AdjustmentOrigin } from '../../shared/privacy/privacy-contract';

/** An adjustment's text as the applicant wrote it, and where. */
export interface HeldAdjustment {
  applicationId: string;
  askedWhen: AdjustmentOrigin;
  text: string;
}

/**
 * Reads adjustment requests, and writes what the contact agreed: only the adjustments routes call
 * this, and they answer only the adjustments contact (docs/security.md#adjustments). The requests
 * are written with the application and with the interview's booking.
 */
export function createAdjustmentRepository(db: Db) {
  return {
    /** One application's requests (none asked: empty); undefined when there is no such application. */
    async find(applicationId: string): Promise<(AdjustmentsAnswer & { email: string }) | undefined> {
      const [row] = await db
        .select({
          email: applications.email,
          adjustments: applicationAdjustments.adjustments,
          disabilityConfident: applicationAdjustments.disabilityConfident,
          interviewAdjustments: applicationAdjustments.interviewAdjustments,
          agreed: applicationAdjustments.agreed,
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
          interviewAdjustments: row.interviewAdjustments ?? null,
          agreed: row.agreed ?? null,
        }
      );
    },
    /** Every application that asked for an adjustment (applying or booking) or opted in, newest first. */
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
          interviewAdjustments: applicationAdjustments.interviewAdjustments,
          agreed: applicationAdjustments.agreed,
        })
        .from(applicationAdjustments)
        .innerJoin(applications, eq(applications.id, applicationAdjustments.applicationId))
        .where(
          or(
            sql`${applicationAdjustments.adjustments} is not null`,
            sql`${applicationAdjustments.interviewAdjustments} is not null`,
            eq(applicationAdjustments.disabilityConfident, true),
          ),
        )
        .orderBy(desc(applications.createdAt));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
    /**
     * Every adjustment text held for these applications, for an access request: what was asked on
     * the apply form, what was asked when booking the interview, and what the contact agreed for
     * the interviewers. The export reads them here and nowhere else, and shows the applicant's own
     * words to the adjustments contact alone.
     */
    async heldFor(applicationIds: string[]): Promise<HeldAdjustment[]> {
      if (applicationIds.length === 0) return [];
      const rows = await db
        .select({
          applicationId: applicationAdjustments.applicationId,
          asked: applicationAdjustments.adjustments,
          atBooking: applicationAdjustments.interviewAdjustments,
          agreed: applicationAdjustments.agreed,
        })
        .from(applicationAdjustments)
        .where(inArray(applicationAdjustments.applicationId, applicationIds));
      return rows.flatMap((row) =>
        (
          [
            ['application', row.asked],
            ['interview-booking', row.atBooking],
            ['agreed', row.agreed],
          ] as const
        ).flatMap(([askedWhen, text]) =>
          text ? [{ applicationId: row.applicationId, askedWhen, text }] : [],
        ),
      );
    },

    /**
     * Writes what the contact agreed for the interviewers and the hiring manager (null: nothing),
     * with who wrote it and when. Answers the applicant's address for the audit trail; undefined
     * when there is no such application.
     */
    async setAgreed(
      applicationId: string,
      agreed: string | null,
      by: string,
    ): Promise<{ email: string } | undefined> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [application] = await tx
          .select({ email: applications.email })
          .from(applications)
          .where(eq(applications.id, applicationId))
          .for('update');
        if (!application) return undefined;
        const written = { agreed, agreedBy: by, agreedAt: new Date() };
        await tx
          .insert(applicationAdjustments)
          .values({ applicationId, ...written })
          .onConflictDoUpdate({ target: applicationAdjustments.applicationId, set: written });
        return application;
      });
    },
  };
}

export type AdjustmentRepository = ReturnType<typeof createAdjustmentRepository>;
