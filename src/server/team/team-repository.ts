import { and, asc, count, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  applicationInterviewers,
  applications,
  auditEntries,
  jobHiringManagers,
  jobs,
  users,
} from '../db/schema';
import { isClosed } from '../../shared/jobs/closing-date';
import { londonToday } from '../../shared/format/calendar-date';
import {
  interviewingRoles,
  type InvitationStatus,
  type JobViewer,
  type TeamMember,
  type TeamRole,
} from '../../shared/team/team-contract';
import { endResets, storeReset } from '../auth/account-repository';
import { roleOf } from '../auth/guards';

/** A job still takes the team's work: no closing date, or one not yet past (London's day). */
export const jobIsOpen = () => or(isNull(jobs.closingDate), gte(jobs.closingDate, londonToday()));

/**
 * Who may be given applications to interview: the same rule as the assignment's own check
 * (interviewer-assignment.ts), so the Team screen offers only what the server accepts.
 */
export const mayInterview = (role: TeamRole): boolean => interviewingRoles.includes(role);

/** An invitation accepted (a first password chosen), or else still open or expired at `now`. */
export const invitationStatus = (acceptedAt: Date | null, expiresAt: Date, now: number): InvitationStatus =>
  acceptedAt ? 'accepted' : expiresAt.getTime() > now ? 'invited' : 'expired';

export type InviteOutcome =
  { kind: 'invited'; user: { id: string; email: string; name: string } } | { kind: 'administrator' };

/**
 * The hiring team as administrators manage it: who is on it and as what, which jobs each hiring
 * manager has, and which applications each interviewer has (docs/security.md#the-hiring-team).
 */
