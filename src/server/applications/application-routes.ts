import { buffer } from 'node:stream/consumers';
import type { CacheSizes } from '../runtime/cache-sizes';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationSavedSchema,
  applicationSubmissionSchema,
  cvAnswerSchema,
} from '../../shared/applications/application-contract';
import { deleteAckSchema } from '../../shared/http/acknowledgements';
import { idParamsSchema, isId } from '../../shared/http/id';
import { MAX_APPLICATION_BODY_BYTES } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { consumeOrThrow } from '../http/rate-limit';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { ApplicationRepository } from './application-repository';
import type { ApplicationListCache } from './application-list-cache';
import type { JobRepository } from '../jobs/job-repository';
import type { RateLimiters } from '../http/rate-limit';
import type { BlobStore } from '../blobs/blob-store';
import type { ChangeFeed } from '../db/change-feed';
import type { IntakePool } from './intake-pool';
import { releaseBytes } from '../runtime/release-bytes';
import type { IntakeGate } from './intake-gate';
import { openApplication, type ApplicationOpeningDeps } from './application-opening';
import type { ErasureLog } from '../erasures/erasure-log';
import { cvFileName } from '../../shared/applications/cv-file-name';
import { contentDisposition } from '../http/content-disposition';
import { createCvAnswerCache, cvAnswerLength, sendCvAnswerStream } from './cv-answer';
import { applicationFormLimits, readApplicationParts } from './application-form-parts';
import { CV_KEY, QUOTE, readApplicationBody, type CutApplication } from './application-body';
import { checkApplicationAnswers } from './application-answers';
import { APPLICATION_JSON_SHAPE_LIMITS, jsonShapeExceeds } from '../http/json-shape';
import { cvPurposeSchema, type AuditAction } from '../../shared/privacy/audit-contract';
import { formatClosingDate } from '../../shared/jobs/closing-date';
import { currentUser } from '../auth/guards';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPaths } from '../../shared/http/api-routes';
import { wantsPage } from '../http/error-handler';
import { plainApplyMessages } from '../../shared/applications/application-contract';
import { siteConfig } from '../../shared/site/site-config';
import { backToJob, rememberPlainForm } from './plain-application';

/** About four CV answers (a 5 MB CV is 7 MB of answer). */

/** What the application form's route uses of the server's parts (see app-context.ts). */
export interface ApplicationIntakeRouteDeps {
  applications: ApplicationRepository;
  jobs: JobRepository;
  limiters: RateLimiters;
  intake: IntakePool;
  intakeGate: IntakeGate;
  /** Gives the applicant the token of their equality monitoring form. */
  monitoring: { formToken(applicationId: string): string | undefined };
  /** What the application stores of its source (sources/tracking-link-repository.ts). */
  sources: {
    recorded(sent: {
      marker: string | undefined;
      referrerHost: string | undefined;
    }): Promise<{ source: string; referrerHost: string | null }>;
  };
}

/** What the admins' application routes use of the server's parts (see app-context.ts). */
export interface ApplicationRouteDeps extends ApplicationOpeningDeps {
  applicationList: ApplicationListCache;
  blobs: BlobStore;
  changes: ChangeFeed;
  erasureLog: ErasureLog;
  config: { memoryBounds: { cvAnswerCacheBytes: number } };
  cacheSizes: Pick<CacheSizes, 'report'>;
}

const existingApplicationId = (id: string) => {
  if (!isId(id)) throw new HttpError(404, messages.applicationMissing);
  return id;
};

/**
 * POST /applications: the checks in the worker thread, then the job's questions, then the store.
 * The app and API clients get JSON; a browser's own form sent without the app gets pages.
 */
