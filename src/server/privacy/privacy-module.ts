import type { ServerModule } from '../domain-module/server-module';
import { privacyRoutes } from './privacy-routes';
import { scheduleRetentionPurge } from './retention';

type Deps = Parameters<typeof privacyRoutes>[1] &
  Parameters<typeof scheduleRetentionPurge>[0] & { config: { retentionDays: number } };

/** The access export, the erasure of an applicant and the daily retention purge. */
export const privacyModule: ServerModule<Deps> = {
  name: 'privacy',
  routes: (context) => ({
    admin(admin) {
      privacyRoutes(admin, context);
    },
  }),
  tables: [],
  schedule: (context, log) => scheduleRetentionPurge(context, context.config.retentionDays, log),
  privacy: {
    personalData: false,
    why: 'It keeps nothing of its own: it runs the export, erasure and purge over what the other modules keep.',
  },
};
