import type { ServerModule } from '../domain-module/server-module';
import { trackingLinks } from './sources-tables';

/**
 * Where applications come from (docs/behaviour.md#sources): the tracking links administrators
 * make. A referral link is named after the employee who refers, so its name is personal data of
 * theirs, never of an applicant.
 */
export const sourcesModule: ServerModule<unknown> = {
  name: 'sources',
  routes: () => ({}),
  tables: [trackingLinks],
  privacy: {
    personalData: true,
    export: {
      what: 'Nothing of an applicant: a link holds a channel’s or a referring employee’s name, never an applicant’s.',
    },
    erase: {
      what: 'An applicant’s source is a column of their application and goes with it; a referral link is renamed or archived by an administrator.',
    },
    purge: { what: 'The same as erasure: the source goes with the application.' },
    restoreReplay: { what: 'Nothing to replay: the links hold no applicant’s data.' },
  },
};