const receiveApplication =
  (context: ApplicationIntakeRouteDeps) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const { applications, jobs } = context;
    // The body has arrived (a form is read here, a JSON body before): only now a check slot.
    const parts = request.isMultipart() ? await readApplicationParts(request) : undefined;
    const form = parts?.form;
    // A browser's own form sent without the app (docs/behaviour.md#applying-without-javascript)
    // is answered with pages; the app and API clients get JSON, as ever.
    const plain = form !== undefined && wantsPage(request);
    if (plain) rememberPlainForm(request, form.fields);
    const answerPage = (status: number, message: string, title: string) => {
      const link = status >= 400 ? backToJob(request) : undefined;
      return request.server.siteAnswers.page(request, reply as FastifyReply, {
        status,
        title,
        message,
        ...(link ? { link } : {}),
      });
    };
    const intake = await context.intakeGate.check(reply as FastifyReply, () =>
      form ? context.intake.readForm(form) : context.intake.read(request.body as Buffer | CutApplication),
    );
    if (!intake.ok) {
      const { status, message, errors } = intake.refusal;
      if (plain) return answerPage(status, message, plainApplyMessages.refusedTitle);
      return reply.code(status).send(errors ? { message, errors } : { message });
    }
    const {
      jobId,
      name,
      email,
      phone,
      about,
      privacyNoticeVersion,
      adjustments,
      disabilityConfident,
      source: marker,
      referrerHost,
      heardAbout,
      ...asked
    } = intake.fields;
    const job = isId(jobId) ? await jobs.find(jobId) : undefined;
    if (!job) throw new HttpError(404, messages.jobNotFound);
    if (job.closed) {
      throw new HttpError(
        410,
        `${messages.jobNoLongerOpen} Applications closed on ${formatClosingDate(job.closingDate!)}.`,
      );
    }
    const answered = await checkApplicationAnswers(jobs, job, {
      ...asked,
      plainAnswers: parts?.plainAnswers,
    });
    // A knock-out is no error of the applicant's: they get the job's own polite reply, and nothing is stored.
    if (answered.kind !== 'accepted') {
      const { kind, ...answer } = answered;
      const status = kind === 'refused' ? 400 : 422;
      if (plain)
        return answerPage(
          status,
          answer.message,
          kind === 'refused' ? plainApplyMessages.refusedTitle : plainApplyMessages.knockedOutTitle,
        );
      return reply.code(status).send(answer);
    }
    if ('refusal' in intake.cv) throw new HttpError(intake.cv.refusal.status, intake.cv.refusal.message);
    const cv = intake.cv.bytes;
    try {
      const came = await context.sources.recorded({ marker, referrerHost });
      const { id, duplicateOf } = await applications.create({
        jobId,
        jobTitle: job.jobTitle,
        name,
        email,
        phone,
        about,
        cv: Buffer.from(cv.buffer, cv.byteOffset, cv.byteLength),
        privacyNoticeVersion,
        questionSetId: answered.questionSetId,
        answers: answered.answers,
        adjustments,
        disabilityConfident,
        ...came,
        heardAbout: heardAbout ?? null,
      });
      // The confirmation the app's success page gives; the private link goes by e-mail alone.
      if (plain)
        return answerPage(
          201,
          plainApplyMessages.submitted(job.jobTitle, siteConfig.brandName, duplicateOf !== null),
          plainApplyMessages.submittedTitle,
        );
      const monitoringToken = context.monitoring.formToken(id);
      return reply.code(201).send({
        success: true,
        insertedId: id,
        duplicate: duplicateOf !== null,
        ...(monitoringToken ? { monitoringToken } : {}),
      });
    } finally {
      // Stored (a file, or a row written from a copy) or refused: nothing holds the CV now.
      releaseBytes(cv);
    }
  };

/** Applying for a job: the one application call anyone may make. */
export function applicationRoutes(app: Api, context: ApplicationIntakeRouteDeps): void {
  const { limiters } = context;

  // This route alone takes its body as bytes: a worker thread parses and checks it (application-intake.ts).
  // It also takes the same application as a multipart form, the CV as a file part: the product's
  // own form sends that, a quarter smaller than base64 on an applicant's phone.
  void app.register(async (child) => {
    await child.register(multipart, applicationFormLimits);
    child.removeContentTypeParser('application/json');
    child.addContentTypeParser('application/json', (_request, payload, done) =>
      readApplicationBody(payload, MAX_APPLICATION_BODY_BYTES, (error, body) => {
        if (!body) return done(error);
        // Refused here, before the worker thread parses it (see http/json-shape.ts). A CV's base64
        // is one string in the JSON, so the body with it cut out has the same shape.
        const shape =
          body instanceof Uint8Array ? body : Buffer.concat([body.head, CV_KEY, QUOTE, body.tail]);
        if (jsonShapeExceeds(shape, APPLICATION_JSON_SHAPE_LIMITS)) {
          releaseBytes(body instanceof Uint8Array ? body : body.cv);
          return done(new HttpError(400, messages.jsonTooComplex));
        }
        done(null, body);
      }),
    );
    child.post(
      apiPaths.applications.pattern,
      {
        bodyLimit: MAX_APPLICATION_BODY_BYTES,
        // A refusal of a browser's plain form is a page with the way back to the job (plain-application.ts).
        config: {
          bodyTooLargeMessage: messages.cvTooLarge,
          refusalTitle: plainApplyMessages.refusedTitle,
          refusalLink: backToJob,
        },
        // The rate limit first: a refused request never waits for a place (intake-gate.ts).
        // Thrown rather than answered, so a browser's plain form gets a page saying it (error-handler.ts).
        onRequest: [
          (request) => consumeOrThrow(limiters.applications, request.ip, messages.rateLimited),
          context.intakeGate.admit,
        ],
        // The schema documents the body (OpenAPI); the worker validates it with the same schema.
        validatorCompiler: () => (value: unknown) => ({ value }),
        schema: {
          tags: ['applications'],
          operationId: 'createApplication',
          summary: 'Apply for a job with a PDF CV (a base64 data URL, at most 5 MB)',
          description:
            'Also accepts the same fields as multipart/form-data, with the CV as a file part named pdfFile.',
          body: applicationSubmissionSchema,
          response: {
            201: applicationSavedSchema,
            ...errorResponses(400, 404, 408, 410, 413, 422, 429, 503),
          },
        },
      },
      receiveApplication(context),
    );
  });
}

/**
 * Reading, downloading and deleting applications: registered in the admin scope
 * (auth/admin-scope.ts). Every read of an applicant's data is recorded in the audit trail.
 */
