import type { FastifyBaseLogger } from 'fastify';
import type { AuditRepository } from '../audit/audit-repository';
import type { Database } from '../db/database';
import type { ApplicationRepository } from './application-repository';
import type { StageRepository } from './stage-repository';

/** What opening an application uses of the server's parts (see app-context.ts). */
export interface ApplicationOpeningDeps {
  applications: ApplicationRepository;
  audit: AuditRepository;
  stages: StageRepository;
  database: Database;
}

type OpenedApplication = NonNullable<Awaited<ReturnType<ApplicationRepository['find']>>>;

/**
 * One application as an administrator opens it, the view recorded in the audit trail; undefined
 * when there is none. Opened by an admin, a New application has been reviewed: it moves to
 * Reviewed like any stage change, with its history, and the answer shows it there
 * (docs/behaviour.md#stages).
 */
export async function openApplication(
  deps: ApplicationOpeningDeps,
  id: string,
  actorEmail: string,
  log: FastifyBaseLogger,
): Promise<OpenedApplication | undefined> {
  const { applications, audit, stages, database } = deps;
  const application = await applications.find(id);
  if (!application) return undefined;
  const view = { action: 'view' as const, actorEmail, subjectEmail: application.email, applicationId: id };
  if (application.stage !== 'new') {
    audit.record(view);
    return application;
  }
  // The view is written first, not batched, so the trail reads "viewed, then reviewed" even
  // within one millisecond. Only from New, so an admin who moved it meanwhile is not undone.
  try {
    await audit.recordIn(database.db, [view]);
  } catch {
    // The batched writer keeps it and tries again until the database takes it.
    audit.record(view);
  }
  try {
    await stages.change({ ids: [id], stage: 'reviewed', notify: false, actorEmail, onlyFrom: 'new' });
  } catch (error) {
    // Reading must not fail for want of the move: it stays New, and the next opening tries again.
    log.error({ err: error, applicationId: id }, 'could not move an opened application to Reviewed');
    return application;
  }
  return applications.find(id);
}
