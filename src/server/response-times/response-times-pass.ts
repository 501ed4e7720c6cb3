import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import { schedulePeriodic } from '../runtime/schedule-periodic';
import { londonToday } from '../../shared/format/calendar-date';
import { holdingLineText } from '../../shared/response-times/response-times-contract';
import type { ResponseTimesRepository } from './response-times-repository';
import { spokenDay } from './response-times-repository';
import { holdingEmail, overdueDigestEmail, type OverdueJob } from './response-times-emails';
import { holdingEmails, overdueDigests } from './response-times-tables';
import { isWorkingDay } from './working-days';

/** How often the server looks for overdue applications; the digest itself goes once a day. */
export const RESPONSE_TIME_CHECK_MS = 15 * 60_000;
/** The digest goes on working days from this hour, London time. */
export const DIGEST_HOUR = 8;

const londonHour = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

export interface ResponseTimeDeps {
  db: Db;
  responseTimes: ResponseTimesRepository;
  outbox: Pick<EmailOutbox, 'enqueue' | 'wake'>;
  mail: MailOptions;
}

/**
 * One look at the overdue applications: each administrator's digest, once a London day, and the
 * holding e-mail to each applicant whose stage's limit has been missed twice, once per visit to
 * the stage. Each is recorded in the transaction that queues it (a primary key per day and
 * administrator, per application and visit), so several instances never send one twice.
 */
export async function runResponseTimeCheck(
  deps: ResponseTimeDeps,
  now: Date,
): Promise<{ digests: number; holdingEmails: number }> {
  const overdue = await deps.responseTimes.overdue(now);
  if (overdue.length === 0) return { digests: 0, holdingEmails: 0 };
  const outcome = await deps.db.transaction(async (tx) => {
    let held = 0;
    const missed = overdue.filter((application) => application.missedTwice);
    if (missed.length > 0) {
      const recorded = await tx
        .insert(holdingEmails)
        .values(
          missed.map((row) => ({ applicationId: row.applicationId, stageChangedAt: row.stageChangedAt })),
        )
        .onConflictDoNothing()
        .returning({ applicationId: holdingEmails.applicationId });
      const fresh = new Set(recorded.map((row) => row.applicationId));
      const emails = missed
        .filter((row) => fresh.has(row.applicationId))
        .map((row) =>
          holdingEmail(
            { id: row.applicationId, email: row.email, jobTitle: row.jobTitle },
            holdingLineText(spokenDay(row.expectedBy)),
            deps.mail,
          ),
        );
      await deps.outbox.enqueue(tx, emails);
      held = emails.length;
    }
    let digests = 0;
    const today = londonToday(now);
    if (isWorkingDay(today) && Number(londonHour.format(now)) >= DIGEST_HOUR) {
      const admins = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.isAdmin, true));
      if (admins.length > 0) {
        const recorded = await tx
          .insert(overdueDigests)
          .values(admins.map((admin) => ({ userId: admin.id, day: today })))
          .onConflictDoNothing()
          .returning({ userId: overdueDigests.userId });
        const fresh = new Set(recorded.map((row) => row.userId));
        const jobs = new Map<string, OverdueJob>();
        for (const row of overdue) {
          const key = row.jobId ?? `deleted:${row.jobTitle}`;
          const job = jobs.get(key) ?? { jobId: row.jobId, jobTitle: row.jobTitle, count: 0 };
          job.count += 1;
          jobs.set(key, job);
        }
        const emails = admins
          .filter((admin) => fresh.has(admin.id))
          .map((admin) => overdueDigestEmail(admin.email, [...jobs.values()], deps.mail));
        await deps.outbox.enqueue(tx, emails);
        digests = emails.length;
      }
      // Days gone are of no further use.
      await tx.delete(overdueDigests).where(sql`${overdueDigests.day} < ${today}`);
    }
    return { digests, holdingEmails: held };
  });
  if (outcome.digests + outcome.holdingEmails > 0) deps.outbox.wake();
  return outcome;
}

/** The check as the server's periodic work: soon after start, then every RESPONSE_TIME_CHECK_MS. */
export function scheduleResponseTimeCheck(
  deps: ResponseTimeDeps,
  now: () => Date,
  log: FastifyBaseLogger,
): () => void {
  return schedulePeriodic({
    run: async () => {
      const queued = await runResponseTimeCheck(deps, now());
      if (queued.digests + queued.holdingEmails > 0) log.info(queued, 'response-time e-mails queued');
    },
    failed: (error) => log.error({ err: error }, 'response-time check failed'),
    firstMs: 30_000,
    everyMs: RESPONSE_TIME_CHECK_MS,
  });
}
