import { apiPaths } from '../../shared/http/api-routes';
import { insertAckSchema, updateAckSchema } from '../../shared/http/acknowledgements';
import { idParamsSchema } from '../../shared/http/id';
import {
  MY_APPLICATION_NOT_FOUND,
  myApplicationParamsSchema,
} from '../../shared/my-application/my-application-contract';
import {
  applicantResponseSchema,
  MISSING_REJECTION_REASON,
  newRejectionReasonSchema,
  overdueListSchema,
  rejectionReasonChangeSchema,
  rejectionReasonListSchema,
  stageLimitsSchema,
} from '../../shared/response-times/response-times-contract';
import { errorResponses, type Api } from '../domain-module/route-types';
import { HttpError } from '../http/http-error';
import { consume, type Limiter } from '../http/rate-limit';
import type { ResponseTimesRepository } from './response-times-repository';

/** What the response-time calls use of the server's parts. */
export interface ResponseTimeRouteDeps {
  responseTimes: ResponseTimesRepository;
  now: () => Date;
}

/** Administrators: the stages' time limits, the overdue applications, the rejection reasons. */
export function responseTimeAdminRoutes(app: Api, { responseTimes, now }: ResponseTimeRouteDeps): void {
  app.get(
    apiPaths.stageTimeLimits.pattern,
    {
      schema: {
        tags: ['response-times'],
        operationId: 'getStageTimeLimits',
        summary: "Each stage's time limit, in working days",
        response: { 200: stageLimitsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => responseTimes.limits(),
  );

  app.put(
    apiPaths.stageTimeLimits.pattern,
    {
      schema: {
        tags: ['response-times'],
        operationId: 'setStageTimeLimits',
        summary: "Set each stage's time limit, in working days",
        body: stageLimitsSchema,
        response: { 200: stageLimitsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => responseTimes.setLimits(request.body),
  );

  app.get(
    apiPaths.overdueApplications.pattern,
    {
      schema: {
        tags: ['response-times'],
        operationId: 'getOverdueApplications',
        summary: "The applications past their stage's time limit",
        response: { 200: overdueListSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const overdue = await responseTimes.overdue(now());
      return {
        applications: overdue.map(({ applicationId, jobId, jobTitle, stage, dueOn, workingDaysOver }) => ({
          applicationId,
          jobId,
          jobTitle,
          stage,
          dueOn,
          workingDaysOver,
        })),
      };
    },
  );

  app.get(
    apiPaths.rejectionReasons.pattern,
    {
      schema: {
        tags: ['response-times'],
        operationId: 'listRejectionReasons',
        summary: 'The rejection reasons, retired ones included',
        response: { 200: rejectionReasonListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => responseTimes.reasons(),
  );

  app.post(
    apiPaths.rejectionReasons.pattern,
    {
      schema: {
        tags: ['response-times'],
        operationId: 'addRejectionReason',
        summary: 'Add a rejection reason',
        body: newRejectionReasonSchema,
        response: { 201: insertAckSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const insertedId = await responseTimes.addReason(request.body.label);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.patch(
    apiPaths.rejectionReason.pattern,
    {
      schema: {
        tags: ['response-times'],
        operationId: 'changeRejectionReason',
        summary: 'Rename a rejection reason, retire it, or bring it back',
        params: idParamsSchema,
        body: rejectionReasonChangeSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await responseTimes.changeReason(request.params.id, request.body))) {
        throw new HttpError(404, MISSING_REJECTION_REASON);
      }
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );
}

/** A hiring-team member rejecting an application chooses from the same reasons. */
export function responseTimeTeamRoutes(app: Api, { responseTimes }: ResponseTimeRouteDeps): void {
  app.get(
    apiPaths.teamRejectionReasons.pattern,
    {
      schema: {
        tags: ['team'],
        operationId: 'listTeamRejectionReasons',
        summary: 'The rejection reasons in use',
        response: { 200: rejectionReasonListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => (await responseTimes.reasons()).filter((reason) => !reason.retired),
  );
}

/** What the applicant's link calls use: the link opener, as my-application opens it. */
export interface ApplicantResponseDeps extends ResponseTimeRouteDeps {
  applicationLinks: { find(token: string): Promise<{ id: string; stage: string } | undefined> };
  limiters: { myApplicationMisses: Limiter };
}

/** The applicant's page: the holding line, and the feedback on a rejection once it has been told. */
export function responseTimeApplicantRoutes(app: Api, deps: ApplicantResponseDeps): void {
  app.get(
    apiPaths.myApplicationResponse.pattern,
    {
      schema: {
        tags: ['my-application'],
        operationId: 'getMyApplicationResponse',
        summary: 'When we expect to reply, and any feedback on a rejection (private link)',
        params: myApplicationParamsSchema,
        response: { 200: applicantResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // As every private-link call: only misses count against the caller's address.
      if (!(await consume(deps.limiters.myApplicationMisses, request.ip, reply))) return reply;
      const application = await deps.applicationLinks.find(request.params.token);
      if (!application || application.stage === 'withdrawn')
        throw new HttpError(404, MY_APPLICATION_NOT_FOUND);
      await deps.limiters.myApplicationMisses.reward(request.ip, 1);
      return deps.responseTimes.applicantResponse(application.id, deps.now());
    },
  );
}
