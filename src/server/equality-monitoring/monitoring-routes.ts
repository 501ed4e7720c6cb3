import {
  funnelQuerySchema,
  funnelReportSchema,
  monitoringSavedSchema,
  monitoringSubmissionSchema,
} from '../../shared/equality-monitoring/equality-monitoring-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { limitByIp, type RateLimiters } from '../http/rate-limit';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { EqualityMonitoring } from './monitoring-repository';
import { apiPaths } from '../../shared/http/api-routes';

/** What the monitoring routes use of the server's parts (see app-context.ts). */
export interface MonitoringRouteDeps {
  monitoring: EqualityMonitoring;
  limiters: Pick<RateLimiters, 'applications'>;
}

/**
 * The applicant's equality monitoring return, sent after the application with the token its
 * answer carried. Nothing of the request but the answers, the job and the stage is kept.
 */
export function monitoringRoutes(app: Api, context: MonitoringRouteDeps): void {
  app.post(
    apiPaths.equalityMonitoring.pattern,
    {
      onRequest: [limitByIp(context.limiters.applications)],
      schema: {
        tags: ['equality-monitoring'],
        operationId: 'sendEqualityMonitoring',
        summary: 'Send the optional equality monitoring answers, kept apart from the application',
        body: monitoringSubmissionSchema,
        response: { 201: monitoringSavedSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { applicationId, token, answers } = request.body;
      const outcome = await context.monitoring.submit(applicationId, token, answers);
      if (outcome === 'off') throw new HttpError(404, messages.monitoringOff);
      if (outcome === 'refused') throw new HttpError(404, messages.monitoringRefused);
      if (outcome === 'already-sent') throw new HttpError(409, messages.monitoringAlreadySent);
      return reply.code(201).send({ acknowledged: true });
    },
  );
}

/**
 * The funnel, for administrators (admin scope): the day's published figures, never the returns
 * as they are (docs/security.md#the-reporting-method).
 */
export function monitoringAdminRoutes(app: Api, context: Pick<MonitoringRouteDeps, 'monitoring'>): void {
  app.get(
    apiPaths.equalityFunnel.pattern,
    {
      schema: {
        tags: ['equality-monitoring'],
        operationId: 'getEqualityFunnel',
        summary:
          "Equality monitoring as a funnel, for one job or overall: the day's rounded figures, counts under 5 withheld",
        querystring: funnelQuerySchema,
        response: { 200: funnelReportSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => context.monitoring.funnel(request.query.jobId),
  );
}
