import type { FastifyReply, FastifyRequest } from 'fastify';
import { cvAnswerSchema } from '../../shared/applications/application-contract';
import { noteListSchema } from '../../shared/applications/note-contract';
import { stageChangedSchema, stageLabels } from '../../shared/applications/stage-contract';
import { updateAckSchema } from '../../shared/http/acknowledgements';
import { idParamsSchema } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import { cvPurposeSchema, type AuditAction } from '../../shared/privacy/audit-contract';
import {
  interviewerParamsSchema,
  teamApplicationDetailSchema,
  teamApplicationListSchema,
  teamInterviewListSchema,
  teamInterviewerListSchema,
  teamJobListSchema,
  teamMovableStages,
  teamStageChangeSchema,
} from '../../shared/team/team-contract';
import type { NoteRepository } from '../applications/note-repository';
import type { StageRepository } from '../applications/stage-repository';
import { sendCvAnswerStream } from '../applications/cv-answer';
import type { BlobStore } from '../blobs/blob-store';
import { currentUser } from '../auth/guards';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import { interviewerAssignment, type InterviewerAssignmentDeps } from './interviewer-assignment';
import type { ReachedApplication, TeamAccess, TeamCaller } from './team-access';
import { apiPaths } from '../../shared/http/api-routes';

/** What the hiring team's calls use of the server's parts (see app-context.ts). */
export interface TeamRouteDeps extends InterviewerAssignmentDeps {
  teamAccess: TeamAccess;
  blobs: BlobStore;
  notes: NoteRepository;
  stages: StageRepository;
}

/** The signed-in team member, as the team scope's guard read them on this request. */
const teamCaller = (request: FastifyRequest): TeamCaller => {
  const user = currentUser(request);
  if (!user.teamRole) throw new HttpError(403, messages.teamRequired);
  return { id: user.id, email: user.email, teamRole: user.teamRole };
};

/** The stages a team member may move an application to from where it stands now. */
const movableFrom = (reached: ReachedApplication, stage: keyof typeof stageLabels) => {
  if (reached.role !== 'hiring-manager') return [];
  const allowed = teamMovableStages(reached.mayDecide);
  return allowed.includes(stage) ? allowed.filter((to) => to !== stage) : [];
};

/**
 * The hiring team's own calls, under `/api/team` (registered in the team scope,
 * auth/admin-scope.ts). Each call finds the job or application among what the caller reaches now
 * (team-access.ts), and every read of an applicant's data is recorded in the audit trail.
 * Nothing here exports, erases, deletes, edits a job or reads a reply template
 * (docs/security.md#the-hiring-team).
 */
export function teamRoutes(app: Api, context: TeamRouteDeps): void {
  teamDirectoryRoutes(app, context);
  teamReadRoutes(app, context);
  teamChangeRoutes(app, context);
}

/** The application, if the caller reaches it now and (for `managerOnly`) manages its job. */
const reachedApplication =
  (teamAccess: TeamAccess) =>
  async (request: FastifyRequest, id: string, { managerOnly = false } = {}) => {
    const found = await teamAccess.application(teamCaller(request), id);
    if (managerOnly && found.role !== 'hiring-manager') {
      throw new HttpError(403, messages.hiringManagerRequired);
    }
    return found;
  };

/**
 * Where a team member works: their open jobs, (managers) the interviewers to choose from, and
 * (interviewers) the applications they interview.
 */
