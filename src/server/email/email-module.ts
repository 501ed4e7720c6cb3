import type { ServerModule } from '../domain-module/server-module';
import { emailOutbox } from '../db/schema';
import { emailRoutes } from './email-routes';

type Deps = Parameters<typeof emailRoutes>[1];

/** The e-mail outbox: every e-mail queued, delivered with retries, and kept once sent. */
export const emailModule: ServerModule<Deps> = {
  name: 'email',
  routes: (context) => ({
    public(open) {
      emailRoutes(open, context);
    },
  }),
  tables: [emailOutbox],
  privacy: {
    personalData: true,
    export: {
      what: 'Nothing of its own: the replies sent to the applicant are exported from the applications.',
    },
    erase: {
      what: 'Every e-mail to the address, queued or sent; an application’s e-mails go with it (foreign key).',
      by: 'email/email-outbox.ts#removeForRecipient',
    },
    purge: {
      what: 'An application’s e-mails go with it (foreign key).',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'E-mails to an address erased, or of an application deleted, since the backup are dropped.',
      by: 'backups/restore.ts#keep',
    },
  },
};
