import type { FastifyBaseLogger } from 'fastify';
import type { AlertFrequency } from '../../shared/job-alerts/job-alerts-contract';
import { toPublicJob, type AdminJob, type Job } from '../../shared/jobs/job-contract';
import type { Database } from '../db/database';
import type { ServerModule } from '../domain-module/server-module';
import type { EmailOutbox } from '../email/email-outbox';
import type { ErasureLog } from '../erasures/erasure-log';
import type { MailOptions } from '../email/mail-options';
import type { RateLimiters } from '../http/rate-limit';
import { schedulePeriodic } from '../runtime/schedule-periodic';
import { askIdle } from './job-alert-upkeep';
import { runAlerts } from './job-alert-run';
import { createJobAlertRepository } from './job-alerts-repository';
import { jobAlertRoutes } from './job-alerts-routes';
import { jobAlertLinks, jobAlertPostings, jobAlerts } from './job-alerts-tables';

/** What job alerts use of the server's parts; `jobs` is the jobs' repository, read through this shape. */
export interface JobAlertDeps {
  database: Database;
  outbox: EmailOutbox;
  mail: MailOptions;
  limiters: RateLimiters;
  jobs: { list(): Promise<AdminJob[]> };
  erasureLog: ErasureLog;
}

/** The alerts are looked at this often; each frequency sends only when due (alert-times.ts). */
const TICK_MS = 60_000;
const MAINTENANCE_MS = 60 * 60_000;
const FREQUENCIES: readonly AlertFrequency[] = ['instant', 'daily', 'weekly'];

/** One runner per server: the subscriber wakes it, the schedule drives it. */
const runners = new WeakMap<JobAlertDeps, ReturnType<typeof createRunner>>();
const runnerFor = (deps: JobAlertDeps) => {
  let runner = runners.get(deps);
  if (!runner) runners.set(deps, (runner = createRunner(deps)));
  return runner;
};

function createRunner(deps: JobAlertDeps) {
  const db = deps.database.db;
  const alerts = createJobAlertRepository(db, deps.erasureLog);
  const openJobs = async (): Promise<Job[]> => (await deps.jobs.list()).map(toPublicJob);
  const runDeps = { db, mail: deps.mail, openJobs };
  let running: Promise<void> | undefined;
  let again = false;
  let maintainedAt = 0;
  let log: FastifyBaseLogger | undefined;

  const maintain = async () => {
    if (Date.now() - maintainedAt < MAINTENANCE_MS) return;
    maintainedAt = Date.now();
    if ((await askIdle({ db, mail: deps.mail, openJobs }, alerts)) > 0) deps.outbox.wake();
    await alerts.endUnanswered();
    await alerts.purge();
  };

  const pass = async () => {
    for (const frequency of FREQUENCIES) {
      const result = await runAlerts(runDeps, frequency);
      if (result.emails > 0) deps.outbox.wake();
    }
    await maintain();
  };

  /** Runs now, or once more after the run under way: a wake-up is never lost. */
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => log?.error({ err: error }, 'job alerts: run failed; trying again later'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };

  return {
    alerts,
    openJobs,
    run,
    start(logger: FastifyBaseLogger) {
      log = logger;
      return schedulePeriodic({ run, failed: () => undefined, firstMs: 1_000, everyMs: TICK_MS });
    },
  };
}

/**
 * Job alerts (docs/behaviour.md#job-alerts): sign-up with double opt-in, the manage and one-click
 * unsubscribe links, the runs that e-mail new matching jobs, and the yearly question.
 */
export const jobAlertsModule: ServerModule<JobAlertDeps> = {
  name: 'job-alerts',
  routes: (deps) => {
    const runner = runnerFor(deps);
    return {
      public: (scope) =>
        jobAlertRoutes(scope, {
          alerts: runner.alerts,
          outbox: deps.outbox,
          limiters: deps.limiters,
          mail: deps.mail,
          openJobs: runner.openJobs,
        }),
    };
  },
  tables: [jobAlerts, jobAlertLinks, jobAlertPostings],
  schedule: (deps, log) => runnerFor(deps).start(log),
  subscribers: (deps) => [
    {
      name: 'job-alerts',
      hears: ['job-published'],
      handle: async (event, tx) => {
        if (event.type !== 'job-published') return;
        await runnerFor(deps).alerts.recordPosting(tx, event.jobId);
        // After the delivery commits: the run's lock waits for it (job-alert-run.ts).
        setTimeout(() => void runnerFor(deps).run(), 0).unref();
      },
    },
  ],
  eraseSubject: (deps) => (email) => runnerFor(deps).alerts.eraseFor(email),
  exportSubject: (deps) => async (email) => ({
    jobAlerts: (await runnerFor(deps).alerts.exportFor(email)).map((alert) => ({
      ...alert,
      createdAt: alert.createdAt.toISOString(),
      confirmedAt: alert.confirmedAt?.toISOString() ?? null,
      lastClickAt: alert.lastClickAt?.toISOString() ?? null,
    })),
  }),
  privacy: {
    personalData: true,
    export: {
      what: 'Each alert of the address: its search, how often, its state and when it was set up, confirmed and last opened.',
      by: 'job-alerts/job-alerts-repository.ts#exportFor',
    },
    erase: {
      what: 'Every alert of the address and its links.',
      by: 'job-alerts/job-alerts-repository.ts#eraseFor',
    },
    purge: {
      what: 'Sign-ups not confirmed within 7 days, alerts 30 days after they ended, and the links of alerts gone.',
      by: 'job-alerts/job-alerts-repository.ts#purge',
    },
    restoreReplay: {
      what: 'The alerts of an address erased, and every alert ended, since the backup are left out of the restore.',
      by: 'backups/restore.ts#keep',
    },
  },
};
