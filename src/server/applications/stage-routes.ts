import {
  applicationCountsSchema,
  bulkStageChangeSchema,
  stageChangedSchema,
  stageChangeSchema,
} from '../../shared/applications/stage-contract';
import { replyKindParamsSchema, replyPreviewSchema } from '../../shared/applications/reply-contract';
import { idParamsSchema } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { sendRepresentation } from '../http/representation';
import { errorResponses, type Api } from '../domain-module/route-types';
import { currentUser } from '../auth/guards';
import type { StageRepository } from './stage-repository';
import type { ApplicationCountsCache } from './application-counts-cache';
import { apiPaths } from '../../shared/http/api-routes';

/**
 * Hiring stages (in the admin scope, auth/admin-scope.ts): moving one application or many, the replies that go with a move,
 * and the counts per stage the admin screens poll (docs/behaviour.md#stages).
 */
/** What the stage routes use of the server's parts (see app-context.ts). */
export interface StageRouteDeps {
  stages: StageRepository;
  applicationCounts: ApplicationCountsCache;
}

/** A rejection's reason and feedback, which the contract requires with Rejected. */
const rejectionOf = (body: {
  stage: string;
  reasonId?: string | undefined;
  feedback?: string | undefined;
}) =>
  body.stage === 'rejected' && body.reasonId
    ? { reasonId: body.reasonId, feedback: body.feedback }
    : undefined;

export function stageRoutes(app: Api, context: StageRouteDeps): void {
  const { stages, applicationCounts } = context;

  app.get(
    apiPaths.applicationCounts.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'getApplicationCounts',
        summary: 'How many applications are in each stage, and when the newest arrived (ETag; poll it)',
        description:
          'Sent with an ETag and Cache-Control: private, no-store. Send If-None-Match to get 304 while nothing changed.',
        response: { 200: applicationCountsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await applicationCounts.get()),
  );

  app.put(
    apiPaths.applicationStage.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'setApplicationStage',
        summary: "Move an application to a stage, optionally e-mailing the stage's reply to the applicant",
        description:
          'notify: true queues the reply of the stage (rejected: rejection, interview: interview invitation) to the stored address; a rejection goes at most once. For a stage without a reply, notify is ignored.',
        params: idParamsSchema,
        body: stageChangeSchema,
        response: { 200: stageChangedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const outcome = await stages.change({
        ids: [request.params.id],
        stage: request.body.stage,
        notify: request.body.notify,
        actorEmail: currentUser(request).email,
        rejection: rejectionOf(request.body),
      });
      if (outcome.matchedCount === 0) throw new HttpError(404, messages.applicationMissing);
      return { acknowledged: true, ...outcome };
    },
  );

  app.post(
    apiPaths.stages.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'setApplicationStages',
        summary: 'Move many applications to one stage at once (all or nothing)',
        description:
          'One transaction. Ids that name no application are not matched; an application already in the stage is matched but not modified.',
        body: bulkStageChangeSchema,
        response: { 200: stageChangedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      acknowledged: true,
      ...(await stages.change({
        ids: request.body.ids,
        stage: request.body.stage,
        notify: request.body.notify,
        actorEmail: currentUser(request).email,
        rejection: rejectionOf(request.body),
      })),
    }),
  );

  app.get(
    apiPaths.applicationReply.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'getReply',
        summary: 'The reply e-mail exactly as it would go to this applicant now, and whether it already went',
        params: idParamsSchema.extend(replyKindParamsSchema.shape),
        response: { 200: replyPreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const preview = await stages.preview(request.params.id, request.params.kind);
      if (!preview) throw new HttpError(404, messages.applicationMissing);
      return preview;
    },
  );
}
