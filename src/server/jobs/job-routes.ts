import { z } from 'zod';
import {
  jobAnswerListSchema,
  jobAnswerSchema,
  jobCreateSchema,
  jobUpdateSchema,
  toPublicJob,
} from '../../shared/jobs/job-contract';
import { deleteAckSchema, insertAckSchema, updateAckSchema } from '../../shared/http/acknowledgements';
import { idParamsSchema, isId } from '../../shared/http/id';
import { US_DATE_PATTERN, formatUsDate } from '../../shared/format/date';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import { sendRepresentation } from '../http/representation';
import { currentUser, type Guards } from '../auth/guards';
import { OPTIONAL_ADMIN_SECURITY } from '../auth/admin-scope';
import type { JobRepository } from './job-repository';
import type { DepartmentRepository } from './department-repository';
import { checkJobWrite, draftOfCreate, draftOfUpdate, payOfWrite, type JobWriteRules } from './job-writes';
import type { OpenJobsCache } from './open-jobs-cache';
import type { FastifyRequest } from 'fastify';
import { apiPaths } from '../../shared/http/api-routes';

/** What the job routes use of the server's parts (see app-context.ts). */
export interface JobRouteDeps {
  jobs: JobRepository;
  openJobs: OpenJobsCache;
  departments: DepartmentRepository;
  config: JobWriteRules;
}

const existingJobId = (id: string) => {
  if (!isId(id)) throw new HttpError(404, messages.jobNotFound);
  return id;
};

/**
 * The public job calls. An administrator's token, when one comes, adds closed posts and who wrote
 * each; without one (or with a bad one) the answer is simply the public form.
 */
export function jobRoutes(app: Api, context: JobRouteDeps, guards: Guards): void {
  const { jobs, openJobs } = context;
  /** Public answers never refuse: without a valid admin token they are simply the public form. */
  const isAdmin = (request: FastifyRequest) =>
    request.headers.authorization
      ? guards.requireAdmin(request).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);

  app.get(
    apiPaths.jobs.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'listJobs',
        summary:
          'Every open job post, newest first; with include=closed and an administrator token, closed ones too, with who created and edited each',
        security: OPTIONAL_ADMIN_SECURITY,
        querystring: z.object({ include: z.enum(['closed']).optional() }),
        response: { 200: jobAnswerListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // Without a valid admin token, include=closed is simply not granted.
      if (request.query.include === 'closed' && (await isAdmin(request)))
        return jobs.list({ includeClosed: true });
      // Revalidated on every use (no-cache), answered 304 while the list is unchanged.
      return sendRepresentation(request, reply, (await openJobs.get()).answer, {
        cacheControl: 'no-cache',
        replay: { page: '/api/all', current: () => openJobs.peek()?.answer },
      });
    },
  );

  app.get(
    apiPaths.job.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'getJob',
        summary: 'One job post; with an administrator token, with who created and edited it',
        security: OPTIONAL_ADMIN_SECURITY,
        params: idParamsSchema,
        response: { 200: jobAnswerSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const job = await jobs.find(existingJobId(request.params.id));
      if (!job) throw new HttpError(404, messages.jobNotFound);
      return (await isAdmin(request)) ? job : toPublicJob(job);
    },
  );
}

/** Creating, editing and deleting job posts: registered in the admin scope (auth/admin-scope.ts). */
export function jobAdminRoutes(
  app: Api,
  context: Pick<JobRouteDeps, 'jobs' | 'departments' | 'config'>,
): void {
  const { jobs, departments, config } = context;

  app.post(
    apiPaths.newJob.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'createJob',
        summary: 'Create a job post',
        body: jobCreateSchema,
        response: { 201: insertAckSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { publishTime, postCreator: _ignored, ...fields } = request.body;
      const draft = draftOfCreate(request.body);
      await checkJobWrite(draft, request.body, departments, config);
      const insertedId = await jobs.create({
        ...fields,
        pay: draft.pay,
        // The form sends today's date; anything that is not MM/DD/YYYY is replaced by the server's.
        publishTime:
          publishTime && US_DATE_PATTERN.test(publishTime) ? publishTime : formatUsDate(new Date()),
        postCreator: currentUser(request).email,
      });
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    apiPaths.post.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'updateJob',
        summary: 'Update a job post',
        params: idParamsSchema,
        body: jobUpdateSchema,
        response: { 200: updateAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { lastEditUser: _user, editTime: _time, ...fields } = request.body;
      const saved = await jobs.draft(existingJobId(request.params.id));
      if (!saved) throw new HttpError(404, messages.jobNotFound);
      await checkJobWrite(draftOfUpdate(saved, request.body), request.body, departments, config);
      const updated = await jobs.update(request.params.id, {
        ...fields,
        pay: payOfWrite(request.body),
        lastEditUser: currentUser(request).email,
        editTime: formatUsDate(new Date()),
      });
      if (!updated) throw new HttpError(404, messages.jobNotFound);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.delete(
    apiPaths.post.pattern,
    {
      schema: {
        tags: ['jobs'],
        operationId: 'deleteJob',
        summary: 'Delete a job post',
        params: idParamsSchema,
        response: { 200: deleteAckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const removed = await jobs.remove(existingJobId(request.params.id));
      if (!removed) throw new HttpError(404, messages.jobNotFound);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
}
