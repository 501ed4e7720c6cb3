import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AlertFrequency, AlertStatus } from '../../shared/job-alerts/job-alerts-contract';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Job alerts (docs/behaviour.md#job-alerts): an address, the careers search it asked for (the
 * query string the visitor saw) and how often. `coveredSeq` and `coveredAt` say how far the alert
 * has been sent: every posting up to that sequence number, and the jobs closing up to 48 hours
 * after that time. The run moves them in the transaction that queues the alert's e-mail, so a
 * crash sends no alert twice and skips none (job-alert-run.ts).
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    query: text('query').notNull(),
    frequency: text('frequency').$type<AlertFrequency>().notNull(),
    status: text('status').$type<AlertStatus>().notNull().default('unconfirmed'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The digest of the confirmation link's token, minted when its e-mail goes; null once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: at('confirm_sent_at'),
    confirmedAt: at('confirmed_at'),
    /** The last visit to the manage page (which the "keep my alert" link opens): what a click is. */
    lastClickAt: at('last_click_at'),
    /** When the alert asked whether to go on, after a year without a click; null otherwise. */
    keepAskedAt: at('keep_asked_at'),
    endedAt: at('ended_at'),
    coveredSeq: bigint('covered_seq', { mode: 'number' }).notNull().default(0),
    coveredAt: at('covered_at').notNull().defaultNow(),
  },
  // No index holds the covered marks: a run rewrites them on every alert it takes, and reads the
  // alerts in id order (the primary key) anyway.
  (table) => [
    index('job_alerts_email_idx').on(table.email),
    index('job_alerts_confirm_idx').on(table.confirmTokenHash),
  ],
);

/**
 * The manage and unsubscribe links of the alerts, as digests: one minted for each e-mail as it is
 * sent, each working while its alert lives (an old e-mail's unsubscribe still works). No foreign
 * key: a link whose alert is gone opens nothing, and the purge deletes it.
 */
export const jobAlertLinks = pgTable(
  'job_alert_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    alertId: uuid('alert_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('job_alert_links_alert_idx').on(table.alertId)],
);

/**
 * Each job as it was published (the `job-published` event), numbered in order: what the alerts
 * count as new. Kept a little over a week, the longest an alert waits.
 */
export const jobAlertPostings = pgTable('job_alert_postings', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  jobId: uuid('job_id').notNull(),
  publishedAt: at('published_at').notNull().defaultNow(),
});
