import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  applicationInterviewers,
  applications,
  interviewBookings,
  interviewSlots,
  jobs,
  scorecards,
  users,
} from '../db/schema';
import { isClosed } from '../../shared/jobs/closing-date';
import { messages } from '../../shared/messages';
import {
  interviewMessages,
  type Recommendation,
  type Scorecard,
  type ScorecardRating,
  type ScorecardsView,
} from '../../shared/interviews/interview-contract';
import type { ExportedScorecard } from '../../shared/privacy/privacy-contract';
import { HttpError } from '../http/http-error';

/** Who reads an application's scorecards: everything, or an interviewer (others' once their own is in). */
export type ScorecardViewer = { kind: 'all' } | { kind: 'interviewer'; userId: string };

const toScorecard = (row: typeof scorecards.$inferSelect): Scorecard => ({
  _id: row.id,
  interviewerName: row.interviewerName,
  interviewerEmail: row.interviewerEmail,
  ratings: row.ratings,
  recommendation: row.recommendation,
  submittedAt: row.submittedAt.toISOString(),
});

/**
 * Interviewers' scorecards (docs/security.md#scorecards). The job's requirements are the criteria;
 * each interviewer submits once, and not before the application's booked interview has started:
 * a score given before anyone has met the applicant is no interview's score. The interviewer
 * keeps the application and its scorecards while the job is open; only once their own is in may
 * they read the others'. `now` is the server's clock (tests move it).
 */
export function createScorecardRepository(db: Db, { now = () => new Date() }: { now?: () => Date } = {}) {
  /** When the application's booked interview starts; undefined while none is booked. */
  const interviewStart = async (applicationId: string): Promise<Date | undefined> => {
    const [row] = await db
      .select({ startsAt: interviewSlots.startsAt })
      .from(interviewBookings)
      .innerJoin(interviewSlots, eq(interviewSlots.id, interviewBookings.slotId))
      .where(eq(interviewBookings.applicationId, applicationId));
    return row?.startsAt;
  };

  return {
    /** The criteria an application is scored on: its job's requirements, in the job's order. */
    async criteria(applicationId: string): Promise<string[]> {
      const [row] = await db
        .select({ requirements: jobs.requirements })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(eq(applications.id, applicationId));
      return row?.requirements ?? [];
    },

    /**
     * The application as one of its interviewers reaches it for scorecards: assigned to them, and
     * its job open. 404 when never theirs, 403 once the job has closed.
     */
    async asInterviewer(userId: string, applicationId: string): Promise<{ id: string; email: string }> {
      const [row] = await db
        .select({ id: applications.id, email: applications.email, closingDate: jobs.closingDate })
        .from(applicationInterviewers)
        .innerJoin(applications, eq(applications.id, applicationInterviewers.applicationId))
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(
          and(
            eq(applicationInterviewers.applicationId, applicationId),
            eq(applicationInterviewers.userId, userId),
          ),
        );
      if (!row) throw new HttpError(404, messages.applicationMissing);
      if (isClosed(row.closingDate)) throw new HttpError(403, messages.teamAccessEnded);
      return { id: row.id, email: row.email };
    },

    /**
     * Stores the interviewer's scorecard: 409 while no interview is booked or until the booked one
     * has started, then 400 unless it rates each criterion once, 409 when already in.
     */
    async submit(input: {
      applicationId: string;
      interviewer: { id: string; email: string; name: string };
      ratings: ScorecardRating[];
      recommendation: Recommendation;
    }): Promise<Scorecard> {
      const startsAt = await interviewStart(input.applicationId);
      if (!startsAt) throw new HttpError(409, messages.scorecardNoInterview);
      const at = now();
      if (startsAt > at) throw new HttpError(409, messages.scorecardOpensAt(startsAt));
      const criteria = await this.criteria(input.applicationId);
      const matches =
        input.ratings.length === criteria.length &&
        input.ratings.every((rating, index) => rating.criterion === criteria[index]);
      if (!matches) throw new HttpError(400, interviewMessages.ratingsMismatch);
      const [row] = await db
        .insert(scorecards)
        .values({
          applicationId: input.applicationId,
          interviewerId: input.interviewer.id,
          interviewerEmail: input.interviewer.email,
          interviewerName: input.interviewer.name,
          ratings: input.ratings,
          recommendation: input.recommendation,
          submittedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new HttpError(409, interviewMessages.scorecardAlreadyIn);
      return toScorecard(row);
    },

    /** The scorecards of an application as `viewer` may see them. */
    async view(applicationId: string, viewer: ScorecardViewer): Promise<ScorecardsView> {
      const rows = await db
        .select()
        .from(scorecards)
        .where(eq(scorecards.applicationId, applicationId))
        .orderBy(asc(scorecards.submittedAt));
      const owedBy = await db
        .select({ _id: users.id, name: users.name, email: users.email })
        .from(applicationInterviewers)
        .innerJoin(users, eq(users.id, applicationInterviewers.userId))
        .leftJoin(
          scorecards,
          and(
            eq(scorecards.applicationId, applicationInterviewers.applicationId),
            eq(scorecards.interviewerId, users.id),
          ),
        )
        .where(and(eq(applicationInterviewers.applicationId, applicationId), isNull(scorecards.id)))
        .orderBy(asc(users.name));
      const own =
        viewer.kind === 'interviewer' ? rows.find((row) => row.interviewerId === viewer.userId) : undefined;
      const othersHidden = viewer.kind === 'interviewer' && own === undefined;
      const opensAt = viewer.kind === 'interviewer' ? await interviewStart(applicationId) : undefined;
      return {
        criteria: await this.criteria(applicationId),
        own: own ? toScorecard(own) : null,
        others: othersHidden ? [] : rows.filter((row) => row !== own).map(toScorecard),
        othersHidden,
        owedBy,
        ...(viewer.kind === 'interviewer'
          ? {
              scoring: {
                opensAt: opensAt?.toISOString() ?? null,
                open: opensAt !== undefined && opensAt <= now(),
              },
            }
          : {}),
      };
    },

    /**
     * Every scorecard of these applications, oldest first, for an access request: the applicant
     * is entitled to the interviewers' ratings, notes and recommendations, each under its
     * interviewer's name (docs/behaviour.md#access-export-and-erasure).
     */
    async exportFor(applicationIds: string[]): Promise<ExportedScorecard[]> {
      if (applicationIds.length === 0) return [];
      const rows = await db
        .select()
        .from(scorecards)
        .where(inArray(scorecards.applicationId, applicationIds))
        .orderBy(asc(scorecards.submittedAt));
      return rows.map((row) => ({
        applicationId: row.applicationId,
        interviewerName: row.interviewerName,
        ratings: row.ratings,
        recommendation: row.recommendation,
        submittedAt: row.submittedAt.toISOString(),
      }));
    },
  };
}

export type ScorecardRepository = ReturnType<typeof createScorecardRepository>;
