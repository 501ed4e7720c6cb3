import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from './app-context';
import { openDatabase } from '../db/database';
import { defaultSeed } from '../db/pglite-seed';
import { createFileBlobStore } from '../blobs/file-blob-store';
import { createPostgresBlobStore } from '../blobs/postgres-blob-store';
import { createMailer } from '../email/mailer';
import { createEmailOutbox, type DeliveryTiming } from '../email/email-outbox';
import { applicationMail } from '../email/application-mail';
import {
  createEventDispatcher,
  type EventBatchHandler,
  type EventHandler,
  type EventTiming,
} from '../events/event-dispatcher';
import { mailOptions } from '../email/mail-options';
import { createTokenService, requireSharedSigningSecret, resolveJwtSecret } from '../auth/tokens';
import { createUserRepository } from '../auth/user-repository';
import { createAccountRepository } from '../auth/account-repository';
import { createJobRepository } from '../jobs/job-repository';
import { createJobReferenceNumbers } from '../jobs/job-reference-numbers';
import { createDepartmentRepository } from '../jobs/department-repository';
import { backfillJobFacts } from '../jobs/job-facts-backfill';
import { createOpenJobsCache } from '../jobs/open-jobs-cache';
import { createLocalChangeFeed, createPostgresChangeFeed } from '../db/change-feed';
import { compileSerializer } from '../http/schema-serializer';
import { jobListSchema } from '../../shared/jobs/job-contract';
import { applicationListSchema } from '../../shared/applications/application-contract';
import { createApplicationListCache } from '../applications/application-list-cache';
import { createIntakePool } from '../applications/intake-pool';
import { createEvidencePool } from '../right-to-work/evidence-pool';
import { createIntakeGate, DEFAULT_INTAKE_GATE, type IntakeGateSettings } from '../applications/intake-gate';
import { createApplicationRepository } from '../applications/application-repository';
import { createNoteRepository } from '../applications/note-repository';
import { createStageRepository } from '../applications/stage-repository';
import { createResponseTimesRepository } from '../response-times/response-times-repository';
import { createReplyTemplateRepository } from '../applications/reply-template-repository';
import { createApplicationCountsCache } from '../applications/application-counts-cache';
import { applicationCountsSchema } from '../../shared/applications/stage-contract';
import { createAuditRepository } from '../audit/audit-repository';
import { createTeamRepository } from '../team/team-repository';
import { createTeamAccess } from '../team/team-access';
import { createApplicationLinks } from '../my-application/application-links';
import { myApplicationPath } from '../../shared/my-application/my-application-contract';
import { createTalentPoolReader } from '../talent-pool/talent-pool-repository';
import { talentPoolLinkMinters } from '../talent-pool/talent-pool-links';
import { createSourceResolver, createTrackingLinkNames } from '../sources/tracking-link-repository';
import { createInterviewRepository } from '../interviews/interview-repository';
import { createScorecardRepository } from '../interviews/scorecard-repository';
import { createRightToWorkRepository } from '../right-to-work/right-to-work-repository';
import { createRateLimiters, scheduleRateLimitSweep, type RateLimitSettings } from '../http/rate-limit';
import { bootstrapAdmin } from '../auth/bootstrap-admin';
import { createApp, type AppOptions, type HttpTimeouts } from './app';
import { serverModules } from './modules';
import { createJobAlertRepository } from '../job-alerts/job-alerts-repository';
import { jobAlertLinkMinters } from '../job-alerts/job-alert-emails';
import { projectRoot } from '../runtime/project-root';
import { holdDataDir } from '../db/data-dir-lock';
import {
  FilePermissionError,
  othersCanWrite,
  placeTightenedNotice,
  securePrivatePlace,
  shellPath,
  tightenTree,
  tightenedNotice,
} from '../db/private-files';
import { releaseMemoryWhenIdle } from '../http/idle-memory';
import { createCacheSizes } from '../runtime/cache-sizes';
import { createErasureLog } from '../erasures/erasure-log';
import { listenForBackups } from '../backups/backup-socket';
import { createAdjustmentRepository } from '../adjustments/adjustments-repository';
import { createEqualityMonitoring } from '../equality-monitoring/monitoring-repository';
import { resolveMonitoringKey } from '../equality-monitoring/monitoring-key';
import { backfillHiringFacts } from '../reports/hiring-facts-backfill';

