import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What no shared or browser cache may keep. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The account calls: their answers carry a token, a second factor's secret or recovery codes. */
const ACCOUNT_ROUTES = /^\/api\/(login$|auth\/)/;

/**
 * Answers to a signed-in caller (every admin call, and a public read a guard let an
 * administrator's token into) and every account answer carry applicants' or administrators'
 * personal data: they say `Cache-Control: private, no-store`, set here once for all of them rather
 * than route by route, so a new admin call cannot forget it (docs/security.md).
 */
export function installPrivateAnswers(app: FastifyInstance): void {
  const isPrivate = (request: FastifyRequest) =>
    request.user !== undefined || ACCOUNT_ROUTES.test(request.routeOptions.url ?? '');
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPrivate(request)) reply.header('cache-control', PRIVATE_NO_STORE);
    return payload;
  });
}
