import type { ServerModule } from '../domain-module/server-module';
import { applicationInterviewers, jobHiringManagers } from '../db/schema';
import { teamAdminRoutes } from './team-admin-routes';
import { teamRoutes } from './team-routes';
import { teamNoteRoutes } from './team-note-routes';

type Deps = Parameters<typeof teamAdminRoutes>[1] &
  Parameters<typeof teamRoutes>[1] &
  Parameters<typeof teamNoteRoutes>[1];

/** The hiring team: its members, what each is assigned to, and their own calls. */
export const teamModule: ServerModule<Deps> = {
  name: 'team',
  routes: (context) => ({
    admin(admin) {
      teamAdminRoutes(admin, context);
    },
    team(team) {
      teamRoutes(team, context);
      teamNoteRoutes(team, context);
    },
  }),
  tables: [jobHiringManagers, applicationInterviewers],
  privacy: {
    personalData: true,
    export: { what: 'Nothing: who was assigned to an application is about the staff, not the applicant.' },
    erase: {
      what: 'An application’s interviewers go with it (foreign key); a member’s assignments go with their account.',
      by: 'team/team-repository.ts#remove',
    },
    purge: {
      what: 'An application’s interviewers go with it (foreign key).',
      by: 'privacy/retention.ts#purgeExpiredApplications',
    },
    restoreReplay: {
      what: 'The assignments of an application deleted, or of a member removed, since the backup are dropped with it.',
      by: 'backups/restore.ts#keep',
    },
  },
};