export function applicationAdminRoutes(app: Api, context: ApplicationRouteDeps): void {
  const { applications, applicationList, erasureLog } = context;
  const record = recordFor(context);
  context.cacheSizes.report('application_list', applicationList.held);

  app.get(
    apiPaths.applications.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'listApplications',
        summary:
          'Every application, newest first (without CV bytes); with question and answer, only those that answered so; with q, those it finds; with limit, the newest that many',
        querystring: applicationListQuerySchema,
        response: { 200: applicationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { question, answer, q, limit } = request.query;
      // Narrowed answers are read each time: small (a page, a search) or rare (an answer filter).
      if (question !== undefined || q !== undefined || limit !== undefined)
        return applications.list({ question, answer, q, limit });
      return applicationList.send(request, reply);
    },
  );

  app.get(
    apiPaths.application.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'getApplication',
        summary: 'One application (without CV bytes); opening a New one moves it to Reviewed',
        params: idParamsSchema,
        response: { 200: applicationDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const id = existingApplicationId(request.params.id);
      const opened = await openApplication(context, id, currentUser(request).email, request.log);
      if (!opened) throw new HttpError(404, messages.applicationMissing);
      return opened;
    },
  );

  applicationCvRoutes(app, context);

  app.delete(
    apiPaths.application.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'deleteApplication',
        summary: 'Delete an application and its CV (irreversible)',
        params: idParamsSchema,
        response: { 200: deleteAckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const found = await applications.find(existingApplicationId(request.params.id));
      // Logged first, so that a backup taken before it cannot bring it back (docs/operations.md#the-erasure-log).
      if (found) await erasureLog.record({ action: 'delete', applicationId: found._id });
      if (!found || !(await applications.remove(found._id))) {
        throw new HttpError(404, messages.applicationMissing);
      }
      record(request, 'delete', { id: found._id, email: found.email });
      return { acknowledged: true, deletedCount: 1 };
    },
  );
}

/** Records what an admin did with an applicant's data; never any CV contents. */
function recordFor({ audit }: ApplicationRouteDeps) {
  return (request: FastifyRequest, action: AuditAction, application: { id: string; email: string }) =>
    audit.record({
      action,
      actorEmail: currentUser(request).email,
      subjectEmail: application.email,
      applicationId: application.id,
    });
}

/** The CV of an application, as a data URL for the preview or as the PDF itself; each read is audited. */
function applicationCvRoutes(app: Api, context: ApplicationRouteDeps): void {
  const { applications } = context;
  const record = recordFor(context);
  const cvAnswers = createCvAnswerCache(context.changes, context.config.memoryBounds.cvAnswerCacheBytes);
  context.cacheSizes.report('cv_answers', cvAnswers.held);

  const openCv = async (request: FastifyRequest, id: string, action: AuditAction) => {
    const opened = await applications.openCv(existingApplicationId(id));
    if (!opened) throw new HttpError(404, messages.cvMissing);
    record(request, action, { id, email: opened.email });
    return opened;
  };

  app.get(
    apiPaths.applicationPdf.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'getApplicationCvDataUrl',
        summary: 'The CV as a base64 data URL (purpose=preview or download, for the audit trail)',
        params: idParamsSchema,
        querystring: cvPurposeSchema,
        response: { 200: cvAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = existingApplicationId(request.params.id);
      const owner = await applications.cvOwner(id);
      let answer = owner && cvAnswers.kept(owner.cvKey);
      if (owner && !answer) {
        const cv = await context.blobs.open(owner.cvKey);
        if (cv && !cvAnswers.keeps(cvAnswerLength(cv.size))) {
          // Too large for the cache to keep: sent as it is read rather than built whole.
          record(request, request.query.purpose, { id, email: owner.email });
          return sendCvAnswerStream(reply as FastifyReply, cv);
        }
        answer =
          cv && (await cvAnswers.get(owner.cvKey, () => buffer(cv.stream())).finally(() => cv.close()));
      }
      if (!owner || !answer) throw new HttpError(404, messages.cvMissing);
      record(request, request.query.purpose, { id, email: owner.email });
      // Bytes already in the CvAnswer shape (see cv-answer.ts), so the typed reply is bypassed.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(answer);
    },
  );

  app.get(
    apiPaths.applicationCv.pattern,
    {
      schema: {
        tags: ['applications'],
        operationId: 'downloadApplicationCv',
        summary: 'The CV as application/pdf, named {applicant name}_resume.pdf',
        params: idParamsSchema,
        querystring: z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') }),
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { disposition } = request.query;
      const { name, cv } = await openCv(
        request,
        request.params.id,
        disposition === 'inline' ? 'preview' : 'download',
      );
      // Sent a piece at a time as it is read (docs/operations.md#memory); a failed read after the
      // first byte ends the connection, so a client never takes a short file for the CV.
      return reply
        .type('application/pdf')
        .header('content-length', cv.size)
        .header('content-disposition', contentDisposition(disposition, cvFileName(name)))
        .header('x-content-type-options', 'nosniff')
        .send(cv.stream());
    },
  );
}
