import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParamsSchema, isId } from '../../shared/http/id';
import { MAX_CV_BYTES } from '../../shared/limits';
import { messages } from '../../shared/messages';
import type { AuditAction } from '../../shared/privacy/audit-contract';
import {
  rightToWorkAnswerSchema,
  rightToWorkCheckInputSchema,
  rightToWorkCheckSchema,
  rightToWorkEvidenceTypes,
  rightToWorkMethodLabels,
  type RightToWorkEvidenceType,
} from '../../shared/right-to-work/right-to-work-contract';
import { evidenceFileName } from '../../shared/right-to-work/evidence-type';
import type { AuditRepository } from '../audit/audit-repository';
import { currentUser } from '../auth/guards';
import { contentDisposition } from '../http/content-disposition';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { ChangeFeed } from '../db/change-feed';
import type { EvidencePool } from './evidence-pool';
import type { RightToWorkRepository } from './right-to-work-repository';
import { apiPaths } from '../../shared/http/api-routes';

/** What the right-to-work routes use of the server's parts (see app-context.ts). */
export interface RightToWorkRouteDeps {
  rightToWork: RightToWorkRepository;
  audit: AuditRepository;
  changes: Pick<ChangeFeed, 'publish'>;
  evidenceChecks: Pick<EvidencePool, 'check'>;
}

const applicationId = (id: string) => {
  if (!isId(id)) throw new HttpError(404, messages.applicationMissing);
  return id;
};

const evidenceTypeOf = (request: FastifyRequest): RightToWorkEvidenceType | undefined => {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return rightToWorkEvidenceTypes.find((known) => known === type);
};

/**
 * Right-to-work checks (docs/behaviour.md#right-to-work-checks): registered in the admin scope
 * (auth/admin-scope.ts) alone, so the hiring team never reaches a check or its evidence. Every
 * change and every read of the evidence is in the audit trail.
 */
export function rightToWorkRoutes(app: Api, context: RightToWorkRouteDeps): void {
  const { rightToWork } = context;
  const record = (request: FastifyRequest, action: AuditAction, id: string, email: string, detail?: string) =>
    context.audit.record({
      action,
      actorEmail: currentUser(request).email,
      subjectEmail: email,
      applicationId: id,
      detail,
    });

  app.get(
    apiPaths.rightToWork.pattern,
    {
      schema: {
        tags: ['right-to-work'],
        operationId: 'getRightToWorkCheck',
        summary: "The application's right-to-work check (null before one is recorded)",
        params: idParamsSchema,
        response: { 200: rightToWorkAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const found = await rightToWork.find(applicationId(request.params.id));
      if (!found) throw new HttpError(404, messages.applicationMissing);
      return { stage: found.stage, check: found.check };
    },
  );

  app.put(
    apiPaths.rightToWork.pattern,
    {
      schema: {
        tags: ['right-to-work'],
        operationId: 'saveRightToWorkCheck',
        summary: 'Record or correct the check (Offer or Hired only); the signed-in admin is who checked',
        params: idParamsSchema,
        body: rightToWorkCheckInputSchema,
        response: { 200: rightToWorkCheckSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = applicationId(request.params.id);
      const admin = currentUser(request);
      const saved = await rightToWork.save(id, request.body, { email: admin.email, name: admin.name });
      if (!saved) throw new HttpError(404, messages.applicationMissing);
      const { check } = saved;
      record(request, 'right-to-work', id, saved.email, rightToWorkMethodLabels[check.method]);
      // The application list and page show whether a hire is kept (its purge date).
      context.changes.publish('applications');
      return check;
    },
  );

  evidenceRoutes(app, context, record);
}

function evidenceRoutes(
  app: Api,
  { rightToWork, changes, evidenceChecks }: RightToWorkRouteDeps,
  record: (request: FastifyRequest, action: AuditAction, id: string, email: string, detail?: string) => void,
): void {
  // The evidence comes as the file's own bytes, typed by Content-Type: any type is read here so
  // that one outside the list gets this route's own 415 and message.
  void app.register(async (scope) => {
    const child = scope.withTypeProvider<ZodTypeProvider>();
    child.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_CV_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    child.put(
      apiPaths.rightToWorkEvidence.pattern,
      {
        config: { bodyTooLargeMessage: messages.rightToWorkEvidenceTooLarge },
        schema: {
          tags: ['right-to-work'],
          operationId: 'uploadRightToWorkEvidence',
          summary: 'Store the evidence file (PDF, PNG or JPEG, at most 5 MB, checked as a CV is)',
          params: idParamsSchema,
          response: { 200: rightToWorkCheckSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const id = applicationId(request.params.id);
        const type = evidenceTypeOf(request);
        if (!type || !Buffer.isBuffer(request.body))
          throw new HttpError(415, messages.rightToWorkEvidenceType);
        // In the worker thread: decoding a large image takes seconds (docs/security.md#right-to-work-evidence).
        await evidenceChecks.check(request.body, type);
        const stored = await rightToWork.storeEvidence(id, request.body, type);
        if (!stored) throw new HttpError(404, messages.applicationMissing);
        record(request, 'right-to-work', id, stored.email, 'Evidence stored');
        changes.publish('applications');
        return stored.check;
      },
    );
  });

  app.get(
    apiPaths.rightToWorkEvidence.pattern,
    {
      schema: {
        tags: ['right-to-work'],
        operationId: 'downloadRightToWorkEvidence',
        summary: 'The evidence file, as stored, named {applicant name}_right_to_work.{pdf,png,jpg}',
        params: idParamsSchema,
        response: { 200: z.any().describe('the evidence file'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = applicationId(request.params.id);
      const evidence = await rightToWork.readEvidence(id);
      if (!evidence) throw new HttpError(404, messages.rightToWorkEvidenceMissing);
      record(request, 'right-to-work-evidence', id, evidence.email);
      const fileName = evidenceFileName(evidence.name, evidence.type);
      return (reply as FastifyReply)
        .type(evidence.type)
        .header('content-length', evidence.file.size)
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .send(evidence.file.stream());
    },
  );
}