export interface StartOptions {
  /** Default: the seed the build wrote for the current migrations, when there is one. */
  pgliteSeed?: string;
  /** In-memory PGlite instead of `<dataDir>/db` (tests). */
  inMemoryDatabase?: boolean;
  /** Overrides the configured limits (tests). */
  rateLimits?: Partial<RateLimitSettings>;
  /** Short stall windows and waits (tests); see intake-gate.ts. */
  intakeGate?: Partial<IntakeGateSettings>;
  /** Short request and idle-socket timeouts (tests); see app.ts. */
  httpTimeouts?: Partial<HttpTimeouts>;
  logger?: boolean;
  serveWeb?: boolean;
  /** Overrides the e-mail outbox's retry, lease and hold times (tests). */
  emailDelivery?: Partial<DeliveryTiming>;
  /** Overrides the domain events' lease, retry, poll and retention times (tests). */
  domainEvents?: Partial<EventTiming>;
  /** Subscribers to the domain events besides the server's own, by name (tests). */
  eventSubscribers?: Record<string, EventHandler | { handle: EventHandler; handleBatch: EventBatchHandler }>;
  /** A smaller store of replayed answers (tests). */
  replayEntries?: number;
  /** How soon an idle CV-checking or evidence-checking thread exits (tests); see intake-pool.ts. */
  intakeThreadIdleMs?: number;
  /** How often expired rate-limit counters are deleted (tests); see rate-limit.ts. */
  rateLimitSweepMs?: number;
  /**
   * The time it is now, for the parts that go by the calendar: the equality figures' day, when a
   * scorecard opens, when a stage's time limit passes (tests move it).
   */
  now?: () => Date;
}

/**
 * Opens storage and mail, applies migrations, seeds the first admin, and builds the app. If any
 * step fails, what the earlier ones opened is closed before the error goes on.
 */
export async function buildContext(config: Config, options: StartOptions = {}): Promise<AppContext> {
  // Refused before anything is opened or migrated.
  requireSharedSigningSecret(config);
  // Before the database opens: whatever an older version or a start under another umask left
  // open to other accounts, said once in the log (docs/security.md#file-permissions). What PGlite
  // itself makes while opening is made private by openDatabase.
  const tightened = tightenTree(config.dataDir);
  const startNotices = tightened.length > 0 ? [tightenedNotice(config.dataDir, tightened)] : [];
  const database = await openDatabase({
    pgliteSeed: options.pgliteSeed ?? defaultSeed(),
    databaseUrl: config.databaseUrl,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    dataDir: options.inMemoryDatabase ? null : config.dataDir,
  });
  const opened: OpenedContext = { database };
  try {
    return await assembleContext(config, options, opened, startNotices);
  } catch (error) {
    // The error that stopped the start is the one to report, not a later one while closing.
    await closeContext(opened).catch(() => undefined);
    throw error;
  }
}

/** What needs closing, as far as it has been opened. */
type OpenedContext = Partial<AppContext> & Pick<AppContext, 'database'>;