export function createTeamRepository(db: Db) {
  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(tx as unknown as Db));

  return {
    /**
     * Puts the address on the team with `role`: a new account, or an existing plain account given
     * the role, its password unusable until the invitation's link sets one (a registered
     * account's password followed the weaker rule, and the team's must follow the
     * administrators'). A member invited again keeps their password; a change of role drops what
     * the old role was assigned, so nothing carries over. An administrator's address is left alone.
     *
     * The account takes the name the administrator typed, whoever registered it and whatever they
     * called it, since the invitation greets it by that name; and the new link (`link`, its
     * token's digest) is the only one left working: every earlier invitation or reset link of the
     * account ends in the same transaction (docs/security.md#the-hiring-team).
     */
    invite(input: {
      email: string;
      name: string;
      role: TeamRole;
      unusablePasswordHash: string;
      link: { tokenHash: string; lifetimeMs: number };
    }): Promise<InviteOutcome> {
      return inTransaction(async (tx) => {
        const email = input.email.toLowerCase();
        await tx
          .insert(users)
          .values({ email, name: input.name, passwordHash: input.unusablePasswordHash, teamRole: input.role })
          .onConflictDoNothing({ target: users.email });
        const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
        if (!user) throw new Error('invited account vanished');
        if (user.isAdmin) return { kind: 'administrator' };
        if (user.teamRole === null) {
          await tx
            .update(users)
            .set({
              name: input.name,
              teamRole: input.role,
              passwordHash: input.unusablePasswordHash,
              tokenGeneration: sql`${users.tokenGeneration} + 1`,
              invitationAcceptedAt: null,
            })
            .where(eq(users.id, user.id));
        } else {
          await tx.update(users).set({ name: input.name, teamRole: input.role }).where(eq(users.id, user.id));
          if (user.teamRole !== input.role) {
            await tx.delete(jobHiringManagers).where(eq(jobHiringManagers.userId, user.id));
            await tx.delete(applicationInterviewers).where(eq(applicationInterviewers.userId, user.id));
          }
        }
        await endResets(tx, user.id);
        const expiresAt = await storeReset(
          tx,
          user.id,
          input.link.tokenHash,
          input.link.lifetimeMs,
          'invitation',
        );
        // A member who already joined stays joined: a new link (a new role) changes nothing of that.
        await tx
          .update(users)
          .set({ invitedAt: sql`now()`, invitationExpiresAt: expiresAt })
          .where(eq(users.id, user.id));
        return { kind: 'invited', user: { id: user.id, email: user.email, name: input.name } };
      });
    },

    /** Every team member, with a hiring manager's jobs and an interviewer's count of open interviews. */
    async list(): Promise<TeamMember[]> {
      const members = await db
        .select()
        .from(users)
        .where(and(isNotNull(users.teamRole), eq(users.isAdmin, false)))
        .orderBy(asc(users.name), asc(users.email));
      if (members.length === 0) return [];
      const ids = members.map((member) => member.id);
      const assigned = await db
        .select({
          userId: jobHiringManagers.userId,
          jobId: jobs.id,
          jobTitle: jobs.jobTitle,
          closingDate: jobs.closingDate,
          mayDecide: jobHiringManagers.mayDecide,
        })
        .from(jobHiringManagers)
        .innerJoin(jobs, eq(jobs.id, jobHiringManagers.jobId))
        .where(inArray(jobHiringManagers.userId, ids))
        .orderBy(asc(jobs.jobTitle));
      const interviews = await db
        .select({
          userId: applicationInterviewers.userId,
          applicationId: applications.id,
          applicantName: applications.name,
          jobId: jobs.id,
          jobTitle: jobs.jobTitle,
          stage: applications.stage,
        })
        .from(applicationInterviewers)
        .innerJoin(applications, eq(applications.id, applicationInterviewers.applicationId))
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(and(inArray(applicationInterviewers.userId, ids), jobIsOpen()))
        .orderBy(asc(jobs.jobTitle), asc(applications.name), asc(applications.id));
      const now = Date.now();
      return members.map((member) => {
        const invitedAt = member.invitedAt ?? member.createdAt;
        const expiresAt = member.invitationExpiresAt ?? invitedAt;
        const theirs = interviews
          .filter((row) => row.userId === member.id)
          .map(({ userId: _userId, ...row }) => row);
        return {
          _id: member.id,
          email: member.email,
          name: member.name,
          role: member.teamRole!,
          invitedAt: invitedAt.toISOString(),
          invitation: invitationStatus(member.invitationAcceptedAt, expiresAt, now),
          invitationExpiresAt: expiresAt.toISOString(),
          acceptedAt: member.invitationAcceptedAt?.toISOString() ?? null,
          jobs: assigned
            .filter((row) => row.userId === member.id)
            .map((row) => ({
              jobId: row.jobId,
              jobTitle: row.jobTitle,
              closed: isClosed(row.closingDate),
              mayDecide: row.mayDecide,
            })),
          interviewCount: theirs.length,
          interviews: theirs,
          mayInterview: mayInterview(member.teamRole!),
        };
      });
    },

    /** A team member's account, by id; undefined for anyone else (administrators included). */
    async member(
      id: string,
    ): Promise<{ id: string; email: string; name: string; role: TeamRole } | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNotNull(users.teamRole), eq(users.isAdmin, false)));
      return row && { id: row.id, email: row.email, name: row.name, role: row.teamRole! };
    },

    /**
     * Removes a team member's account, and with it every assignment, reset link and second factor:
     * their next call finds no account. What they did stays in the audit trail under their address.
     */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(and(eq(users.id, id), isNotNull(users.teamRole), eq(users.isAdmin, false)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Gives a hiring manager a job, or changes whether they may hire or reject for it. True when
     * the job is newly theirs, after `onAdded` ran in the same transaction (their e-mail, queued).
     */
    async assignJob(
      userId: string,
      jobId: string,
      mayDecide: boolean,
      assignedBy: string,
      onAdded: (tx: Db) => Promise<void> = () => Promise.resolve(),
    ): Promise<boolean> {
      return inTransaction(async (tx) => {
        const added = await tx
          .insert(jobHiringManagers)
          .values({ userId, jobId, mayDecide, assignedBy })
          .onConflictDoNothing()
          .returning({ userId: jobHiringManagers.userId });
        if (added.length > 0) {
          await onAdded(tx);
          return true;
        }
        await tx
          .update(jobHiringManagers)
          .set({ mayDecide, assignedBy })
          .where(and(eq(jobHiringManagers.userId, userId), eq(jobHiringManagers.jobId, jobId)));
        return false;
      });
    },

    async unassignJob(userId: string, jobId: string): Promise<boolean> {
      const rows = await db
        .delete(jobHiringManagers)
        .where(and(eq(jobHiringManagers.userId, userId), eq(jobHiringManagers.jobId, jobId)))
        .returning({ userId: jobHiringManagers.userId });
      return rows.length > 0;
    },

    /** Opens one application to an interviewer; false when they already had it. */
    async assignInterviewer(applicationId: string, userId: string, assignedBy: string): Promise<boolean> {
      const rows = await db
        .insert(applicationInterviewers)
        .values({ applicationId, userId, assignedBy })
        .onConflictDoNothing()
        .returning({ userId: applicationInterviewers.userId });
      return rows.length > 0;
    },

    async unassignInterviewer(applicationId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(applicationInterviewers)
        .where(
          and(
            eq(applicationInterviewers.applicationId, applicationId),
            eq(applicationInterviewers.userId, userId),
          ),
        )
        .returning({ userId: applicationInterviewers.userId });
      return rows.length > 0;
    },

    /**
     * Whom a hiring manager may ask to interview, by name: the team's interviewers and its hiring
     * managers, who interview too (docs/security.md#the-hiring-team).
     */
    async allInterviewers(): Promise<{ _id: string; name: string; email: string }[]> {
      return db
        .select({ _id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(inArray(users.teamRole, INTERVIEWING_ROLES), eq(users.isAdmin, false)))
        .orderBy(asc(users.name), asc(users.email));
    },

    /** Who interviews an application, by name. */
    async interviewers(applicationId: string): Promise<{ _id: string; name: string; email: string }[]> {
      return db
        .select({ _id: users.id, name: users.name, email: users.email })
        .from(applicationInterviewers)
        .innerJoin(users, eq(users.id, applicationInterviewers.userId))
        .where(eq(applicationInterviewers.applicationId, applicationId))
        .orderBy(asc(users.name));
    },

    /**
     * Who has read the data of this job's applicants, from the audit trail: each reader with how
     * many applicants and reads, and when last. Deletions, erasures and stage changes are not
     * reads; an application erased or deleted since drops out with its entries.
     */
    async viewersOfJob(jobId: string): Promise<JobViewer[]> {
      const rows = await db
        .select({
          actorEmail: auditEntries.actorEmail,
          applicants: sql<number>`count(distinct ${auditEntries.applicationId})`.mapWith(Number),
          reads: count(),
          lastAt: sql<Date>`max(${auditEntries.createdAt})`.mapWith(
            (value: string | Date) => new Date(value),
          ),
          name: sql<string | null>`max(${users.name})`,
          isAdmin: sql<boolean | null>`bool_or(${users.isAdmin})`,
          teamRole: sql<TeamRole | null>`max(${users.teamRole})`,
          accountFound: sql<boolean>`bool_or(${users.id} is not null)`,
        })
        .from(auditEntries)
        .innerJoin(applications, eq(applications.id, auditEntries.applicationId))
        .leftJoin(users, eq(users.email, auditEntries.actorEmail))
        .where(and(eq(applications.jobId, jobId), inArray(auditEntries.action, READ_ACTIONS)))
        .groupBy(auditEntries.actorEmail)
        .orderBy(sql`max(${auditEntries.createdAt}) desc`);
      return rows.map((row) => ({
        actorEmail: row.actorEmail,
        name: row.name,
        role: row.accountFound ? roleOf({ isAdmin: Boolean(row.isAdmin), teamRole: row.teamRole }) : null,
        applicants: row.applicants,
        reads: row.reads,
        lastAt: row.lastAt.toISOString(),
      }));
    },
  };
}

/**
 * The hiring managers of an application's job, by name: whom its interview bookings are told to.
 * Run in the booking's transaction (`db` may be one).
 */
export const hiringManagersOf = (db: Db, applicationId: string) =>
  db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(applications)
    .innerJoin(jobHiringManagers, eq(jobHiringManagers.jobId, applications.jobId))
    .innerJoin(users, eq(users.id, jobHiringManagers.userId))
    .where(and(eq(applications.id, applicationId), eq(users.isAdmin, false)));

/** The roles whose members may be given an application to interview: a hiring manager interviews too. */
export const INTERVIEWING_ROLES = [...interviewingRoles];

/** The audit actions that read an applicant's data (auditActions in audit-contract.ts). */
const READ_ACTIONS = ['view', 'list', 'preview', 'download', 'notes', 'scorecards', 'export'];

export type TeamRepository = ReturnType<typeof createTeamRepository>;
