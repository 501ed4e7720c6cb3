import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  ALERTS_PER_ADDRESS,
  CONFIRMATION_LINK_HOURS,
  CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  IDLE_MONTHS,
  KEEP_GRACE_DAYS,
  UNCONFIRMED_PURGE_DAYS,
  type AlertFrequency,
  type AlertStatus,
} from '../../shared/job-alerts/job-alerts-contract';
import type { Db } from '../db/database';
import type { ErasureLog } from '../erasures/erasure-log';
import { digest, isSecretTokenShaped, newSecretToken } from '../http/secret-token';
import { jobAlertLinks, jobAlertPostings, jobAlerts } from './job-alerts-tables';

/** Ended alerts are kept this long (their manage link still says so), then deleted. */
export const ENDED_KEPT_DAYS = 30;
/** Postings are kept a little over the longest wait of an alert (a week). */
const POSTINGS_KEPT_DAYS = 10;

const daysAgo = (days: number) => sql`now() - ${days}::int * interval '1 day'`;

export interface StoredAlert {
  id: string;
  email: string;
  query: string;
  frequency: AlertFrequency;
  status: AlertStatus;
}

const stored = {
  id: jobAlerts.id,
  email: jobAlerts.email,
  query: jobAlerts.query,
  frequency: jobAlerts.frequency,
  status: jobAlerts.status,
};

export type SignUpOutcome =
  { kind: 'queued'; alert: StoredAlert } | { kind: 'too-many-confirmations' } | { kind: 'too-many-alerts' };

export type ConfirmOutcome = 'confirmed' | 'already' | 'expired' | 'unknown';

