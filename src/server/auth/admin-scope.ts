import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Api } from '../domain-module/route-types';
import type { Guards } from './guards';

/** How the OpenAPI document marks a call that needs a bearer token. */
export const ADMIN_SECURITY = [{ bearer: [] }];

/**
 * How it marks a public call that answers more to an administrator's token (the jobs): with no
 * token, or with one.
 */
export const OPTIONAL_ADMIN_SECURITY: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];

/**
 * An `onRoute` hook for the public scope: a call that names no security of its own is documented
 * as needing none (`security: []`), so a client generator never guesses and the OpenAPI document
 * says for every call what it takes (docs/architecture.md#guards).
 */
export function documentAsPublic(route: { schema?: { security?: unknown } }): void {
  route.schema = { ...route.schema, security: route.schema?.security ?? [] };
}

/**
 * A Fastify scope (an encapsulated plugin, registered under `/api`) whose `onRequest` hook runs
 * `guard` before every route in it, each route documented as taking the bearer token. A route
 * module registered in it writes neither, so no call can be left open by a forgotten line
 * (docs/architecture.md#guards).
 */
function guardedScope(guard: (request: FastifyRequest) => Promise<void>, routes: (scope: Api) => void) {
  return async (scope: FastifyInstance): Promise<void> => {
    const guarded = scope.withTypeProvider<ZodTypeProvider>();
    guarded.addHook('onRequest', guard);
    // Before the routes: an onRoute hook sees only the routes registered after it.
    guarded.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: ADMIN_SECURITY };
    });
    routes(guarded);
  };
}

/** The admin calls: an administrator, as the account stands on this request. */
export function adminScope(guards: Pick<Guards, 'requireAdmin'>, routes: (admin: Api) => void) {
  return guardedScope(guards.requireAdmin, routes);
}

/**
 * The hiring team's calls (`/api/team/...`): a hiring manager or an interviewer. The guard lets
 * in the role only; each call then checks the job or application against the caller's
 * assignments (team/team-access.ts).
 */
export function teamScope(guards: Pick<Guards, 'requireTeamMember'>, routes: (team: Api) => void) {
  return guardedScope(guards.requireTeamMember, routes);
}

/** A signed-in person's own account (password, second factor, sign-out): anyone who may sign in. */
export function accountScope(guards: Pick<Guards, 'requireStaff'>, routes: (account: Api) => void) {
  return guardedScope(guards.requireStaff, routes);
}
