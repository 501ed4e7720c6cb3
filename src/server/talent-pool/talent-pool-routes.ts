import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPaths } from '../../shared/http/api-routes';
import { idParamsSchema, isId } from '../../shared/http/id';
import { plainAckSchema } from '../../shared/http/acknowledgements';
import { MAX_APPLICATION_BODY_BYTES, MAX_CV_BYTES, PDF_DATA_URL_PREFIX } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { isClosed } from '../../shared/jobs/closing-date';
import { screens } from '../../shared/site/screen-routes';
import {
  poolDepartmentListSchema,
  poolInviteSchema,
  poolJoinSchema,
  poolKeepSchema,
  poolListQuerySchema,
  poolMemberListSchema,
  poolMemberSchema,
  poolMemberViewSchema,
  poolMessages,
  poolOfferSchema,
  poolTagsSchema,
} from '../../shared/talent-pool/talent-pool-contract';
import { currentUser } from '../auth/guards';
import { errorResponses, type Api } from '../domain-module/route-types';
import { HttpError } from '../http/http-error';
import { consume, consumeOrThrow } from '../http/rate-limit';
import { emailLimitKey } from '../http/secret-token';
import type { TalentPoolDeps } from './talent-pool-deps';
import { alreadyMemberEmail, confirmJoinEmail, inviteEmail, keptEmail } from './talent-pool-emails';
import type { TalentPoolRepository } from './talent-pool-repository';

const tokenParams = z.object({ token: z.string().max(100) });
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The CV of a join request: a PDF data URL, checked as every CV is, in the worker thread. */
async function checkedCv(deps: TalentPoolDeps, dataUrl: string | undefined): Promise<Buffer | undefined> {
  if (dataUrl === undefined) return undefined;
  const base64 = dataUrl.slice(PDF_DATA_URL_PREFIX.length);
  if (!BASE64.test(base64) || base64.length === 0) throw new HttpError(400, poolMessages.cvUnreadable);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_CV_BYTES) throw new HttpError(413, poolMessages.cvTooLarge);
  try {
    await deps.evidenceChecks.check(bytes, 'application/pdf');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 413) throw new HttpError(413, poolMessages.cvTooLarge);
    if (error.message === messages.rightToWorkEvidenceActive) throw new HttpError(400, poolMessages.cvActive);
    throw new HttpError(400, poolMessages.cvUnreadable);
  }
  return bytes;
}

/** Departments a request names must all exist; answers their slugs. */
async function knownDepartments(deps: TalentPoolDeps, asked: string[]): Promise<string[]> {
  const known = new Set((await deps.departments.list()).map((department) => department.slug));
  const unique = [...new Set(asked)];
  if (unique.some((slug) => !known.has(slug))) throw new HttpError(400, poolMessages.departmentUnknown);
  return unique;
}

