import type { FastifyReply, FastifyRequest } from 'fastify';
import { MY_APPLICATION_NOT_FOUND } from '../../shared/my-application/my-application-contract';
import { HttpError } from '../http/http-error';
import { consume, type RateLimiters } from '../http/rate-limit';
import type { ApplicationLinks, LinkedApplication } from './application-links';

/*
 * Opening an application by its private link, for every call under /my-application/:token: the
 * applicant's own (my-application-routes.ts) and their interview booking (interviews/). A module
 * of its own because route modules never import each other.
 */

/** The one answer for a token that opens nothing, whatever the reason. */
export const notFound = () => new HttpError(404, MY_APPLICATION_NOT_FOUND);

/** What opening a link uses of the server's parts (see app-context.ts). */
export interface LinkedApplicationDeps {
  applicationLinks: ApplicationLinks;
  limiters: RateLimiters;
}

/**
 * The application a token opens, or 404. As with failed logins, each lookup first takes a point
 * from the caller's address and a token that opens an application gives it back, so only unknown
 * and dead tokens count (docs/security.md#rate-limits). Malformed tokens are simply unknown ones:
 * the answer never tells what a token looks like. A withdrawn application's link no longer opens
 * it, except to erase it. Undefined when the rate limit has already answered.
 */
export const linkedApplication =
  ({ applicationLinks, limiters }: LinkedApplicationDeps) =>
  async (
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
    options: { withdrawn: boolean },
  ): Promise<LinkedApplication | undefined> => {
    reply.header('cache-control', 'no-store');
    if (!(await consume(limiters.myApplicationMisses, request.ip, reply))) return undefined;
    const application = await applicationLinks.find(request.params.token);
    if (!application || (application.stage === 'withdrawn' && !options.withdrawn)) throw notFound();
    await limiters.myApplicationMisses.reward(request.ip, 1);
    return application;
  };
