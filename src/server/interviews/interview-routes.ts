import type { FastifyRequest } from 'fastify';
import { idParamsSchema } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import {
  interviewMessages,
  recommendationLabels,
  scorecardSubmitSchema,
  scorecardsViewSchema,
  slotOfferSchema,
  staffInterviewSchema,
  type StaffInterview,
} from '../../shared/interviews/interview-contract';
import { fromLondonTime } from '../../shared/interviews/london-time';
import type { ApplicationRepository } from '../applications/application-repository';
import type { StageRepository } from '../applications/stage-repository';
import type { AuditRepository } from '../audit/audit-repository';
import { currentUser } from '../auth/guards';
import type { Database } from '../db/database';
import { interviewSlotsOfferedEmail } from './interview-emails';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { TeamAccess } from '../team/team-access';
import type { BookingRouteDeps, ManagedApplication } from './booking-changes';
import { changeableAfter } from './interview-repository';
import type { ScorecardRepository } from './scorecard-repository';
import { apiPaths } from '../../shared/http/api-routes';

/** What the interview calls use of the server's parts (see app-context.ts). */
export interface InterviewRouteDeps extends BookingRouteDeps {
  scorecards: ScorecardRepository;
  applications: ApplicationRepository;
  stages: StageRepository;
  teamAccess: TeamAccess;
  audit: AuditRepository;
  database: Database;
}

/** Stages from which an application is no longer interviewed. */
const FINISHED = new Set(['hired', 'rejected', 'withdrawn']);

/**
 * Interview slots and scorecards, for staff (docs/behaviour.md#interviews): administrators and a
 * job's hiring manager offer slots and read the scorecards; interviewers submit their scorecard.
 * interview-calls.ts adds the bookings to them.
 */