function teamDirectoryRoutes(app: Api, context: TeamRouteDeps): void {
  const { teamAccess, team, audit } = context;

  app.get(
    apiPaths.teamJobs.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listTeamJobs',
        summary: 'The open jobs you work on, with how many of their applications you see',
        response: { 200: teamJobListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => teamAccess.jobs(teamCaller(request)),
  );

  app.get(
    apiPaths.teamInterviewers.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listTeamInterviewers',
        summary:
          "The hiring team's interviewers, to choose from when offering interview times (hiring managers of an open job)",
        response: { 200: teamInterviewerListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = teamCaller(request);
      if (caller.teamRole !== 'hiring-manager') throw new HttpError(403, messages.hiringManagerRequired);
      // A manager whose jobs have all closed has no offer to make, and so no one to choose.
      if ((await teamAccess.jobs(caller)).length === 0) throw new HttpError(403, messages.teamAccessEnded);
      return team.allInterviewers();
    },
  );

  app.get(
    apiPaths.teamInterviews.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listTeamInterviews',
        summary:
          'The applications you are assigned to interview in open jobs, each with when you scored it (interviewers, and hiring managers who interview; audited: list)',
        response: { 200: teamInterviewListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const list = await teamAccess.interviews(teamCaller(request));
      const actorEmail = currentUser(request).email;
      for (const row of list) {
        audit.record({ action: 'list', actorEmail, subjectEmail: row.email, applicationId: row._id });
      }
      return list;
    },
  );
}

/** What a team member reads: a job's list, an application, its CV and (managers) its notes. */
function teamReadRoutes(app: Api, context: TeamRouteDeps): void {
  const { teamAccess, applications, audit, notes, team } = context;

  const record = (request: FastifyRequest, action: AuditAction, application: { id: string; email: string }) =>
    audit.record({
      action,
      actorEmail: currentUser(request).email,
      subjectEmail: application.email,
      applicationId: application.id,
    });

  const reached = reachedApplication(teamAccess);

  app.get(
    apiPaths.teamJobApplications.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listTeamJobApplications',
        summary: "A job's applications you see (all of them for its hiring manager), newest first (audited)",
        params: idParamsSchema,
        response: { 200: teamApplicationListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = teamCaller(request);
      const job = await teamAccess.job(caller, request.params.id);
      const list = await teamAccess.applicationsOfJob(caller, job.id);
      for (const row of list) record(request, 'list', { id: row._id, email: row.email });
      return list;
    },
  );

  app.get(
    apiPaths.teamApplication.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'getTeamApplication',
        summary: 'One application you may see, without CV bytes (audited: view)',
        params: idParamsSchema,
        response: { 200: teamApplicationDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const access = await reached(request, request.params.id);
      const application = await applications.find(access.id);
      if (!application) throw new HttpError(404, messages.applicationMissing);
      record(request, 'view', { id: access.id, email: application.email });
      return {
        _id: application._id,
        jobId: access.jobId,
        jobTitle: application.jobTitle,
        name: application.name,
        email: application.email,
        phone: application.phone,
        about: application.about,
        stage: application.stage,
        stageChangedAt: application.stageChangedAt,
        createdAt: application.createdAt,
        hasResume: application.hasResume,
        fileSize: application.fileSize,
        movableTo: movableFrom(access, application.stage),
        interviewers: access.role === 'hiring-manager' ? await team.interviewers(access.id) : [],
        // For those who shortlist, the job's hiring manager; an interviewer is told nothing of it
        // (docs/security.md#adjustments).
        ...(access.role === 'hiring-manager'
          ? { interviewIfMinimumCriteriaMet: application.interviewIfMinimumCriteriaMet }
          : {}),
        agreedAdjustment: application.agreedAdjustment,
        interview: await teamAccess.interview(access.id, currentUser(request).id),
        answers: application.answers,
      };
    },
  );

  app.get(
    apiPaths.teamApplicationPdf.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'getTeamApplicationCvDataUrl',
        summary: 'The CV of an application you may see, as a base64 data URL (audited: preview or download)',
        params: idParamsSchema,
        querystring: cvPurposeSchema,
        response: { 200: cvAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await reached(request, request.params.id);
      const owner = await applications.cvOwner(access.id);
      const cv = owner && (await context.blobs.open(owner.cvKey));
      if (!owner || !cv) throw new HttpError(404, messages.cvMissing);
      record(request, request.query.purpose, { id: access.id, email: owner.email });
      return sendCvAnswerStream(reply as FastifyReply, cv);
    },
  );

  app.get(
    apiPaths.teamApplicationNotes.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listTeamNotes',
        summary: 'The notes on an application of your job, oldest first (hiring managers; audited)',
        params: idParamsSchema,
        response: { 200: noteListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const access = await reached(request, request.params.id, { managerOnly: true });
      const application = await applications.find(access.id);
      if (!application) throw new HttpError(404, messages.applicationMissing);
      record(request, 'notes', { id: access.id, email: application.email });
      return notes.list(access.id);
    },
  );
}

/** What a hiring manager changes: an application's stage, and who interviews it. */
function teamChangeRoutes(app: Api, context: TeamRouteDeps): void {
  const { applications, stages } = context;
  const interviewers = interviewerAssignment(context);
  const reached = reachedApplication(context.teamAccess);

  app.put(
    apiPaths.teamApplicationStage.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'setTeamApplicationStage',
        summary:
          "Move an application of your job to a stage (Hired or Rejected only with an administrator's leave)",
        description:
          'Hiring managers only. No e-mail goes to the applicant: replies stay with administrators. Never to or from Withdrawn.',
        params: idParamsSchema,
        body: teamStageChangeSchema,
        response: { 200: stageChangedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await reached(request, request.params.id, { managerOnly: true });
      const application = await applications.find(access.id);
      if (!application) throw new HttpError(404, messages.applicationMissing);
      const { stage } = request.body;
      if (stage !== application.stage && !movableFrom(access, application.stage).includes(stage)) {
        // Name the stage in the way: the one asked for, or the one it would leave.
        const blocked = teamMovableStages(access.mayDecide).includes(stage) ? application.stage : stage;
        throw new HttpError(403, messages.teamStageNeedsAdmin(stageLabels[blocked]));
      }
      // Only from the stage it was checked in: an administrator's move meanwhile is not undone.
      const outcome = await stages.change({
        ids: [access.id],
        stage,
        notify: false,
        actorEmail: currentUser(request).email,
        onlyFrom: application.stage,
        rejection:
          stage === 'rejected' && request.body.reasonId
            ? { reasonId: request.body.reasonId, feedback: request.body.feedback }
            : undefined,
      });
      return { acknowledged: true, ...outcome };
    },
  );

  app.put(
    apiPaths.teamInterviewer.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'assignTeamInterviewer',
        summary: 'Give an interviewer an application of your job (hiring managers; audited)',
        params: interviewerParamsSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await reached(request, request.params.id, { managerOnly: true });
      return interviewers.assign(access.id, request.params.userId, currentUser(request).email);
    },
  );

  app.delete(
    apiPaths.teamInterviewer.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'unassignTeamInterviewer',
        summary: "End an interviewer's access to an application of your job (hiring managers; audited)",
        params: interviewerParamsSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await reached(request, request.params.id, { managerOnly: true });
      return interviewers.unassign(access.id, request.params.userId, currentUser(request).email);
    },
  );
}