/** The careers site's calls: the departments to choose from, and the request to join. */
export function publicTalentPoolRoutes(app: Api, deps: TalentPoolDeps, pool: TalentPoolRepository): void {
  app.get(
    apiPaths.talentPoolDepartments.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'listTalentPoolDepartments',
        summary: 'The departments one may be interested in',
        // A malformed address (bad percent-encoding) is refused before the route, as for any call.
        response: { 200: poolDepartmentListSchema, ...errorResponses(400) },
      },
    },
    async () => (await deps.departments.list()).map(({ slug, name }) => ({ slug, name })),
  );

  app.post(
    apiPaths.talentPool.pattern,
    {
      bodyLimit: MAX_APPLICATION_BODY_BYTES,
      config: { bodyTooLargeMessage: poolMessages.cvTooLarge },
      schema: {
        tags: ['talent-pool'],
        operationId: 'joinTalentPool',
        summary: 'Ask to join the talent pool (confirmed by an e-mailed link)',
        body: poolJoinSchema,
        response: {
          202: z.object({ acknowledged: z.literal(true), message: z.string() }),
          ...errorResponses(400, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await consumeOrThrow(deps.limiters.talentPoolJoinsByIp, request.ip, poolMessages.tooManyJoins);
      const departments = await knownDepartments(deps, body.departments);
      const cv = await checkedCv(deps, body.cv);
      await consumeOrThrow(
        deps.limiters.talentPoolJoinsByEmail,
        emailLimitKey(body.email),
        poolMessages.tooManyJoins,
      );
      await pool.requestJoin(
        { name: body.name, email: body.email, departments, noticeVersion: body.noticeVersion, cv },
        new Date(),
        (_tx, member, state) => [
          state === 'new' ? confirmJoinEmail(member, deps.mail) : alreadyMemberEmail(member, deps.mail),
        ],
      );
      deps.outbox.wake();
      // The same answer whether or not the address was in the pool: it tells nobody who is.
      return reply.status(202).send({ acknowledged: true, message: poolMessages.joined });
    },
  );
}

/** The calls by a private link: the applicant's offer, and the member's own page. */
/** As every private link: misses count against the caller's address, hits give the point back. */
const linkOpener =
  (deps: TalentPoolDeps) =>
  async <T>(request: FastifyRequest, reply: FastifyReply, find: () => Promise<T | undefined>) => {
    reply.header('cache-control', 'no-store');
    if (!(await consume(deps.limiters.myApplicationMisses, request.ip, reply))) return undefined;
    const found = await find();
    if (!found) throw new HttpError(404, poolMessages.linkGone);
    await deps.limiters.myApplicationMisses.reward(request.ip, 1);
    return found;
  };
type LinkOpener = ReturnType<typeof linkOpener>;

/** The calls a private link makes: the pool's offer to an applicant, and a member's own page. */
export function linkTalentPoolRoutes(app: Api, deps: TalentPoolDeps, pool: TalentPoolRepository): void {
  const opened = linkOpener(deps);
  offerRoutes(app, deps, pool, opened);
  memberRoutes(app, pool, opened);
}

function offerRoutes(app: Api, deps: TalentPoolDeps, pool: TalentPoolRepository, opened: LinkOpener): void {
  const applicant = async (token: string) => {
    const application = await deps.applicationLinks.find(token);
    return application && application.stage !== 'withdrawn' ? application : undefined;
  };

  /** The offer, by the applicant's own link or by the one the rejection e-mail carries. */
  const offers = [
    { route: apiPaths.talentPoolOffer, name: 'TalentPoolOffer', find: applicant },
    {
      route: apiPaths.keepMyDetails,
      name: 'KeepMyDetails',
      find: async (token: string) => {
        const found = await pool.offerApplicant(token);
        return found && found.stage !== 'withdrawn' ? found : undefined;
      },
    },
  ] as const;
  for (const { route, name, find } of offers) {
    app.get(
      route.pattern,
      {
        schema: {
          tags: ['talent-pool'],
          operationId: `get${name}`,
          summary: "Whether the applicant's address is in the talent pool",
          params: tokenParams,
          response: { 200: poolOfferSchema, ...errorResponses(404, 429) },
        },
      },
      async (request, reply) => {
        const application = await opened(request, reply, () => find(request.params.token));
        if (!application) return reply;
        return pool.offerFor(application.email);
      },
    );

    app.post(
      route.pattern,
      {
        schema: {
          tags: ['talent-pool'],
          operationId: `keep${name}`,
          summary: "Keep the applicant's details for future roles for 12 months (their consent)",
          params: tokenParams,
          body: poolKeepSchema,
          response: { 200: poolMemberViewSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const application = await opened(request, reply, () => find(request.params.token));
        if (!application) return reply;
        const departments = await knownDepartments(deps, request.body.departments);
        const kept = await pool.keepApplicant(
          application,
          departments,
          request.body.noticeVersion,
          new Date(),
          (member) => [keptEmail(member, deps.mail)],
        );
        deps.outbox.wake();
        return kept;
      },
    );
  }
}

function memberRoutes(app: Api, pool: TalentPoolRepository, opened: LinkOpener): void {
  const member = (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) =>
    opened(request, reply, () => pool.findByToken(request.params.token));

  app.get(
    apiPaths.myTalentPool.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'getMyTalentPool',
        summary: 'What the pool holds of the member, and until when',
        params: tokenParams,
        response: { 200: poolMemberViewSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const row = await member(request, reply);
      return row ? pool.view(row, new Date()) : reply;
    },
  );

  app.post(
    apiPaths.confirmMyTalentPool.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'confirmMyTalentPool',
        summary: 'Confirm joining (the double opt-in)',
        params: tokenParams,
        response: { 200: poolMemberViewSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const row = await member(request, reply);
      return row ? pool.confirm(row, new Date()) : reply;
    },
  );

  app.post(
    apiPaths.renewMyTalentPool.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'renewMyTalentPool',
        summary: 'Keep the details for another 12 months',
        params: tokenParams,
        response: { 200: poolMemberViewSchema, ...errorResponses(404, 409, 429) },
      },
    },
    async (request, reply) => {
      const row = await member(request, reply);
      if (!row) return reply;
      if (!row.confirmedAt) throw new HttpError(409, poolMessages.notConfirmed);
      return pool.renew(row, new Date());
    },
  );

  app.delete(
    apiPaths.myTalentPool.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'leaveMyTalentPool',
        summary: 'Leave the pool now: everything it holds is erased',
        params: tokenParams,
        response: { 200: plainAckSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const row = await member(request, reply);
      if (!row) return reply;
      await pool.leave(row);
      return { acknowledged: true };
    },
  );
}

/** Administrators alone (the admin scope: the hiring team is refused by the scope's guard). */
export function adminTalentPoolRoutes(app: Api, deps: TalentPoolDeps, pool: TalentPoolRepository): void {
  const confirmed = async (id: string) => {
    const row = isId(id) ? await pool.confirmedById(id) : undefined;
    if (!row) throw new HttpError(404, poolMessages.memberMissing);
    return row;
  };

  app.get(
    apiPaths.talentPoolMembers.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'listTalentPool',
        summary: 'The confirmed members, by department and tag',
        querystring: poolListQuerySchema,
        response: { 200: poolMemberListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => pool.list(request.query),
  );

  app.put(
    apiPaths.talentPoolMemberTags.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'tagTalentPoolMember',
        summary: "Set a member's tags",
        params: idParamsSchema,
        body: poolTagsSchema,
        response: { 200: poolMemberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      pool.setTags(await confirmed(request.params.id), request.body.tags, currentUser(request).email),
  );

  app.post(
    apiPaths.talentPoolMemberInvite.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'inviteTalentPoolMember',
        summary: 'E-mail a member the link to an open job (audited); never applies for them',
        params: idParamsSchema,
        body: poolInviteSchema,
        response: { 200: poolMemberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await confirmed(request.params.id);
      const job = isId(request.body.jobId) ? await deps.jobs.find(request.body.jobId) : undefined;
      if (!job || isClosed(job.closingDate ?? null)) throw new HttpError(400, poolMessages.jobNotOpen);
      const url = `${deps.config.publicUrl}${screens.apply.path({ id: request.body.jobId })}`;
      const invited = await pool.invite(
        row,
        job.jobTitle,
        inviteEmail(row, { title: job.jobTitle, url }, deps.mail),
        currentUser(request).email,
        new Date(),
      );
      deps.outbox.wake();
      return invited;
    },
  );

  app.get(
    apiPaths.talentPoolMemberCv.pattern,
    {
      schema: {
        tags: ['talent-pool'],
        operationId: 'getTalentPoolMemberCv',
        summary: "A member's CV as a PDF (audited)",
        params: idParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await confirmed(request.params.id);
      const cv = await pool.openCv(row);
      if (!cv) throw new HttpError(404, poolMessages.memberMissing);
      deps.audit.record({
        action: 'download',
        actorEmail: currentUser(request).email,
        subjectEmail: row.email,
        detail: 'Talent pool CV',
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="cv.pdf"')
        .header('cache-control', 'no-store')
        .header('content-length', cv.size)
        .send(cv.stream());
    },
  );
}
