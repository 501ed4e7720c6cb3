import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  applicationInterviewers,
  applications,
  interviewBookings,
  interviewSlotInterviewers,
  interviewSlots,
  jobHiringManagers,
  jobs,
  scorecards,
  users,
} from '../db/schema';
import { isId } from '../../shared/http/id';
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
  role: TeamRole;
}

/**
 * What a team member reaches, decided on every call from the database: a hiring manager the
 * applications of their assigned jobs, an interviewer the applications assigned to them (their
 * scorecard in or not: docs/security.md#scorecards), and either only while the job is open.
 * Nothing is cached and nothing runs later: closing a job, removing an assignment or removing the
 * person ends the access at the next call (docs/security.md#the-hiring-team).
 */
export function createTeamAccess(db: Db) {
  /** The join that is the caller's access: their job for a hiring manager, their application for an interviewer. */
  const reach = (caller: TeamCaller) =>
    caller.teamRole === 'hiring-manager'
      ? and(eq(jobHiringManagers.jobId, applications.jobId), eq(jobHiringManagers.userId, caller.id))
      : and(
          eq(applicationInterviewers.applicationId, applications.id),
          eq(applicationInterviewers.userId, caller.id),
        );

  const reachable = (caller: TeamCaller, where: SQL | undefined) => {
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
        // An interviewer never moves an application: only the hiring manager's row can say yes.
        mayDecide: caller.teamRole === 'hiring-manager' ? jobHiringManagers.mayDecide : sql<boolean>`false`,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId));
    return caller.teamRole === 'hiring-manager'
      ? base.innerJoin(jobHiringManagers, reach(caller)).where(where)
      : base.innerJoin(applicationInterviewers, reach(caller)).where(where);
  };

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
      return {
        id: row.id,
        jobId: row.jobId,
        mayDecide: caller.teamRole === 'hiring-manager' && row.mayDecide === true,
        role: caller.teamRole,
      };
    },

    /** A job the caller reaches now (404 otherwise, 403 once it has closed). */
    async job(caller: TeamCaller, jobId: string): Promise<{ id: string; mayDecide: boolean }> {
      if (!isId(jobId)) throw new HttpError(404, messages.jobNotFound);
      const [row] =
        caller.teamRole === 'hiring-manager'
          ? await db
              .select({ closingDate: jobs.closingDate, mayDecide: jobHiringManagers.mayDecide })
              .from(jobHiringManagers)
              .innerJoin(jobs, eq(jobs.id, jobHiringManagers.jobId))
              .where(and(eq(jobHiringManagers.jobId, jobId), eq(jobHiringManagers.userId, caller.id)))
          : await db
              .select({ closingDate: jobs.closingDate })
              .from(applicationInterviewers)
              .innerJoin(applications, eq(applications.id, applicationInterviewers.applicationId))
              .innerJoin(jobs, eq(jobs.id, applications.jobId))
              .where(and(eq(jobs.id, jobId), eq(applicationInterviewers.userId, caller.id)))
              .limit(1);
      if (!row) throw new HttpError(404, messages.jobNotFound);
      if (isClosed(row.closingDate)) throw new HttpError(403, messages.teamAccessEnded);
      return { id: jobId, mayDecide: 'mayDecide' in row && row.mayDecide === true };
    },

    /** The open jobs the caller reaches, each with how many of its applications they see. */
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
      return rows.map((row) => ({
        _id: row.id,
        jobTitle: row.jobTitle,
        location: row.location,
        closingDate: row.closingDate,
        mayDecide: managed.find((job) => job.jobId === row.id)?.mayDecide ?? false,
        applicationCount: seen.filter((application) => application.jobId === row.id).length,
      }));
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
     * trail. Only an interviewer has interviews (403 for a hiring manager).
     */
    async interviews(caller: TeamCaller): Promise<(TeamInterviewRow & { email: string })[]> {
      if (caller.teamRole !== 'interviewer') throw new HttpError(403, messages.interviewerRequired);
      const rows = await reachable(caller, jobIsOpen()).orderBy(desc(applications.createdAt));
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
