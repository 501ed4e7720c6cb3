import type { FastifyRequest } from 'fastify';
import {
  adjustmentRequestListSchema,
  adjustmentsAnswerSchema,
  agreedAdjustmentAnswerSchema,
  agreedAdjustmentSchema,
  isAdjustmentsContact,
} from '../../shared/adjustments/adjustments-contract';
import { idParamsSchema, isId } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import type { AuditRepository } from '../audit/audit-repository';
import { currentUser } from '../auth/guards';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { AdjustmentRepository } from './adjustments-repository';
import { apiPaths } from '../../shared/http/api-routes';

/** What the adjustments routes use of the server's parts (see app-context.ts). */
export interface AdjustmentRouteDeps {
  adjustments: AdjustmentRepository;
  audit: Pick<AuditRepository, 'record'>;
  config: { adjustmentsContactEmail: string | undefined };
}

/**
 * Adjustment requests, registered in the admin scope and answered only to the administrator the
 * configuration names as the adjustments contact (ADJUSTMENTS_CONTACT_EMAIL): to any other
 * administrator 403. Each read is in the audit trail, as is each agreed adjustment the contact
 * writes for the interviewers.
 */
export function adjustmentRoutes(app: Api, context: AdjustmentRouteDeps): void {
  const contactOnly = (request: FastifyRequest) => {
    if (!isAdjustmentsContact(currentUser(request).email, context.config.adjustmentsContactEmail))
      throw new HttpError(403, messages.adjustmentsContactOnly);
  };
  const record = (
    request: FastifyRequest,
    applicationId: string,
    email: string,
    action: 'adjustments' | 'adjustment-agreed' = 'adjustments',
  ) =>
    context.audit.record({
      action,
      actorEmail: currentUser(request).email,
      subjectEmail: email,
      applicationId,
    });

  app.get(
    apiPaths.adjustments.pattern,
    {
      schema: {
        tags: ['adjustments'],
        operationId: 'listAdjustmentRequests',
        summary: 'Every adjustment request and Disability Confident opt-in (the adjustments contact only)',
        response: { 200: adjustmentRequestListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      contactOnly(request);
      const rows = await context.adjustments.requests();
      for (const row of rows) record(request, row.applicationId, row.email);
      return rows;
    },
  );

  app.get(
    apiPaths.applicationAdjustments.pattern,
    {
      schema: {
        tags: ['adjustments'],
        operationId: 'getApplicationAdjustments',
        summary: "One application's adjustment request (the adjustments contact only)",
        params: idParamsSchema,
        response: { 200: adjustmentsAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      contactOnly(request);
      const found = isId(request.params.id) ? await context.adjustments.find(request.params.id) : undefined;
      if (!found) throw new HttpError(404, messages.applicationMissing);
      record(request, found.applicationId, found.email);
      const { email: _email, ...answer } = found;
      return answer;
    },
  );

  app.put(
    apiPaths.agreedAdjustments.pattern,
    {
      schema: {
        tags: ['adjustments'],
        operationId: 'setAgreedAdjustment',
        summary:
          'What the adjustments contact agreed for the interview, which the interviewers and the hiring manager see (the adjustments contact only; audited)',
        description: 'One line in the contact’s words; blank clears it.',
        params: idParamsSchema,
        body: agreedAdjustmentSchema,
        response: { 200: agreedAdjustmentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      contactOnly(request);
      const { agreed } = request.body;
      const written = isId(request.params.id)
        ? await context.adjustments.setAgreed(request.params.id, agreed, currentUser(request).email)
        : undefined;
      if (!written) throw new HttpError(404, messages.applicationMissing);
      record(request, request.params.id, written.email, 'adjustment-agreed');
      return { applicationId: request.params.id, agreed };
    },
  );
}