async function assembleContext(
  config: Config,
  options: StartOptions,
  opened: OpenedContext,
  startNotices: string[],
) {
  const { database } = opened;
  const { db } = database;
  const blobs =
    database.kind === 'postgres' ? createPostgresBlobStore(db) : createFileBlobStore(config.dataDir, db);
  const users = createUserRepository(db);
  const changes = (opened.changes =
    database.kind === 'postgres'
      ? await createPostgresChangeFeed(database.pool, config.databaseUrl!, (line) =>
          console.error(`change feed: ${line}`),
        )
      : createLocalChangeFeed());
  const jobs = createJobRepository(db, changes);
  // Once, after the migration that added the facts: before any request reads a job.
  await backfillJobFacts(db);
  const mailer = (opened.mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
  }));
  const applicationLinks = createApplicationLinks(db);
  const outbox = (opened.outbox = createEmailOutbox(db, mailer, {
    exclusive: database.kind === 'pglite',
    timing: { holdMs: config.interviewEmailHoldMs, ...options.emailDelivery },
    privateLinks: async (applicationId) => {
      const token = await applicationLinks.mint(applicationId);
      return token && `${config.publicUrl}${myApplicationPath(token)}`;
    },
    linkMinters: {
      ...jobAlertLinkMinters(createJobAlertRepository(db)),
      ...talentPoolLinkMinters(db, config.publicUrl),
    },
  }));
  const events = (opened.events = createEventDispatcher(db, {
    exclusive: database.kind === 'pglite',
    timing: options.domainEvents,
  }));
  for (const [name, subscriber] of Object.entries(options.eventSubscribers ?? {})) {
    if (typeof subscriber === 'function') events.subscribe(name, subscriber);
    else events.subscribe(name, subscriber.handle, undefined, subscriber.handleBatch);
  }
  // Most events come with a change the feed announces, from this instance or another: delivered
  // at once rather than at the next poll.
  changes.subscribe('jobs', () => events.wake());
  changes.subscribe('applications', () => events.wake());
  const mail = mailOptions(config);
  const { secret: signingSecret, replacedStored } = await resolveJwtSecret(db, config);
  if (replacedStored) {
    startNotices.push(
      'token-signing secret: the one an earlier version kept in the database was deleted and a new one is used (kept outside the database), so every session is signed out once; see docs/security.md#the-signing-secret',
    );
  }
  const limiters = createRateLimiters(
    database,
    { ...config.rateLimits, ...options.rateLimits },
    signingSecret,
    config.memoryBounds.rateLimitMemoryKeys,
  );
  const cacheSizes = createCacheSizes();
  cacheSizes.report('rate_limit_counters', () => ({ entries: limiters.counters() }));
  const monitoring = createEqualityMonitoring(db, await resolveMonitoringKey(config), {
    retentionDays: config.retentionDays,
    now: options.now,
  });
  const applications = createApplicationRepository(db, blobs, changes, {
    retentionDays: config.retentionDays,
    mail: applicationMail(outbox, mail, limiters, config.adjustmentsContactEmail),
    forget: monitoring.forget,
  });
  const audit = (opened.audit = createAuditRepository(db));
  const replyTemplates = createReplyTemplateRepository(db);
  const stages = createStageRepository(db, {
    changes,
    audit,
    outbox,
    templates: replyTemplates,
    mail,
    followMoved: monitoring.followStages,
    rejections: { record: createResponseTimesRepository(db).recordRejection },
  });
  const context: AppContext = {
    config,
    startNotices,
    database,
    blobs,
    mailer,
    mail,
    outbox,
    events,
    tokens: createTokenService(signingSecret, config.tokenTtlSeconds),
    users,
    accounts: createAccountRepository(db),
    jobs,
    departments: createDepartmentRepository(db, changes),
    openJobs: createOpenJobsCache(jobs, changes, compileSerializer(jobListSchema), {
      recheckMs: config.openJobsRecheckMs,
    }),
    jobReferences: createJobReferenceNumbers(db),
    changes,
    applications,
    intake: (opened.intake = createIntakePool({ idleTimeoutMs: options.intakeThreadIdleMs })),
    intakeGate: createIntakeGate({ ...DEFAULT_INTAKE_GATE, ...options.intakeGate }),
    applicationList: createApplicationListCache(
      applications,
      changes,
      compileSerializer(applicationListSchema),
      config.memoryBounds.applicationListCacheBytes,
    ),
    stages,
    replyTemplates,
    applicationCounts: createApplicationCountsCache(
      stages,
      changes,
      compileSerializer(applicationCountsSchema),
    ),
    notes: createNoteRepository(db),
    audit,
    applicationLinks,
    limiters,
    cacheSizes,
    team: createTeamRepository(db),
    teamAccess: createTeamAccess(db),
    interviews: createInterviewRepository(db),
    scorecards: createScorecardRepository(db, { now: options.now }),
    erasureLog: createErasureLog(config.erasureLog),
    rightToWork: createRightToWorkRepository(db, blobs),
    evidenceChecks: (opened.evidenceChecks = createEvidencePool({
      idleTimeoutMs: options.intakeThreadIdleMs,
    })),
    adjustments: createAdjustmentRepository(db),
    monitoring,
    now: options.now ?? (() => new Date()),
    talentPool: createTalentPoolReader({ db }),
    trackingLinkNames: createTrackingLinkNames(db),
    sources: createSourceResolver(db, config.publicUrl),
    subjectErasers: [],
    subjectExporters: [],
  };
  context.subjectErasers = serverModules.flatMap((module) =>
    module.eraseSubject ? [module.eraseSubject(context)] : [],
  );
  context.subjectExporters = serverModules.flatMap((module) =>
    module.exportSubject ? [module.exportSubject(context)] : [],
  );
  for (const module of serverModules)
    for (const { name, handle, hears, handleBatch } of module.subscribers?.(context) ?? [])
      events.subscribe(name, handle, hears, handleBatch);
  // Before any request is served: every event recorded from now on has a delivery for each.
  await events.register();
  // Once, the reports' facts of the history made before their subscriber first ran.
  await backfillHiringFacts(db);
  if (config.bootstrapAdmin) await bootstrapAdmin(context, config.bootstrapAdmin);
  return context;
}

