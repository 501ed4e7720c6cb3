import type { ServerModule } from '../domain-module/server-module';
import { applicationAdjustments } from '../db/schema';
import { adjustmentRoutes } from './adjustments-routes';

type Deps = Parameters<typeof adjustmentRoutes>[1];

/** Adjustment requests, read only by the adjustments contact. */
export const adjustmentsModule: ServerModule<Deps> = {
  name: 'adjustments',
  routes: (context) => ({
    admin(admin) {
      adjustmentRoutes(admin, context);
    },
  }),
  tables: [applicationAdjustments],
  privacy: {
    personalData: true,
    export: {
      what: 'The adjustments asked for; their text only in the adjustments contact’s export.',
      by: 'adjustments/adjustments-repository.ts#heldFor',
    },
    erase: {
      what: 'They go with their application (foreign key).',
      by: 'applications/application-erasure.ts#eraseSubject',
    },
    purge: {
      what: 'They go with their application (foreign key).',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'Those of an application deleted since the backup are dropped with it.',
      by: 'backups/restore.ts#keep',
    },
  },
};
