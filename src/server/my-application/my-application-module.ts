import type { ServerModule } from '../domain-module/server-module';
import { applicationLinks } from '../db/schema';
import { lostLinkRoutes, myApplicationRoutes } from './my-application-routes';

type Deps = Parameters<typeof myApplicationRoutes>[1] & Parameters<typeof lostLinkRoutes>[1];

/** The applicant's own page, through the private link to their application. */
export const myApplicationModule: ServerModule<Deps> = {
  name: 'my-application',
  routes: (context) => ({
    applicant(open) {
      myApplicationRoutes(open, context);
    },
    public(open) {
      lostLinkRoutes(open, context);
    },
  }),
  tables: [applicationLinks],
  privacy: {
    personalData: true,
    export: {
      what: 'Nothing: only a hash of each private link is kept, which says nothing of the applicant.',
    },
    erase: {
      what: 'The link goes with its application (foreign key).',
      by: 'applications/application-erasure.ts#eraseSubject',
    },
    purge: {
      what: 'The link goes with its application (foreign key).',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'The link of an application deleted since the backup is dropped with it.',
      by: 'backups/restore.ts#keep',
    },
  },
};
