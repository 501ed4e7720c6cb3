import type { Database } from '../db/database';
import type { ServerModule } from '../domain-module/server-module';
import { recordHiringFact, recordHiringFacts } from './hiring-facts';
import { createReportsRepository, type TrackingLinkNames } from './reports-repository';
import { reportAdminRoutes } from './reports-routes';
import { hiringFactDurations, hiringFactJobs, hiringFactMonths, hiringFacts } from './reports-tables';

type Deps = {
  database: Database;
  now: () => Date;
  /** The tracking links' names by code (the sources domain's, read for the reports' labels). */
  trackingLinkNames: TrackingLinkNames;
};

/**
 * The hiring reports (docs/behaviour.md#reports): facts of every arrival and stage move, kept
 * without anything of the person, and the administrators' reports made from them.
 */
export const reportsModule: ServerModule<Deps> = {
  name: 'reports',
  routes: (deps) => {
    const reports = createReportsRepository(deps.database.db, deps.trackingLinkNames);
    return { admin: (scope) => reportAdminRoutes(scope, { reports, now: deps.now }) };
  },
  tables: [hiringFacts, hiringFactMonths, hiringFactDurations, hiringFactJobs],
  subscribers: () => [
    {
      name: 'reports',
      hears: ['application-received', 'stage-changed'],
      handle: recordHiringFact,
      handleBatch: recordHiringFacts,
    },
  ],
  privacy: {
    personalData: false,
    why: 'A hiring fact holds a job, its department, a source marker, two stages, London days and working-day counts: no application id, name, address or time of day, so none joins back to a person, and every figure made from them withholds groups under five (docs/security.md#hiring-facts). The purge and erasures delete the person and leave the facts.',
  },
};
