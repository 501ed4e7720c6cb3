import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  applicationInterviewers,
  applications,
  interviewBookings,
  interviewOffers,
  interviewSlotInterviewers,
  interviewSlots,
  jobHiringManagers,
  jobs,
  scorecards,
  users,
} from '../db/schema';
import { isId } from '../../shared/http/id';
import { applicationStages } from '../../shared/applications/stage-contract';
import { isClosed } from '../../shared/jobs/closing-date';
import { messages } from '../../shared/messages';
import type {
  TeamApplicationInterview,
  TeamApplicationSummary,
  TeamInterviewRow,
  TeamJob,
  TeamRole,
} from '../../shared/team/team-contract';
import { HttpError } from '../http/http-error';
import { toJob } from '../jobs/job-repository';
import { jobIsOpen } from './team-repository';

/** The caller as the team guard read them on this request (auth/guards.ts). */
export interface TeamCaller {
  id: string;
  email: string;
  teamRole: TeamRole;
}

/** An application a team member may reach now, and on what terms. */
export interface ReachedApplication {
  id: string;
  jobId: string;
  /** A hiring manager allowed to move it to Hired or Rejected. */
  mayDecide: boolean;
  /**
   * The caller's part in this application: 'hiring-manager' for the manager of its job, else
   * 'interviewer' (a hiring manager who interviews for another manager's job reaches that
   * application as its interviewers do, and no further).
   */
  role: TeamRole;
}

/** A count in SQL, as a number (PostgreSQL's count is a bigint, which the driver answers as text). */
const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/**
 * What a team member reaches, decided on every call from the database: a hiring manager the
 * applications of their assigned jobs, an interviewer the applications assigned to them (their
 * scorecard in or not: docs/security.md#scorecards), and either only while the job is open.
 * Nothing is cached and nothing runs later: closing a job, removing an assignment or removing the
 * person ends the access at the next call (docs/security.md#the-hiring-team).
 */
