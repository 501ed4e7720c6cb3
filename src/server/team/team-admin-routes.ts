import { deleteAckSchema, updateAckSchema } from '../../shared/http/acknowledgements';
import { idParamsSchema, isId } from '../../shared/http/id';
import { INVITATIONS_PER_ADDRESS_PER_DAY, INVITATIONS_PER_ADMIN_PER_DAY } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { screens } from '../../shared/site/screen-routes';
import {
  interviewerParamsSchema,
  jobAssignmentSchema,
  jobViewerListSchema,
  memberJobParamsSchema,
  teamInterviewerSchema,
  teamInvitedSchema,
  teamInviteSchema,
  teamMemberListSchema,
  teamRoleLabels,
} from '../../shared/team/team-contract';
import { currentUser } from '../auth/guards';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import type { Mailer } from '../email/mailer';
import { INVITATION_LINK_LIFETIME_HOURS, teamInvitationEmail } from './team-invitation-email';
import { jobGivenEmail } from './job-given-email';
import { HttpError } from '../http/http-error';
import { refuse, type RateLimiters } from '../http/rate-limit';
import { errorResponses, type Api } from '../domain-module/route-types';
import { newSecretToken } from '../http/secret-token';
import type { ErasureLog } from '../erasures/erasure-log';
import type { JobRepository } from '../jobs/job-repository';
import { takeInvitation } from './invitation-limits';
import type { InviteOutcome } from './team-repository';
import { interviewerAssignment, type InterviewerAssignmentDeps } from './interviewer-assignment';
import { z } from 'zod';
import { apiPaths } from '../../shared/http/api-routes';