/** Closes what buildContext opened (all of it, or as far as it got), the database last. */
export async function closeContext(context: OpenedContext): Promise<void> {
  // The deliverers first: one may be mid-send through the mailer, or mid-handler.
  await context.outbox?.close();
  await context.events?.close();
  context.mailer?.close();
  await context.changes?.close();
  await context.intake?.close();
  await context.evidenceChecks?.close();
  // Before the database goes: the audit trail writes what is waiting.
  await context.audit?.close();
  await context.database.close();
}

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  // Before anything is written there: a data folder or erasure log open to other accounts is
  // made private, or refused when another account owns it.
  const tightened = securePrivateStorage(config);
  const embedded = !config.databaseUrl && !options.inMemoryDatabase;
  const releaseDataDir = embedded ? await holdDataDir(config.dataDir) : () => undefined;
  try {
    return await listen(config, options, releaseDataDir, tightened);
  } catch (error) {
    releaseDataDir();
    throw error;
  }
}

async function listen(
  config: Config,
  options: StartOptions,
  releaseDataDir: () => void,
  tightened: string[],
): Promise<RunningServer> {
  const context = await buildContext(config, options);
  // A taken port, say: nothing of this start may stay open in a process that goes on.
  const abandon = async (error: unknown, app?: FastifyInstance): Promise<never> => {
    await app?.close().catch(() => undefined);
    await closeContext(context).catch(() => undefined);
    throw error;
  };
  const app = await createApp(context, appOptions(config, options)).catch((error: unknown) => abandon(error));
  for (const place of tightened) app.log.warn(placeTightenedNotice(place));
  for (const notice of context.startNotices) app.log.warn(notice);
  await sweepOrphanedCvs(app, context);
  await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => abandon(error, app));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const stopServing = startServing(app, context, options);
  // PGlite is inside this process: a backup of it is taken here and handed over a local socket.
  const backups =
    context.database.kind === 'pglite' && !options.inMemoryDatabase
      ? await listenForBackups(config.dataDir, context.database, app.log).catch((error: unknown) => {
          app.log.error({ err: error }, 'backups of the running server are off');
          return undefined;
        })
      : undefined;
  return {
    app,
    context,
    url: `http://127.0.0.1:${port}`,
    async close() {
      stopServing();
      await backups?.close();
      await app.close();
      await closeContext(context);
      releaseDataDir();
    },
  };
}

/**
 * The data folder and the erasure log as start-up finds them, before anything is written there
 * (docs/security.md#file-permissions): made private when open to others, or refused. Answers the
 * places made private. The log's own folder, when it is not the data folder, may be one other
 * programs share (/var/log/careers, say), so it is never changed: it is refused only when
 * another account could replace the log in it.
 */