export function createTeamAccess(db: Db) {
  /**
   * An interviewer's access: their assignment to the application. It outlasts their scorecard, so
   * that what they scored stays in their "Scored" list (docs/security.md#scorecards).
   */
  const interviewing = (caller: TeamCaller) =>
    and(
      eq(applicationInterviewers.applicationId, applications.id),
      eq(applicationInterviewers.userId, caller.id),
    );

  /**
   * The applications the caller reaches: an interviewer their assigned ones; a hiring manager
   * every application of their jobs, and besides those any they are assigned to interview
   * (another manager's job included), on an interviewer's terms. `managed` tells the two apart.
   */
  const reachable = (caller: TeamCaller, where: SQL | undefined) => {
    const managing = caller.teamRole === 'hiring-manager';
    const base = db
      .select({
        id: applications.id,
        jobId: jobs.id,
        jobTitle: applications.jobTitle,
        name: applications.name,
        email: applications.email,
        stage: applications.stage,
        stageChangedAt: applications.stageChangedAt,
        createdAt: applications.createdAt,
        cvKey: applications.cvKey,
        cvSize: applications.cvSize,
        closingDate: jobs.closingDate,
        interviewStartsAt:
          sql<Date | null>`(select ${interviewSlots.startsAt} from ${interviewBookings} inner join ${interviewSlots} on ${interviewSlots.id} = ${interviewBookings.slotId} where ${interviewBookings.applicationId} = ${applications.id})`.mapWith(
            interviewSlots.startsAt,
          ),
        interviewBookedAt:
          sql<Date | null>`(select ${interviewBookings.bookedAt} from ${interviewBookings} where ${interviewBookings.applicationId} = ${applications.id})`.mapWith(
            interviewBookings.bookedAt,
          ),
        interviewOffered: sql<boolean>`exists (select 1 from ${interviewOffers} inner join ${interviewSlots} on ${interviewSlots.id} = ${interviewOffers.slotId} where ${interviewOffers.applicationId} = ${applications.id} and ${interviewSlots.startsAt} > now())`,
        scorecardsIn: countOf(
          sql`select count(*) from ${scorecards} where ${scorecards.applicationId} = ${applications.id}`,
        ),
        // Interviewers assigned who have not sent theirs: with those in, everyone expected.
        scorecardsPending: countOf(
          sql`select count(*) from application_interviewers pending where pending.application_id = ${applications.id} and not exists (select 1 from ${scorecards} where ${scorecards.applicationId} = pending.application_id and ${scorecards.interviewerId} = pending.user_id)`,
        ),
        // Only the hiring manager's own row manages, and only it can say yes to Hired or Rejected.
        managed: managing ? sql<boolean>`${jobHiringManagers.userId} is not null` : sql<boolean>`false`,
        mayDecide: managing ? jobHiringManagers.mayDecide : sql<boolean>`false`,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId));
    if (!managing) return base.innerJoin(applicationInterviewers, interviewing(caller)).where(where);
    return base
      .leftJoin(
        jobHiringManagers,
        and(eq(jobHiringManagers.jobId, applications.jobId), eq(jobHiringManagers.userId, caller.id)),
      )
      .leftJoin(
        applicationInterviewers,
        and(
          eq(applicationInterviewers.applicationId, applications.id),
          eq(applicationInterviewers.userId, caller.id),
        ),
      )
      .where(and(where, or(isNotNull(jobHiringManagers.userId), isNotNull(applicationInterviewers.userId))));
  };

  /** A job the caller interviews for: one of its applications is assigned to them. */
  const interviewedJob = (caller: TeamCaller, jobId: string) =>
    db
      .select({ closingDate: jobs.closingDate })
      .from(applicationInterviewers)
      .innerJoin(applications, eq(applications.id, applicationInterviewers.applicationId))
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(eq(jobs.id, jobId), eq(applicationInterviewers.userId, caller.id)))
      .limit(1);

  const toSummary = (row: {
    id: string;
    jobId: string;
    jobTitle: string;
    name: string;
    email: string;
    stage: TeamApplicationSummary['stage'];
    stageChangedAt: Date;
    createdAt: Date;
    cvKey: string | null;
    cvSize: number;
    interviewStartsAt: Date | null;
    interviewOffered: boolean;
    scorecardsIn: number;
    scorecardsPending: number;
    managed: boolean;
  }): TeamApplicationSummary & { email: string } => ({
    _id: row.id,
    email: row.email,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    name: row.name,
    stage: row.stage,
    stageChangedAt: row.stageChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    hasResume: row.cvKey !== null && row.cvSize > 0,
    ...(row.interviewStartsAt ? { interviewStartsAt: row.interviewStartsAt.toISOString() } : {}),
    // The panel's progress is the job's hiring manager's to follow, not an interviewer's.
    ...(row.managed
      ? {
          interviewOffered: !row.interviewStartsAt && Boolean(row.interviewOffered),
          scorecards: {
            submitted: row.scorecardsIn,
            expected: row.scorecardsIn + row.scorecardsPending,
          },
        }
      : {}),
  });

  return {
    /**
     * The application if the caller reaches it now. One they never reached is "not found" (404),
     * as one that does not exist; one whose job has closed says their access ended (403).
     */
    async application(caller: TeamCaller, id: string): Promise<ReachedApplication> {
      if (!isId(id)) throw new HttpError(404, messages.applicationMissing);
      const [row] = await reachable(caller, eq(applications.id, id)).limit(1);
      if (!row) throw new HttpError(404, messages.applicationMissing);
      if (isClosed(row.closingDate)) throw new HttpError(403, messages.teamAccessEnded);
      const managed = Boolean(row.managed);
      return {
        id: row.id,
        jobId: row.jobId,
        mayDecide: managed && row.mayDecide === true,
        role: managed ? 'hiring-manager' : 'interviewer',
      };
    },

    /**
     * A job the caller reaches now (404 otherwise, 403 once it has closed): a hiring manager's own
     * job, or one they or an interviewer interview for.
     */
    async job(caller: TeamCaller, jobId: string): Promise<{ id: string; mayDecide: boolean }> {
      if (!isId(jobId)) throw new HttpError(404, messages.jobNotFound);
      const [managed] =
        caller.teamRole === 'hiring-manager'
          ? await db
              .select({ closingDate: jobs.closingDate, mayDecide: jobHiringManagers.mayDecide })
              .from(jobHiringManagers)
              .innerJoin(jobs, eq(jobs.id, jobHiringManagers.jobId))
              .where(and(eq(jobHiringManagers.jobId, jobId), eq(jobHiringManagers.userId, caller.id)))
          : [];
      const row = managed ?? (await interviewedJob(caller, jobId))[0];
      if (!row) throw new HttpError(404, messages.jobNotFound);
      if (isClosed(row.closingDate)) throw new HttpError(403, messages.teamAccessEnded);
      return { id: jobId, mayDecide: managed?.mayDecide === true };
    },

    /**
     * The open jobs the caller reaches, each with its place and pay as the public job page writes
     * them, and the applications the caller sees of it: how many, by stage, and their interviews.
     */
    async jobs(caller: TeamCaller): Promise<TeamJob[]> {
      const seen = await reachable(caller, jobIsOpen());
      const managed =
        caller.teamRole === 'hiring-manager'
          ? await db
              .select({ jobId: jobHiringManagers.jobId, mayDecide: jobHiringManagers.mayDecide })
              .from(jobHiringManagers)
              .where(eq(jobHiringManagers.userId, caller.id))
          : [];
      const ids = [...new Set([...managed.map((row) => row.jobId), ...seen.map((row) => row.jobId)])];
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(jobs)
        .where(and(inArray(jobs.id, ids), jobIsOpen()))
        .orderBy(desc(jobs.createdAt));
      const now = Date.now();
      return rows.map((row) => {
        const mine = seen.filter((application) => application.jobId === row.id);
        const booked = mine.filter((application) => (application.interviewStartsAt?.getTime() ?? 0) > now);
        const lastBooked = Math.max(
          ...booked.map((application) => application.interviewBookedAt?.getTime() ?? 0),
        );
        const manager = managed.find((job) => job.jobId === row.id);
        // The public page's own words for the place and the pay: the text fields, or the facts.
        const published = toJob(row);
        return {
          _id: row.id,
          jobTitle: row.jobTitle,
          location: published.location,
          pay: published.ctc,
          closingDate: row.closingDate,
          mayDecide: manager?.mayDecide ?? false,
          managed: manager !== undefined,
          applicationCount: mine.length,
          byStage: Object.fromEntries(
            applicationStages.map((stage) => [
              stage,
              mine.filter((application) => application.stage === stage).length,
            ]),
          ) as TeamJob['byStage'],
          interviewsBooked: booked.length,
          lastBookedAt: lastBooked > 0 ? new Date(lastBooked).toISOString() : null,
        };
      });
    },

    /**
     * A job's applications the caller sees (all of them for its hiring manager), newest first,
     * each with the applicant's address for the audit trail (the answer's schema leaves it out).
     */
    async applicationsOfJob(
      caller: TeamCaller,
      jobId: string,
    ): Promise<(TeamApplicationSummary & { email: string })[]> {
      const rows = await reachable(caller, eq(jobs.id, jobId)).orderBy(desc(applications.createdAt));
      return rows.map(toSummary);
    },

    /**
     * An interviewer's applications in all their open jobs, newest first, each with when they
     * submitted its scorecard (null while it is to come) and the applicant's address for the audit
     * trail. A hiring manager has the ones they are assigned to interview, on any job.
     */
    async interviews(caller: TeamCaller): Promise<(TeamInterviewRow & { email: string })[]> {
      const rows = await reachable(
        caller,
        and(jobIsOpen(), isNotNull(applicationInterviewers.userId)),
      ).orderBy(desc(applications.createdAt));
      if (rows.length === 0) return [];
      const scored = await db
        .select({ applicationId: scorecards.applicationId, submittedAt: scorecards.submittedAt })
        .from(scorecards)
        .where(
          and(
            eq(scorecards.interviewerId, caller.id),
            inArray(
              scorecards.applicationId,
              rows.map((row) => row.id),
            ),
          ),
        );
      return rows.map((row) => ({
        ...toSummary(row),
        scoredAt: scored.find((card) => card.applicationId === row.id)?.submittedAt.toISOString() ?? null,
      }));
    },

    /**
     * An application's booked interview as its team sees it (null while none is booked), first on
     * an interviewer's screen: when, how long, where, and who else interviews, by name only (their
     * colleagues' addresses are not needed). For an application the caller already reaches.
     */
    async interview(applicationId: string, callerId: string): Promise<TeamApplicationInterview | null> {
      const [booked] = await db
        .select({
          slotId: interviewSlots.id,
          startsAt: interviewSlots.startsAt,
          durationMinutes: interviewSlots.durationMinutes,
          place: interviewSlots.place,
        })
        .from(interviewBookings)
        .innerJoin(interviewSlots, eq(interviewSlots.id, interviewBookings.slotId))
        .where(eq(interviewBookings.applicationId, applicationId));
      if (!booked) return null;
      const others = await db
        .select({ name: users.name })
        .from(interviewSlotInterviewers)
        .innerJoin(users, eq(users.id, interviewSlotInterviewers.userId))
        .where(and(eq(interviewSlotInterviewers.slotId, booked.slotId), ne(users.id, callerId)))
        .orderBy(asc(users.name));
      return {
        startsAt: booked.startsAt.toISOString(),
        durationMinutes: booked.durationMinutes,
        place: booked.place,
        otherInterviewers: others.map((person) => person.name),
      };
    },
  };
}

export type TeamAccess = ReturnType<typeof createTeamAccess>;