/** What the administrators' team calls use of the server's parts (see app-context.ts). */
export interface TeamAdminRouteDeps extends InterviewerAssignmentDeps {
  jobs: JobRepository;
  /** A removal is logged before it runs, so a restore leaves the account out (backups/restore.ts). */
  erasureLog: ErasureLog;
  limiters: Pick<RateLimiters, 'invitationsByEmail' | 'invitationsByAdmin'>;
  mailer: Mailer;
  mail: MailOptions;
  outbox: EmailOutbox;
  database: Database;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Administrators manage the hiring team (registered in the admin scope, auth/admin-scope.ts):
 * invite people with a role, give hiring managers jobs, give interviewers applications, remove
 * people, and see who has read a job's applicants (docs/security.md#the-hiring-team).
 */
export function teamAdminRoutes(app: Api, context: TeamAdminRouteDeps): void {
  teamMemberRoutes(app, context);
  teamAssignmentRoutes(app, context);
}

const existingJob = async (jobs: JobRepository, id: string) => {
  const job = isId(id) ? await jobs.find(id) : undefined;
  if (!job) throw new HttpError(404, messages.jobNotFound);
  return job;
};

/** Who is on the team: the list, invitations and removals. */
function teamMemberRoutes(app: Api, context: TeamAdminRouteDeps): void {
  const { team, limiters, mailer, mail } = context;

  app.get(
    apiPaths.teamMembers.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listTeamMembers',
        summary: "The hiring team: each member's role, a hiring manager's jobs, an interviewer's interviews",
        response: { 200: teamMemberListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => team.list(),
  );

  app.post(
    apiPaths.teamMembers.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'inviteTeamMember',
        summary: 'Invite a person to the hiring team by e-mail, with a single-use link to choose a password',
        description: `The link works once, for ${INVITATION_LINK_LIFETIME_HOURS} hours, and ends every earlier link of the account. Inviting a member again sends a new link (and changes the role, dropping what the old role was assigned); the account takes the name given. At most ${INVITATIONS_PER_ADDRESS_PER_DAY} invitations to one address and ${INVITATIONS_PER_ADMIN_PER_DAY} from one administrator in 24 hours (429). emailed: false when the e-mail could not be sent: invite again.`,
        body: teamInviteSchema,
        response: { 201: teamInvitedSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email, name, role } = request.body;
      const admin = currentUser(request);
      const allowance = await takeInvitation(limiters, email, admin.id);
      if (allowance.kind === 'refused') {
        await refuse(reply, allowance.msBeforeNext, allowance.message);
        return reply;
      }
      const { token, hash } = newSecretToken();
      let outcome: InviteOutcome;
      try {
        outcome = await team.invite({
          email,
          name,
          role,
          unusablePasswordHash: await hashPassword(newSecretToken().token),
          link: { tokenHash: hash, lifetimeMs: INVITATION_LINK_LIFETIME_HOURS * HOUR_MS },
        });
      } catch (error) {
        // Not made, so not counted.
        await allowance.giveBack();
        throw error;
      }
      if (outcome.kind === 'administrator') {
        await allowance.giveBack();
        throw new HttpError(409, messages.teamInviteAdmin);
      }
      const { user } = outcome;
      const link = `${mail.publicUrl}${screens.welcome.path({ token })}`;
      let emailed = true;
      try {
        await mailer.send(teamInvitationEmail(user, teamRoleLabels[role], admin.name, link, mail));
      } catch (error) {
        emailed = false;
        request.log.error(
          { reason: error instanceof Error ? error.message : String(error) },
          'team invitation e-mail not sent',
        );
      }
      return reply.code(201).send({ acknowledged: true, insertedId: user.id, emailed });
    },
  );

  app.delete(
    apiPaths.teamMember.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'removeTeamMember',
        summary: 'Remove a person from the hiring team: their account goes, and their next call is refused',
        params: idParamsSchema,
        response: { 200: deleteAckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id) || !(await team.member(id))) throw new HttpError(404, messages.teamMemberMissing);
      await context.erasureLog.record({ action: 'remove-account', accountId: id });
      if (!(await team.remove(id))) throw new HttpError(404, messages.teamMemberMissing);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
}

/**
 * Gives a hiring manager a job, or changes their leave to decide on it. A job newly theirs (and
 * open) is e-mailed to them, queued with the assignment; a change of leave is not news.
 */
async function giveJob(
  context: TeamAdminRouteDeps,
  member: { id: string; email: string; name: string },
  job: { _id: string; jobTitle: string; closed: boolean },
  mayDecide: boolean,
  actorEmail: string,
): Promise<void> {
  const { team, outbox, mail } = context;
  const added = await team.assignJob(member.id, job._id, mayDecide, actorEmail, (tx) =>
    job.closed
      ? Promise.resolve()
      : outbox.enqueue(tx, [jobGivenEmail(member, { id: job._id, jobTitle: job.jobTitle, mayDecide }, mail)]),
  );
  if (added && !job.closed) outbox.wake();
}

/** What each member is given: a hiring manager's jobs, an interviewer's applications; and who read what. */
function teamAssignmentRoutes(app: Api, context: TeamAdminRouteDeps): void {
  const { team, jobs, audit } = context;
  const interviewers = interviewerAssignment(context);

  const hiringManager = async (id: string) => {
    const member = isId(id) ? await team.member(id) : undefined;
    if (!member) throw new HttpError(404, messages.teamMemberMissing);
    if (member.role !== 'hiring-manager') throw new HttpError(400, messages.notHiringManager);
    return member;
  };

  app.put(
    apiPaths.teamMemberJob.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'assignJobToTeamMember',
        summary:
          'Give a hiring manager a job (mayDecide: they may move its applications to Hired or Rejected)',
        params: memberJobParamsSchema,
        body: jobAssignmentSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = await hiringManager(request.params.id);
      const job = await existingJob(jobs, request.params.jobId);
      await giveJob(context, member, job, request.body.mayDecide, currentUser(request).email);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.delete(
    apiPaths.teamMemberJob.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'unassignJobFromTeamMember',
        summary: "End a hiring manager's access to a job",
        params: memberJobParamsSchema,
        response: { 200: deleteAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = await hiringManager(request.params.id);
      const removed = isId(request.params.jobId) && (await team.unassignJob(member.id, request.params.jobId));
      return { acknowledged: true, deletedCount: removed ? 1 : 0 };
    },
  );

  app.get(
    apiPaths.interviewers.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listInterviewers',
        summary: 'Who interviews this application (and so may read it and its CV)',
        params: idParamsSchema,
        response: { 200: z.array(teamInterviewerSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id) || !(await context.applications.exists(id))) {
        throw new HttpError(404, messages.applicationMissing);
      }
      return team.interviewers(id);
    },
  );

  app.put(
    apiPaths.interviewer.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'assignInterviewer',
        summary: 'Give an interviewer this application and its CV, while its job is open (audited)',
        params: interviewerParamsSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      interviewers.assign(request.params.id, request.params.userId, currentUser(request).email),
  );

  app.delete(
    apiPaths.interviewer.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'unassignInterviewer',
        summary: "End an interviewer's access to this application (audited)",
        params: interviewerParamsSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      interviewers.unassign(request.params.id, request.params.userId, currentUser(request).email),
  );

  app.get(
    apiPaths.jobViewers.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listJobViewers',
        summary:
          "Who has seen this job's applicants: each reader, how many applicants and reads, and when last",
        params: idParamsSchema,
        response: { 200: jobViewerListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const job = await existingJob(jobs, request.params.id);
      // Reads recorded a moment ago may still wait in the batch: they belong in the answer.
      await audit.flush();
      return team.viewersOfJob(job._id);
    },
  );
}
