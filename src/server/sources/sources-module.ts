import type { ServerModule } from '../domain-module/server-module';
import type { Database } from '../db/database';
import { trackingLinks } from './sources-tables';
import { createTrackingLinkRepository } from './tracking-link-repository';
import { trackingLinkRoutes } from './tracking-link-routes';

/** What the sources use of the server's parts (root/app-context.ts). */
interface SourcesDeps {
  config: { publicUrl: string };
  database: Database;
}

/**
 * Where applications come from (docs/behaviour.md#sources): the tracking links administrators
 * make, and their QR codes. An application's source is a column of the application
 * (applications/), resolved by this folder's `createSourceResolver`, which the root hands in. A
 * referral link is named after the employee who refers, so its name is personal data of theirs,
 * never of an applicant.
 */
export const sourcesModule: ServerModule<SourcesDeps> = {
  name: 'sources',
  routes: (deps) => {
    const links = createTrackingLinkRepository(deps.database.db, deps.config.publicUrl);
    return { admin: (scope) => trackingLinkRoutes(scope, links) };
  },
  tables: [trackingLinks],
  privacy: {
    personalData: true,
    export: {
      what: 'Nothing of an applicant here: the source, the referring site’s host and the applicant’s own answer are columns of their application, exported with it (applications). A link holds a channel’s or a referring employee’s name, never an applicant’s.',
    },
    erase: {
      what: 'An applicant’s source, referring host and answer are columns of their application and go with it. A referral link names an employee, never an applicant: it is kept, archived or not, so the reports keep their names, and an administrator replaces an employee’s name by renaming the link (docs/security.md#sources).',
    },
    purge: { what: 'The same as erasure: the source goes with the application.' },
    restoreReplay: { what: 'Nothing to replay: the links hold no applicant’s data.' },
  },
};
