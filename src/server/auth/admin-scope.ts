import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Api } from '../http/route-types';
import type { Guards } from './guards';

/** How the OpenAPI document marks a call that needs an administrator's bearer token. */
export const ADMIN_SECURITY = [{ bearer: [] }];

/**
 * The admin calls' own Fastify scope (an encapsulated plugin, registered under `/api`): its
 * `onRequest` hook runs the admin guard before every route in it, and every route in it is
 * documented as taking the bearer token. A route module registered here writes neither, so no
 * admin call can be left open by a forgotten line (docs/architecture.md#guards).
 */
export function adminScope(guards: Pick<Guards, 'requireAdmin'>, routes: (admin: Api) => void) {
  return async (scope: FastifyInstance): Promise<void> => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', guards.requireAdmin);
    // Before the routes: an onRoute hook sees only the routes registered after it.
    admin.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: ADMIN_SECURITY };
    });
    routes(admin);
  };
}