export function securePrivateStorage(config: Pick<Config, 'dataDir' | 'erasureLog'>): string[] {
  const tightened: string[] = [];
  if (securePrivatePlace(config.dataDir, 'The data folder', 'folder')) tightened.push(config.dataDir);
  const logFolder = path.dirname(config.erasureLog);
  const inDataDir = !path.relative(config.dataDir, logFolder).startsWith('..');
  const shared = inDataDir || !existsSync(logFolder) ? undefined : othersCanWrite(logFolder);
  if (shared) {
    throw new FilePermissionError(
      `The erasure log's folder ${logFolder} is no safe place for it: ${shared.why}, so another account could replace or remove the log. Set ERASURE_LOG to a file in a folder only this account can write (for example: mkdir -m 700 ${shellPath(path.join(logFolder, 'careers'))})${shared.chmod ? `, or run: ${shared.chmod}` : ''}.`,
    );
  }
  if (securePrivatePlace(config.erasureLog, 'The erasure log', 'file')) tightened.push(config.erasureLog);
  return tightened;
}

/** What `createApp` is given for this configuration: the built web site unless told not to serve it. */
export function appOptions(config: Config, options: StartOptions): AppOptions {
  return {
    webDistDir:
      options.serveWeb === false ? undefined : (config.webDistDir ?? path.join(projectRoot(), 'dist', 'web')),
    logger: options.logger,
    replayEntries: options.replayEntries,
    timeouts: options.httpTimeouts,
  };
}

/**
 * Leftovers of writes interrupted by a crash, removed before any request can store a CV (the
 * sweep also spares stores under way: see file-blob-store.ts). A failed sweep only leaves files.
 */
export async function sweepOrphanedCvs(app: FastifyInstance, context: AppContext): Promise<void> {
  await context.blobs
    .sweep(async () => {
      // The store holds the applications' CVs and their right-to-work evidence.
      const [cvs, evidence, pool] = await Promise.all([
        context.applications.cvKeys(),
        context.rightToWork.evidenceKeys(),
        context.talentPool.cvKeys(),
      ]);
      return new Set([...cvs, ...evidence, ...pool]);
    })
    .then((removed) => removed > 0 && app.log.info({ removed }, 'removed orphaned CV files'))
    .catch((error: unknown) => app.log.error({ err: error }, 'CV sweep failed'));
}

/**
 * When the start's garbage is given back: soon enough that a server at rest 5 s after its start
 * holds what it needs (on Node 24 the start left about 100 MB more until the first quiet spell),
 * late enough that a server stopped at once (as tests do) never pays for it.
 */
const RELEASE_AFTER_START_MS = 1_000;

/**
 * The server's own work while it serves, started once it listens: the daily retention purge, the
 * sweep of expired rate-limit counters, the interviews' day-before reminders, the right-to-work follow-up reminders, the e-mail outbox's deliveries, the domain events'
 * deliveries and the release of unused memory at rest (the purge and reminders are the domains',
 * each scheduled by its module). Answers the function that stops the timers
 * (the outbox and the events' dispatcher close with the context).
 */
export function startServing(
  app: FastifyInstance,
  context: AppContext,
  options: Pick<StartOptions, 'rateLimitSweepMs'>,
): () => void {
  // The domains' own: the purge, the interviews' and right-to-work reminders (modules.ts).
  const stopModules = serverModules.flatMap((module) =>
    module.schedule ? [module.schedule(context, app.log)] : [],
  );
  const stopRateLimitSweep = scheduleRateLimitSweep(context.database.db, app.log, options.rateLimitSweepMs);
  context.outbox.start(app.log);
  void context.events.start(app.log);
  const stopReleasingMemory = releaseMemoryWhenIdle({
    onError: (error) => app.log.warn({ err: error }, 'could not release unused memory'),
    releaseAfterStartMs: RELEASE_AFTER_START_MS,
  });
  return () => {
    for (const stop of stopModules) stop();
    stopRateLimitSweep();
    stopReleasingMemory();
  };
}