/** The alerts' rows and links (docs/security.md#job-alerts): every rule about one alert. */
export function createJobAlertRepository(db: Db, erasureLog?: Pick<ErasureLog, 'record'>) {
  // An alert that ends is logged first, so a restore of an older backup leaves it ended
  // (docs/operations.md#what-a-restore-replays).
  const logEnded = async (ids: readonly string[]) => {
    for (const alertId of ids) await erasureLog?.record({ action: 'job-alert', alertId });
  };

  /** The alert a manage link opens, ended ones included; undefined for any other text. */
  const byLink = async (token: string): Promise<StoredAlert | undefined> => {
    if (!isSecretTokenShaped(token)) return undefined;
    const [row] = await db
      .select(stored)
      .from(jobAlertLinks)
      .innerJoin(jobAlerts, eq(jobAlerts.id, jobAlertLinks.alertId))
      .where(and(eq(jobAlertLinks.tokenHash, digest(token)), ne(jobAlerts.status, 'unconfirmed')))
      .limit(1);
    return row;
  };

  return {
    /**
     * A new unconfirmed alert, within the address's caps, queued with its confirmation e-mail by
     * `queue` in the same transaction. The address's sign-ups are serialised by a lock on it, so
     * two at once cannot both pass a cap.
     */
    async signUp(
      alert: { email: string; query: string; frequency: AlertFrequency },
      queue: (tx: Db, alert: StoredAlert) => Promise<void>,
    ): Promise<SignUpOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`job-alerts:${alert.email}`}, 0))`,
        );
        const [counts] = await tx
          .select({
            today: sql<number>`(count(*) filter (where ${jobAlerts.createdAt} > ${daysAgo(1)}))::int`,
            live: sql<number>`(count(*) filter (where ${jobAlerts.status} <> 'ended'))::int`,
          })
          .from(jobAlerts)
          .where(eq(jobAlerts.email, alert.email));
        // The same search at the same pace, already running: nothing new to confirm, and the same
        // answer as any sign-up, so it tells the caller nothing about the address.
        const [same] = await tx
          .select(stored)
          .from(jobAlerts)
          .where(
            and(
              eq(jobAlerts.email, alert.email),
              eq(jobAlerts.query, alert.query),
              eq(jobAlerts.frequency, alert.frequency),
              inArray(jobAlerts.status, ['active', 'paused']),
            ),
          )
          .limit(1);
        if (same) return { kind: 'queued', alert: same };
        if (Number(counts?.live ?? 0) >= ALERTS_PER_ADDRESS) return { kind: 'too-many-alerts' };
        if (Number(counts?.today ?? 0) >= CONFIRMATIONS_PER_ADDRESS_PER_DAY)
          return { kind: 'too-many-confirmations' };
        const [row] = await tx.insert(jobAlerts).values(alert).returning(stored);
        await queue(tx, row!);
        return { kind: 'queued', alert: row! };
      });
    },

    /** A fresh confirmation token for an unconfirmed alert (its e-mail going now); undefined otherwise. */
    async mintConfirmation(alertId: string): Promise<string | undefined> {
      const { token, hash } = newSecretToken();
      const rows = await db
        .update(jobAlerts)
        .set({ confirmTokenHash: hash, confirmSentAt: sql`now()` })
        .where(and(eq(jobAlerts.id, alertId), eq(jobAlerts.status, 'unconfirmed')))
        .returning({ id: jobAlerts.id });
      return rows.length > 0 ? token : undefined;
    },

    /** A new manage link for a live alert (its e-mail going now); undefined once it is gone. */
    async mintManageLink(alertId: string): Promise<string | undefined> {
      const { token, hash } = newSecretToken();
      const rows = await db
        .insert(jobAlertLinks)
        .select(
          db
            .select({
              tokenHash: sql<string>`${hash}`.as('token_hash'),
              alertId: jobAlerts.id,
              createdAt: sql<Date>`now()`.as('created_at'),
            })
            .from(jobAlerts)
            .where(and(eq(jobAlerts.id, alertId), ne(jobAlerts.status, 'ended'))),
        )
        .returning({ alertId: jobAlertLinks.alertId });
      return rows.length > 0 ? token : undefined;
    },

    /**
     * Confirms the alert a confirmation link names, once: from then on it hears of the jobs posted
     * after now (`setCovered` moves it past every posting so far).
     */
    async confirm(token: string): Promise<{ outcome: ConfirmOutcome; alert?: StoredAlert }> {
      if (!isSecretTokenShaped(token)) return { outcome: 'unknown' };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            ...stored,
            fresh: sql<boolean>`${jobAlerts.confirmSentAt} > now() - ${CONFIRMATION_LINK_HOURS}::int * interval '1 hour'`,
          })
          .from(jobAlerts)
          .where(eq(jobAlerts.confirmTokenHash, digest(token)))
          .for('update');
        if (!row) return { outcome: 'unknown' };
        if (row.status !== 'unconfirmed') return { outcome: 'already', alert: row };
        if (!row.fresh) return { outcome: 'expired' };
        const [latest] = await tx
          .select({ seq: sql<number>`coalesce(max(${jobAlertPostings.seq}), 0)` })
          .from(jobAlertPostings);
        const [confirmed] = await tx
          .update(jobAlerts)
          .set({
            status: 'active',
            confirmedAt: sql`now()`,
            lastClickAt: sql`now()`,
            coveredSeq: Number(latest?.seq ?? 0),
            coveredAt: sql`now()`,
          })
          .where(eq(jobAlerts.id, row.id))
          .returning(stored);
        return { outcome: 'confirmed', alert: confirmed! };
      });
    },

    /** The alert behind a manage link, as its page shows it; the visit counts as a click. */
    async open(token: string): Promise<StoredAlert | undefined> {
      const alert = await byLink(token);
      if (!alert) return undefined;
      if (alert.status !== 'ended')
        await db
          .update(jobAlerts)
          .set({ lastClickAt: sql`now()`, keepAskedAt: null })
          .where(eq(jobAlerts.id, alert.id));
      return alert;
    },

    async change(
      token: string,
      change: { query?: string; frequency?: AlertFrequency; paused?: boolean },
    ): Promise<StoredAlert | 'ended' | undefined> {
      const alert = await byLink(token);
      if (!alert) return undefined;
      if (alert.status === 'ended') return 'ended';
      const [row] = await db
        .update(jobAlerts)
        .set({
          ...(change.query !== undefined ? { query: change.query } : {}),
          ...(change.frequency ? { frequency: change.frequency } : {}),
          ...(change.paused !== undefined ? { status: change.paused ? 'paused' : 'active' } : {}),
          // Back from a pause, or to a new frequency: from now on, not the backlog.
          ...(change.paused === false || change.frequency
            ? {
                coveredAt: sql`now()`,
                coveredSeq: sql`(select coalesce(max(${jobAlertPostings.seq}), 0) from ${jobAlertPostings})`,
              }
            : {}),
          lastClickAt: sql`now()`,
          keepAskedAt: null,
        })
        .where(eq(jobAlerts.id, alert.id))
        .returning(stored);
      return row;
    },

    /** Ends the alert a link opens, if it is live; answers whether a link opened one. */
    async unsubscribe(token: string): Promise<boolean> {
      const alert = await byLink(token);
      if (!alert) return false;
      await logEnded([alert.id]);
      await db
        .update(jobAlerts)
        .set({ status: 'ended', endedAt: sql`now()` })
        .where(and(eq(jobAlerts.id, alert.id), ne(jobAlerts.status, 'ended')));
      return true;
    },

    /** Deletes the alert a link opens, with its links. */
    async remove(token: string): Promise<boolean> {
      const alert = await byLink(token);
      if (!alert) return false;
      await logEnded([alert.id]);
      await db.transaction(async (tx) => {
        await tx.delete(jobAlertLinks).where(eq(jobAlertLinks.alertId, alert.id));
        await tx.delete(jobAlerts).where(eq(jobAlerts.id, alert.id));
      });
      return true;
    },

    /** A job as published: what the alerts count as new (the `job-published` subscriber). */
    async recordPosting(tx: Db, jobId: string): Promise<void> {
      await tx.insert(jobAlertPostings).values({ jobId });
    },

    /** For an access export: every alert of the address, with no link to it. */
    async exportFor(email: string) {
      return db
        .select({
          query: jobAlerts.query,
          frequency: jobAlerts.frequency,
          status: jobAlerts.status,
          createdAt: jobAlerts.createdAt,
          confirmedAt: jobAlerts.confirmedAt,
          lastClickAt: jobAlerts.lastClickAt,
        })
        .from(jobAlerts)
        .where(eq(jobAlerts.email, email));
    },

    /** Erasure: every alert of the address, and their links. */
    async eraseFor(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const ids = tx.select({ id: jobAlerts.id }).from(jobAlerts).where(eq(jobAlerts.email, email));
        await tx.delete(jobAlertLinks).where(inArray(jobAlertLinks.alertId, ids));
        await tx.delete(jobAlerts).where(eq(jobAlerts.email, email));
      });
    },

    /**
     * The retention purge: sign-ups never confirmed within a week, alerts ended a month ago, the
     * links of alerts that are gone, and postings older than any alert waits.
     */
    async purge(): Promise<void> {
      await db
        .delete(jobAlerts)
        .where(
          or(
            and(
              eq(jobAlerts.status, 'unconfirmed'),
              lt(jobAlerts.createdAt, daysAgo(UNCONFIRMED_PURGE_DAYS)),
            ),
            and(eq(jobAlerts.status, 'ended'), lt(jobAlerts.endedAt, daysAgo(ENDED_KEPT_DAYS))),
          ),
        );
      await db
        .delete(jobAlertLinks)
        .where(sql`not exists (select 1 from ${jobAlerts} where ${jobAlerts.id} = ${jobAlertLinks.alertId})`);
      await db.delete(jobAlertPostings).where(lt(jobAlertPostings.publishedAt, daysAgo(POSTINGS_KEPT_DAYS)));
    },

    /**
     * Live alerts with no click for a year that have not been asked yet, a batch at a time: the
     * caller queues the question and marks them asked (`markAsked`) in `tx`.
     */
    async idle(tx: Db, limit: number): Promise<StoredAlert[]> {
      return tx
        .select(stored)
        .from(jobAlerts)
        .where(
          and(
            inArray(jobAlerts.status, ['active', 'paused']),
            isNull(jobAlerts.keepAskedAt),
            sql`coalesce(${jobAlerts.lastClickAt}, ${jobAlerts.confirmedAt}) < now() - ${IDLE_MONTHS}::int * interval '1 month'`,
          ),
        )
        .orderBy(jobAlerts.id)
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async markAsked(tx: Db, ids: string[]): Promise<void> {
      if (ids.length > 0)
        await tx
          .update(jobAlerts)
          .set({ keepAskedAt: sql`now()` })
          .where(inArray(jobAlerts.id, ids));
    },

    /** Ends the alerts asked whether to go on that gave no answer within the grace. */
    async endUnanswered(): Promise<number> {
      const unanswered = and(
        inArray(jobAlerts.status, ['active', 'paused']),
        isNotNull(jobAlerts.keepAskedAt),
        lt(jobAlerts.keepAskedAt, daysAgo(KEEP_GRACE_DAYS)),
      );
      const due = await db.select({ id: jobAlerts.id }).from(jobAlerts).where(unanswered);
      if (due.length === 0) return 0;
      const ids = due.map((row) => row.id);
      await logEnded(ids);
      const rows = await db
        .update(jobAlerts)
        .set({ status: 'ended', endedAt: sql`now()` })
        .where(and(inArray(jobAlerts.id, ids), unanswered))
        .returning({ id: jobAlerts.id });
      return rows.length;
    },
  };
}

export type JobAlertRepository = ReturnType<typeof createJobAlertRepository>;