export function interviewRoutes(context: InterviewRouteDeps) {
  const offerSlots = slotOffering(context);
  return {
    admin(app: Api) {
      app.post(
        apiPaths.interviewSlots.pattern,
        {
          schema: {
            tags: ['interviews'],
            operationId: 'offerInterviewSlots',
            summary: 'Move an application to Interview and offer its applicant interview times (UK time)',
            description:
              'New times (date, time, length, place or video link, interviewers) and/or free times already offered for the job. The applicant is e-mailed a link to book one.',
            params: idParamsSchema,
            body: slotOfferSchema,
            response: { 200: staffInterviewSchema, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => offerSlots(request.params.id, request.body, currentUser(request).email),
      );

      app.get(
        apiPaths.interview.pattern,
        {
          schema: {
            tags: ['interviews'],
            operationId: 'getInterview',
            summary: "The job's coming interview times and this application's booking",
            params: idParamsSchema,
            response: { 200: staffInterviewSchema, ...errorResponses(401, 403, 404) },
          },
        },
        async (request) => {
          const application = await context.applications.find(request.params.id);
          if (!application) throw new HttpError(404, messages.applicationMissing);
          return staffView(context, application._id, application.jobId);
        },
      );

      app.get(
        apiPaths.scorecards.pattern,
        {
          schema: {
            tags: ['interviews'],
            operationId: 'listScorecards',
            summary: "An application's scorecards, all of them (audited)",
            params: idParamsSchema,
            response: { 200: scorecardsViewSchema, ...errorResponses(401, 403, 404) },
          },
        },
        async (request) => {
          const application = await context.applications.find(request.params.id);
          if (!application) throw new HttpError(404, messages.applicationMissing);
          recordScorecardRead(context, request, application._id, application.email);
          return context.scorecards.view(application._id, { kind: 'all' });
        },
      );
    },

    team(app: Api) {
      teamInterviewRoutes(app, context, offerSlots);
    },
  };
}

const staffView = async (
  context: InterviewRouteDeps,
  applicationId: string,
  jobId: string | null,
): Promise<StaffInterview> =>
  jobId
    ? context.interviews.staffView(applicationId, jobId, new Date())
    : { slots: [], booking: null, agreedAdjustment: null };

const recordScorecardRead = (
  context: InterviewRouteDeps,
  request: FastifyRequest,
  applicationId: string,
  subjectEmail: string,
) =>
  context.audit.record({
    // An action of its own: the application screen reads its scorecards beside the application,
    // and one opening must read as one "Viewed the application" in the applicant's trail.
    action: 'scorecards',
    actorEmail: currentUser(request).email,
    subjectEmail,
    applicationId,
  });

type OfferSlots = (
  applicationId: string,
  body: {
    slots: { date: string; time: string; durationMinutes: number; place: string; interviewerIds: string[] }[];
    slotIds: string[];
  },
  actorEmail: string,
) => Promise<StaffInterview>;

/** Offers times to one application: checked, stored, the stage moved to Interview, the applicant e-mailed. */
function slotOffering(context: InterviewRouteDeps): OfferSlots {
  const { applications, interviews, stages, outbox, database, mail } = context;
  return async (applicationId, body, actorEmail) => {
    const application = await applications.find(applicationId);
    if (!application) throw new HttpError(404, messages.applicationMissing);
    if (!application.jobId || FINISHED.has(application.stage)) {
      throw new HttpError(400, interviewMessages.notInInterview);
    }
    const now = new Date();
    const slots = body.slots.map((slot) => {
      const startsAt = fromLondonTime(slot.date, slot.time);
      if (!startsAt) throw new HttpError(400, interviewMessages.timeMissingInLondon);
      if (startsAt <= changeableAfter(now)) throw new HttpError(400, interviewMessages.tooSoon);
      return {
        startsAt,
        durationMinutes: slot.durationMinutes,
        place: slot.place,
        interviewerIds: slot.interviewerIds,
      };
    });
    await interviews.checkInterviewers(slots.flatMap((slot) => slot.interviewerIds));
    const offered = await interviews.offer({
      applicationId: application._id,
      jobId: application.jobId,
      slots,
      slotIds: body.slotIds,
      offeredBy: actorEmail,
      now,
    });
    await stages.change({ ids: [application._id], stage: 'interview', notify: false, actorEmail });
    await outbox.enqueue(database.db, [
      interviewSlotsOfferedEmail(
        {
          id: application._id,
          name: application.name,
          email: application.email,
          jobTitle: application.jobTitle,
        },
        offered,
        mail,
      ),
    ]);
    outbox.wake();
    return interviews.staffView(application._id, application.jobId, now);
  };
}

/** The team member making a team call. */
const caller = (request: FastifyRequest) => {
  const user = currentUser(request);
  if (!user.teamRole) throw new HttpError(403, messages.teamRequired);
  return { id: user.id, email: user.email, name: user.name, teamRole: user.teamRole };
};

/** Undefined for a 404 (not reached), the error itself otherwise: a refusal that still stands. */
const unlessNotFound = (error: unknown): undefined => {
  if (error instanceof HttpError && error.statusCode === 404) return undefined;
  throw error;
};

/**
 * The application as its interviewer reaches it to score it. A hiring manager who is not one of
 * its interviewers may reach the application (their job's), but scores only as its interviewers
 * do: 403; anyone else, 404.
 */
const scoringAccess = (
  { scorecards, teamAccess }: InterviewRouteDeps,
  member: { id: string; email: string; teamRole: 'hiring-manager' | 'interviewer' },
  id: string,
) =>
  scorecards.asInterviewer(member.id, id).catch(async (error: unknown) => {
    if (member.teamRole !== 'hiring-manager') throw error;
    unlessNotFound(error);
    await teamAccess.application(member, id);
    throw new HttpError(403, interviewMessages.scorecardNotYours);
  });

/** The application of a team call, for the hiring manager of its job only. */
export const managedApplication =
  (teamAccess: TeamAccess): ManagedApplication =>
  async (request, id) => {
    const found = await teamAccess.application(caller(request), id);
    if (found.role !== 'hiring-manager') throw new HttpError(403, messages.hiringManagerRequired);
    return found;
  };

/** The team's calls: a hiring manager offers times and reads every scorecard; an interviewer scores. */
function teamInterviewRoutes(app: Api, context: InterviewRouteDeps, offerSlots: OfferSlots): void {
  const { teamAccess, scorecards, applications, audit } = context;
  const managed = managedApplication(teamAccess);

  app.post(
    apiPaths.teamInterviewSlots.pattern,
    {
      schema: {
        tags: ['team', 'interviews'],
        operationId: 'offerTeamInterviewSlots',
        summary: 'Move an application of your job to Interview and offer interview times (hiring managers)',
        params: idParamsSchema,
        body: slotOfferSchema,
        response: { 200: staffInterviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await managed(request, request.params.id);
      return offerSlots(access.id, request.body, currentUser(request).email);
    },
  );

  app.get(
    apiPaths.teamInterview.pattern,
    {
      schema: {
        tags: ['team', 'interviews'],
        operationId: 'getTeamInterview',
        summary: "Your job's coming interview times and this application's booking (hiring managers)",
        params: idParamsSchema,
        response: { 200: staffInterviewSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const access = await managed(request, request.params.id);
      return staffView(context, access.id, access.jobId);
    },
  );

  app.get(
    apiPaths.teamScorecards.pattern,
    {
      schema: {
        tags: ['team', 'interviews'],
        operationId: 'listTeamScorecards',
        summary:
          "An application's scorecards: all of them for the job's hiring manager; an interviewer's own, and the others' once theirs is in (audited)",
        params: idParamsSchema,
        response: { 200: scorecardsViewSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const member = caller(request);
      // The job's hiring manager reads them all; a hiring manager interviewing for another
      // manager's job reads them as that application's interviewers do.
      const access =
        member.teamRole === 'hiring-manager'
          ? await teamAccess.application(member, request.params.id).catch(unlessNotFound)
          : undefined;
      if (access?.role === 'hiring-manager') {
        const application = await applications.find(access.id);
        if (!application) throw new HttpError(404, messages.applicationMissing);
        recordScorecardRead(context, request, access.id, application.email);
        return scorecards.view(access.id, { kind: 'all' });
      }
      const reached = await scorecards.asInterviewer(member.id, request.params.id);
      recordScorecardRead(context, request, reached.id, reached.email);
      return scorecards.view(reached.id, { kind: 'interviewer', userId: member.id });
    },
  );

  app.put(
    apiPaths.teamScorecard.pattern,
    {
      schema: {
        tags: ['team', 'interviews'],
        operationId: 'submitScorecard',
        summary:
          'Submit your scorecard for an application you interview, once its booked interview has started (its interviewers, hiring managers among them; once)',
        description:
          'Refused with 409 while no interview is booked, or before it starts, in words saying when it opens.',
        params: idParamsSchema,
        body: scorecardSubmitSchema,
        response: { 200: scorecardsViewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const member = caller(request);
      const reached = await scoringAccess(context, member, request.params.id);
      const submitted = await scorecards.submit({
        applicationId: reached.id,
        interviewer: member,
        ratings: request.body.ratings,
        recommendation: request.body.recommendation,
      });
      audit.record({
        action: 'scorecard',
        detail: recommendationLabels[submitted.recommendation],
        actorEmail: member.email,
        subjectEmail: reached.email,
        applicationId: reached.id,
      });
      context.changes.publish('applications');
      return scorecards.view(reached.id, { kind: 'interviewer', userId: member.id });
    },
  );
}
