import type { ServerModule } from '../domain-module/server-module';
import { departments, jobQuestionSets, jobReferenceNumbers, jobs } from '../db/schema';
import type { Guards } from '../auth/guards';
import { jobAdminRoutes, jobRoutes } from './job-routes';
import { departmentRoutes } from './department-routes';

type Deps = Parameters<typeof jobRoutes>[1] & Parameters<typeof departmentRoutes>[1];

/** The job posts, their departments, questions and job-board reference numbers. */
export const jobsModule: ServerModule<Deps, Guards> = {
  name: 'jobs',
  routes: (context, guards) => ({
    public(open) {
      jobRoutes(open, context, guards);
    },
    admin(admin) {
      jobAdminRoutes(admin, context);
      departmentRoutes(admin, context);
    },
  }),
  tables: [departments, jobs, jobReferenceNumbers, jobQuestionSets],
  privacy: {
    personalData: true,
    export: { what: 'Nothing: a job names only the staff who posted and last edited it, not an applicant.' },
    erase: {
      what: 'Nothing: the staff address on a job is the record of who published it, kept with the job until the job is deleted.',
    },
    purge: { what: 'Nothing: jobs are not kept for a retention period; an administrator deletes them.' },
    restoreReplay: { what: 'Nothing: the erasure log records applications and applicants only.' },
  },
};
