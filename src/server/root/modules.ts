import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from './app-context';
import type { Guards } from '../auth/guards';
import type { ServerModule } from '../domain-module/server-module';
import {
  domainEventDeliveries,
  domainEventSubscribers,
  domainEvents,
  rateLimits,
  settings,
} from '../db/schema';
import { authModule } from '../auth/auth-module';
import { jobsModule } from '../jobs/jobs-module';
import { applicationsModule } from '../applications/applications-module';
import { myApplicationModule } from '../my-application/my-application-module';
import { privacyModule } from '../privacy/privacy-module';
import { teamModule } from '../team/team-module';
import { interviewsModule } from '../interviews/interviews-module';
import { emailModule } from '../email/email-module';
import { rightToWorkModule } from '../right-to-work/right-to-work-module';
import { adjustmentsModule } from '../adjustments/adjustments-module';
import { equalityMonitoringModule } from '../equality-monitoring/equality-monitoring-module';
import { auditModule } from '../audit/audit-module';
import { responseTimesModule } from '../response-times/response-times-module';
import { jobAlertsModule } from '../job-alerts/job-alerts-module';
import { talentPoolModule } from '../talent-pool/talent-pool-module';
import { sourcesModule } from '../sources/sources-module';
import { reportsModule } from '../reports/reports-module';

/**
 * Every domain of the server (domain-module/server-module.ts). app.ts registers each scope's calls by
 * walking this list, so its order is the order of registration within each scope: it is kept as
 * the routes were first registered, which the OpenAPI document follows.
 */
export const serverModules: readonly ServerModule<AppContext, Guards>[] = [
  authModule,
  jobsModule,
  applicationsModule,
  myApplicationModule,
  privacyModule,
  teamModule,
  interviewsModule,
  emailModule,
  rightToWorkModule,
  adjustmentsModule,
  equalityMonitoringModule,
  auditModule,
  responseTimesModule,
  jobAlertsModule,
  talentPoolModule,
  sourcesModule,
  reportsModule,
];

/**
 * The tables no domain owns: the server's own machinery, holding no personal data
 * (tests/server/server-modules.test.ts holds every other table to exactly one module).
 */
export const infrastructureTables: readonly { table: PgTable; why: string }[] = [
  { table: settings, why: 'Server settings by key.' },
  { table: rateLimits, why: 'Rate-limit counters, keyed by digests (http/rate-limit.ts).' },
  { table: domainEvents, why: 'The domain events: ids and stage names only (events/).' },
  { table: domainEventSubscribers, why: 'The subscribers to the domain events, by name.' },
  { table: domainEventDeliveries, why: 'Each event’s delivery to each subscriber.' },
];
