import type { ServerModule } from '../domain-module/server-module';
import { rightToWorkChecks } from '../db/schema';
import { rightToWorkRoutes } from './right-to-work-routes';
import { scheduleFollowUpReminders } from './follow-up-reminders';

type Deps = Parameters<typeof rightToWorkRoutes>[1] & Parameters<typeof scheduleFollowUpReminders>[0];

/** Right-to-work checks at Offer and Hired, their evidence files and follow-up reminders. */
export const rightToWorkModule: ServerModule<Deps> = {
  name: 'right-to-work',
  routes: (context) => ({
    admin(admin) {
      rightToWorkRoutes(admin, context);
    },
  }),
  tables: [rightToWorkChecks],
  schedule: (context, log) => scheduleFollowUpReminders(context, log),
  privacy: {
    personalData: true,
    export: {
      what: 'Each application’s check, with its evidence file.',
      by: 'right-to-work/right-to-work-repository.ts#exportFor',
    },
    erase: {
      what: 'The check goes with its application (foreign key), its evidence file with it.',
      by: 'applications/application-repository.ts#remove',
    },
    purge: {
      what: 'The same; a hire with a completed check is kept for the employment and two years after.',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'The check of an application deleted since the backup is dropped with it.',
      by: 'backups/restore.ts#keep',
    },
  },
};
