import { isAdjustmentsContact } from '../../shared/adjustments/adjustments-contract';
import { auditListSchema } from '../../shared/privacy/audit-contract';
import {
  erasureAckSchema,
  retentionHoldSchema,
  subjectExportFileName,
  subjectExportSchema,
  subjectParamsSchema,
  type SubjectExport,
} from '../../shared/privacy/privacy-contract';
import { updateAckSchema } from '../../shared/http/acknowledgements';
import { idParamsSchema, isId } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import { currentUser } from '../auth/guards';
import type { EmailOutbox } from '../email/email-outbox';
import { contentDisposition } from '../http/content-disposition';
import { existingApplication } from '../applications/existing-application';
import {
  exportSubject,
  holdsAnything,
  subjectExportParts,
  type SubjectRecordSources,
} from './subject-requests';
import { eraseSubject, type SubjectErasers, type SubjectStores } from '../applications/application-erasure';
import { apiPaths } from '../../shared/http/api-routes';
import type { FastifyReply } from 'fastify';
import { compileSerializer } from '../http/schema-serializer';
import { createExportFiles, fileSizesOnly, type ExportFileSource } from './export-files';

/**
 * The data-protection calls: audit trail, retention hold, access requests and erasure. Registered
 * in the admin scope (auth/admin-scope.ts).
 */
/** What the privacy routes use of the server's parts (see app-context.ts). */
export interface PrivacyRouteDeps extends SubjectStores, SubjectRecordSources {
  outbox: EmailOutbox;
  /** Where the export reads CVs and evidence from, a piece at a time (blobs/blob-store.ts). */
  blobs: ExportFileSource;
  /** What each module keeps about an address of its own, erased with it. */
  subjectErasers: SubjectErasers;
  config: { adjustmentsContactEmail: string | undefined };
}

export function privacyRoutes(app: Api, context: PrivacyRouteDeps): void {
  const { applications, audit } = context;
  // The export's JSON as its route's serializer writes it, with stand-ins for the files' base64;
  // compiled at the first export, as route serializers are (http/schema-serializer.ts).
  let serializeExport: ((data: SubjectExport) => string) | undefined;
  const exportJson = (data: SubjectExport) =>
    (serializeExport ??= compileSerializer(subjectExportSchema))(data);

  app.get(
    apiPaths.applicationAudit.pattern,
    {
      schema: {
        tags: ['privacy'],
        operationId: 'listAuditEntries',
        summary: 'Who viewed, previewed, downloaded or held this application, oldest first',
        params: idParamsSchema,
        response: { 200: auditListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => audit.forApplication(await existingApplication(applications, request.params.id)),
  );

  app.put(
    apiPaths.applicationHold.pattern,
    {
      schema: {
        tags: ['privacy'],
        operationId: 'setRetentionHold',
        summary: 'Keep an application from the retention purge, or release it',
        params: idParamsSchema,
        body: retentionHoldSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = isId(id) ? await applications.setHold(id, request.body.hold) : undefined;
      if (!outcome) throw new HttpError(404, messages.applicationMissing);
      if (outcome.changed) {
        audit.record({
          action: request.body.hold ? 'hold' : 'release',
          actorEmail: currentUser(request).email,
          subjectEmail: outcome.email,
          applicationId: id,
        });
      }
      return { acknowledged: true, matchedCount: 1, modifiedCount: outcome.changed ? 1 : 0 };
    },
  );

  app.get(
    apiPaths.applicantExport.pattern,
    {
      schema: {
        tags: ['privacy'],
        operationId: 'exportApplicant',
        summary:
          'Everything held about one applicant (applications, CVs, notes, interviews, scorecards, right to work, audit), as one download',
        params: subjectParamsSchema,
        response: { 200: subjectExportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { email } = request.params;
      // An address with no application is exported too when a domain holds its own data about it
      // (job alerts, the talent pool).
      if (
        (await applications.idsForEmail(email)).length === 0 &&
        !holdsAnything(
          await subjectExportParts(context.subjectExporters, email, fileSizesOnly(context.blobs)),
        )
      ) {
        throw new HttpError(404, 'No applications are held for this email address.');
      }
      const actor = currentUser(request).email;
      const contact = context.config.adjustmentsContactEmail;
      const files = createExportFiles(context.blobs);
      let answer: ReturnType<typeof files.answer>;
      try {
        const data = await exportSubject(
          context,
          email,
          {
            email: actor,
            isAdjustmentsContact: isAdjustmentsContact(actor, contact),
            adjustmentsContactEmail: contact,
          },
          files.read,
        );
        answer = files.answer(exportJson(data));
      } catch (error) {
        files.close();
        throw error;
      }
      // Written as the typed reply would, with each file's base64 sent as the file is read
      // (privacy/export-files.ts), so the typed reply is bypassed.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .header('content-length', answer.length)
        .header('content-disposition', contentDisposition('attachment', subjectExportFileName(email)))
        .send(answer.stream);
    },
  );

  app.delete(
    apiPaths.applicant.pattern,
    {
      schema: {
        tags: ['privacy'],
        operationId: 'eraseApplicant',
        summary: 'Erase every application, CV, note and audit entry about one applicant (irreversible)',
        params: subjectParamsSchema,
        response: { 200: erasureAckSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => eraseSubject(context, request.params.email, currentUser(request).email),
  );
}
