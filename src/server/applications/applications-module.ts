import type { ServerModule } from '../domain-module/server-module';
import { applicationNotes, applicationReplies, applications, cvBlobs, replyTemplates } from '../db/schema';
import { applicationAdminRoutes, applicationRoutes } from './application-routes';
import { noteRoutes } from './note-routes';
import { stageRoutes } from './stage-routes';
import { replyTemplateRoutes } from './reply-template-routes';

type Deps = Parameters<typeof applicationRoutes>[1] &
  Parameters<typeof applicationAdminRoutes>[1] &
  Parameters<typeof noteRoutes>[1] &
  Parameters<typeof stageRoutes>[1] &
  Parameters<typeof replyTemplateRoutes>[1];

/**
 * The applications: intake, the admin list and reads, notes, stages and the replies to
 * applicants. `cv_blobs` holds the CVs (and the right-to-work evidence files, which go with
 * their application) when they live in PostgreSQL.
 */
export const applicationsModule: ServerModule<Deps> = {
  name: 'applications',
  routes: (context) => ({
    public(open) {
      applicationRoutes(open, context);
    },
    admin(admin) {
      applicationAdminRoutes(admin, context);
      noteRoutes(admin, context);
      stageRoutes(admin, context);
      replyTemplateRoutes(admin, context);
    },
  }),
  tables: [applications, applicationNotes, applicationReplies, replyTemplates, cvBlobs],
  privacy: {
    personalData: true,
    export: {
      what: 'Every application of the address with its CV and answers, the notes on each and the replies e-mailed.',
      by: 'privacy/subject-requests.ts#exportSubject',
    },
    erase: {
      what: 'Every application of the address (or the one asked about), its CV, evidence file, notes and replies, and every row naming it (foreign keys).',
      by: 'applications/application-erasure.ts#eraseSubject',
    },
    purge: {
      what: 'Applications past the retention period, not on hold nor a hire being kept, the same way.',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'A restored backup loses again every application deleted, purged or erased since it was taken, and every row naming one.',
      by: 'backups/restore.ts#keep',
    },
  },
};
