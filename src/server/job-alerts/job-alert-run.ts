import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { londonToday } from '../../shared/format/calendar-date';
import type { AlertFrequency } from '../../shared/job-alerts/job-alerts-contract';
import { describeSearch } from '../../shared/job-alerts/search-words';
import type { Job } from '../../shared/jobs/job-contract';
import { readJobSearch, searchJobs, vocabularyOf } from '../../shared/jobs/job-search';
import type { Db } from '../db/database';
import { enqueueEmails, type QueuedEmail } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import { dueBoundary, londonDateAfter } from './alert-times';
import { alertEmail, type AlertedJob } from './job-alert-emails';
import { jobAlertPostings, jobAlerts } from './job-alerts-tables';

/** Alerts taken per transaction: each batch queues its e-mails and marks its alerts sent together. */
export const ALERT_BATCH = 1000;
const CLOSING_SOON_HOURS = 48;

/** Ids as one array parameter (`{a,b}`), not a parameter each. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export interface AlertRunDeps {
  db: Db;
  mail: Pick<MailOptions, 'publicUrl' | 'brandName' | 'careersMailbox'>;
  /** Every open job, read afresh (not a cache that may not have heard of a job just published). */
  openJobs: () => Promise<Job[]>;
}

export interface AlertRunResult {
  alerts: number;
  emails: number;
  batches: number;
}

/**
 * One run of the alerts of one frequency (docs/architecture.md#job-alerts), set-based: the
 * postings up to the newest committed one are read once, each distinct search is matched once by
 * the careers search's own `searchJobs`, and the due alerts are taken a batch at a time
 * (`FOR UPDATE SKIP LOCKED`, so instances share a run), each batch queueing its e-mails and moving
 * its alerts' marks in one transaction. A crash leaves every batch either wholly sent and marked or
 * wholly untouched, so the next run sends each alert exactly once. `afterBatch` is for tests (a
 * crash between batches).
 */
export async function runAlerts(
  deps: AlertRunDeps,
  frequency: AlertFrequency,
  options: { now?: Date; batchSize?: number; afterBatch?: (batch: number) => void } = {},
): Promise<AlertRunResult> {
  const { db } = deps;
  const now = options.now ?? new Date();
  const boundary = dueBoundary(frequency, now);
  // The lock waits for every transaction still inserting a posting, and holds off new ones while
  // the newest is read: no posting below it can commit later and be skipped.
  const maxSeq = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${jobAlertPostings} in share mode`);
    const [row] = await tx
      .select({ seq: sql<number>`coalesce(max(${jobAlertPostings.seq}), 0)` })
      .from(jobAlertPostings);
    return Number(row?.seq ?? 0);
  });
  const due =
    frequency === 'instant'
      ? and(
          eq(jobAlerts.status, 'active'),
          eq(jobAlerts.frequency, frequency),
          lt(jobAlerts.coveredSeq, maxSeq),
        )
      : and(
          eq(jobAlerts.status, 'active'),
          eq(jobAlerts.frequency, frequency),
          lt(jobAlerts.coveredAt, boundary),
        );
  const result: AlertRunResult = { alerts: 0, emails: 0, batches: 0 };
  const [any] = await db.select({ id: jobAlerts.id }).from(jobAlerts).where(due).limit(1);
  if (!any) return result;

  const open = await deps.openJobs();
  const { departments } = vocabularyOf(open);
  const postings = await db
    .select({ jobId: jobAlertPostings.jobId, seq: sql<number>`max(${jobAlertPostings.seq})` })
    .from(jobAlertPostings)
    .where(lte(jobAlertPostings.seq, maxSeq))
    .groupBy(jobAlertPostings.jobId);
  const postedSeq = new Map(postings.map((posting) => [posting.jobId, Number(posting.seq)]));
  const posted = open.filter((job) => postedSeq.has(job._id));
  const closingBy = londonDateAfter(boundary, CLOSING_SOON_HOURS);
  const closingPool = open.filter(
    (job) =>
      job.closingDate !== null && job.closingDate >= londonToday(boundary) && job.closingDate < closingBy,
  );
  // Each distinct search is matched once, however many alerts keep it.
  const matched = new Map<string, { posted: Job[]; closing: Job[]; description: string }>();
  const matchesOf = (query: string) => {
    let found = matched.get(query);
    if (!found) {
      const search = readJobSearch(new URLSearchParams(query));
      found = {
        posted: searchJobs(posted, search),
        closing: searchJobs(closingPool, search),
        description: describeSearch(search, departments),
      };
      matched.set(query, found);
    }
    return found;
  };
  const listed = (job: Job): AlertedJob => ({
    id: job._id,
    jobTitle: job.jobTitle,
    closingDate: job.closingDate,
  });

  // Keyset order: each batch starts after the last one's highest id, never rescanning what is done.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await tx
        .select({
          id: jobAlerts.id,
          email: jobAlerts.email,
          query: jobAlerts.query,
          frequency: jobAlerts.frequency,
          coveredSeq: jobAlerts.coveredSeq,
          coveredAt: jobAlerts.coveredAt,
        })
        .from(jobAlerts)
        .where(and(due, gt(jobAlerts.id, after)))
        .orderBy(jobAlerts.id)
        .limit(options.batchSize ?? ALERT_BATCH)
        .for('update', { skipLocked: true });
      if (batch.length === 0) return true;
      after = batch.at(-1)!.id;
      const emails: QueuedEmail[] = [];
      const sentIds: string[] = [];
      for (const alert of batch) {
        const found = matchesOf(alert.query);
        const fresh = found.posted.filter((job) => postedSeq.get(job._id)! > alert.coveredSeq);
        // Jobs closing within 48 hours that the alert's previous e-mail did not already list.
        const toldUpTo = londonDateAfter(alert.coveredAt, CLOSING_SOON_HOURS);
        const closing = found.closing.filter((job) => job.closingDate! >= toldUpTo && !fresh.includes(job));
        // An instant alert writes when a job is posted; the closing-soon ones wait for that e-mail.
        const writes = frequency === 'instant' ? fresh.length > 0 : fresh.length + closing.length > 0;
        if (!writes) continue;
        sentIds.push(alert.id);
        emails.push(
          alertEmail(
            deps.mail,
            { ...alert, description: found.description },
            fresh.map(listed),
            closing.map(listed),
          ),
        );
      }
      await enqueueEmails(tx, emails);
      const ids = batch.map((alert) => alert.id);
      // An instant alert that wrote nothing keeps its closing-soon mark for its next e-mail.
      const sent = new Set(sentIds);
      const keepMark = frequency === 'instant' ? ids.filter((id) => !sent.has(id)) : [];
      const marked = frequency === 'instant' ? sentIds : ids;
      if (marked.length > 0)
        await tx
          .update(jobAlerts)
          .set({ coveredSeq: maxSeq, coveredAt: boundary })
          .where(sql`${jobAlerts.id} = any(${uuidArray(marked)}::uuid[])`);
      if (keepMark.length > 0)
        await tx
          .update(jobAlerts)
          .set({ coveredSeq: maxSeq })
          .where(sql`${jobAlerts.id} = any(${uuidArray(keepMark)}::uuid[])`);
      result.alerts += batch.length;
      result.emails += emails.length;
      return false;
    });
    if (done) return result;
    result.batches++;
    options.afterBatch?.(result.batches);
  }
}
