import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRepository, ExpiredApplication } from '../applications/application-repository';
import type { AuditRepository } from '../audit/audit-repository';
import type { ErasureLog } from '../erasures/erasure-log';
import { schedulePeriodic } from '../runtime/schedule-periodic';

const DAY_MS = 24 * 60 * 60 * 1000;

interface PurgeStores {
  applications: ApplicationRepository;
  audit: AuditRepository;
  erasureLog: ErasureLog;
  /** Equality monitoring returns past their month (each also goes with its application). */
  monitoring?: { purgeExpired(now?: Date): Promise<number> };
}

export interface PurgeResult {
  cutoff: Date;
  /** What is (or, in a dry run, would be) deleted. */
  expired: ExpiredApplication[];
  deleted: number;
}

/**
 * Deletes applications older than the retention period, with their CVs, notes, e-mails and audit trail,
 * except those an admin put on hold and hires with a completed right-to-work check (kept for the
 * employment plus two years). A dry run only lists them.
 */
export async function purgeExpiredApplications(
  context: PurgeStores,
  retentionDays: number,
  options: { dryRun?: boolean; now?: Date } = {},
): Promise<PurgeResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const expired = await context.applications.expired(cutoff, now);
  let deleted = 0;
  if (!options.dryRun) {
    for (const application of expired) {
      await context.erasureLog.record({ action: 'purge', applicationId: application.id });
      if (await context.applications.remove(application.id)) deleted++;
      await context.audit.removeApplication(application.id);
    }
    await context.monitoring?.purgeExpired(options.now);
  }
  return { cutoff, expired, deleted };
}

/**
 * The server's daily purge: once shortly after start, then every 24 hours. Several instances on
 * one PostgreSQL may all run it; deleting what is already gone is harmless.
 */
export function scheduleRetentionPurge(
  context: PurgeStores,
  retentionDays: number,
  log: FastifyBaseLogger,
  firstRunDelayMs = 60_000,
): () => void {
  return schedulePeriodic({
    run: async () => {
      const { deleted } = await purgeExpiredApplications(context, retentionDays);
      if (deleted > 0) log.info({ deleted, retentionDays }, 'retention purge deleted old applications');
    },
    failed: (error) => log.error({ err: error }, 'retention purge failed'),
    firstMs: firstRunDelayMs,
    everyMs: DAY_MS,
  });
}
