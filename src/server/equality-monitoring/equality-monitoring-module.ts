import type { ServerModule } from '../domain-module/server-module';
import { equalityMonitoring, equalityReportChanges, equalityReports } from '../db/schema';
import { monitoringAdminRoutes, monitoringRoutes } from './monitoring-routes';

type Deps = Parameters<typeof monitoringRoutes>[1];

/** Equality monitoring returns, kept with no link back, and the figures published from them. */
export const equalityMonitoringModule: ServerModule<Deps> = {
  name: 'equality-monitoring',
  routes: (context) => ({
    public(open) {
      monitoringRoutes(open, context);
    },
    admin(admin) {
      monitoringAdminRoutes(admin, context);
    },
  }),
  tables: [equalityMonitoring, equalityReports, equalityReportChanges],
  privacy: {
    personalData: true,
    export: {
      what: 'Nothing: a return names no one, and only the server’s key finds the one of an application.',
    },
    erase: {
      what: 'An application’s return is deleted in the transaction that deletes the application.',
      by: 'equality-monitoring/monitoring-repository.ts#forget',
    },
    purge: {
      what: 'The same, and every return past its retain-until month whatever became of its application.',
      by: 'equality-monitoring/monitoring-repository.ts#purgeExpired',
    },
    restoreReplay: {
      what: 'Nothing: a restore cannot find a return without the server’s key, so one whose application was erased after the backup stays until its retain-until month passes and the purge deletes it.',
      by: 'equality-monitoring/monitoring-repository.ts#purgeExpired',
    },
  },
};
