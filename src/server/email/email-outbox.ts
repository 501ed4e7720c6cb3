import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { INTERVIEWER_EMAIL_HOLD_MS } from '../../shared/limits';
import type { Db } from '../db/database';
import { emailOutbox } from '../db/schema';
import { insertJsonRows } from '../db/json-rows';
import type { Mailer, MailMessage } from './mailer';
import {
  PRIVATE_LINK_PLACEHOLDER,
  withMintedLinks,
  withPrivateLink,
  type LinkMinter,
  type PrivateLinkMinter,
} from './private-link';
import { createDeliveryLoop } from '../runtime/delivery-loop';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A message to queue. One about an application is deleted with it: it holds the applicant's data. */
export interface QueuedEmail extends MailMessage {
  applicationId?: string;
  /**
   * The text holds `PRIVATE_LINK_PLACEHOLDER`, to be replaced by a private link to the
   * application minted when the message is sent (private-link.ts). Needs `applicationId`.
   */
  privateLink?: boolean;
  /**
   * The text and headers hold placeholders of links minted as the message is sent
   * (`mintedLinkPlaceholder`, private-link.ts), by the outbox's `linkMinters`.
   */
  mintedLinks?: boolean;
}

/**
 * A message that waits a while before it goes, so that a later one about the same thing to the
 * same person replaces it (an interviewer's invitation while the applicant is still changing the
 * booking: docs/security.md#interview-bookings). Which of the two is queued depends on whether
 * anything of this key has gone to them already.
 */
export interface HeldEmail {
  /** The subject matter and the recipient, e.g. `interview:<booking id>:<address>`. */
  key: string;
  /** What goes when a message of this key has gone, or is going, already (the latest news). */
  message: QueuedEmail;
  /**
   * What goes when none has (the recipient has heard nothing of it yet); null: nothing goes, since
   * it would only take back what they were never told.
   */
  first: QueuedEmail | null;
}

export interface DeliveryTiming {
  /** The wait before the first retry; each further retry waits twice as long, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /**
   * How long a deliverer's claim on a message lasts. Longer than one send can take (the mailer's
   * timeouts bound it), so no live deliverer loses a message it is sending; a message claimed by
   * a process that died is tried again once its claim runs out.
   */
  leaseMs: number;
  /** A message still not delivered this long after it was queued is given up, as mail servers do. */
  giveUpAfterMs: number;
  /** Due messages are looked for at least this often, besides the wake-ups after each commit. */
  pollMs: number;
  /** Sent and given-up messages are deleted this long after. */
  keepFinishedMs: number;
  /** How long a held message (`enqueueHeld`) waits before it goes, replaceable meanwhile. */
  holdMs: number;
}

export const DEFAULT_DELIVERY_TIMING: DeliveryTiming = {
  firstRetryMs: 10_000,
  maxRetryMs: 15 * 60_000,
  leaseMs: 5 * 60_000,
  giveUpAfterMs: 5 * DAY_MS,
  pollMs: 60_000,
  keepFinishedMs: 30 * DAY_MS,
  holdMs: INTERVIEWER_EMAIL_HOLD_MS,
};

/** On close, an in-flight send is waited for this long at most; its claim then covers it. */
const CLOSE_GRACE_MS = 10_000;
/** Never poll faster than this, whatever the clocks say. */
const MIN_WAIT_MS = 50;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 1000;

/** The wait after the `attempts`-th failed try: exponential, capped. */
export const retryDelayMs = (attempts: number, timing: DeliveryTiming): number =>
  Math.min(timing.firstRetryMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), timing.maxRetryMs);

/** pino's shape, which Fastify's logger has. */
export interface OutboxLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The queue as the database holds it, shared by every instance. */
export interface OutboxStats {
  /** Messages waiting to be sent (neither sent nor given up). */
  queued: number;
  /** Of those, the ones that have failed at least once and wait for a retry. */
  retrying: number;
  /** How long the oldest waiting message has waited, in seconds; 0 when none waits. */
  oldestAgeSeconds: number;
  /** Given-up messages still kept (they are deleted 30 days after). */
  givenUp: number;
}

/** `now() + ms` in the database's clock, which every instance shares. */
const nowPlus = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;

const waiting = and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt));
/** Neither sent, given up nor being sent now: a held message a later one may still replace. */
const replaceable = and(waiting, isNull(emailOutbox.claimToken));
/** Sent, or being sent now: what its recipient has heard, or is about to. */
const gone = or(isNotNull(emailOutbox.sentAt), isNotNull(emailOutbox.claimToken));

/**
 * Queues messages inside the caller's transaction: they exist exactly when what caused them was
 * committed. After the commit, call the outbox's `wake()` so they go at once.
 */
export async function enqueueEmails(tx: Db, messages: QueuedEmail[]): Promise<void> {
  if (messages.length === 0) return;
  if (messages.some((message) => message.privateLink && !message.mintedLinks && !message.applicationId)) {
    throw new Error('a message with a private link must name its application');
  }
  // One JSON parameter however many messages: a bulk reply queues thousands in one statement.
  await tx.execute(
    insertJsonRows(
      emailOutbox,
      [
        'applicationId',
        'recipient',
        'replyTo',
        'subject',
        'body',
        'privateLink',
        'calendar',
        'calendarMethod',
        'headers',
      ],
      messages.map((message) => ({
        applicationId: message.applicationId ?? null,
        recipient: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        body: message.text,
        // One flag marks a message whose links are minted as it goes, whichever kind they are.
        privateLink: (message.privateLink ?? false) || (message.mintedLinks ?? false),
        calendar: message.calendar?.content ?? null,
        calendarMethod: message.calendar?.method ?? null,
        headers: message.headers ?? null,
      })),
    ),
  );
}

/**
 * The e-mail outbox (queue) and its deliverer: the server's one way to send mail.
 *
 * The deliverer claims one due message at a time (`FOR UPDATE SKIP LOCKED`, then a claim token
 * and a lease in the row, so instances sharing one PostgreSQL never take the same message), sends
 * it through the mailer, and marks it sent; a failure is recorded and retried later with
 * exponential back-off. It runs when woken after a commit that queued mail, at start, on a timer
 * for retries, and stops on `close`.
 *
 * Delivery is at least once: a message the mail server accepted is marked sent in the very next
 * statement, but a crash (or a lost database) between the two means it is sent again after its
 * lease. Marking first would instead lose the message in that window; a duplicate confirmation
 * is the lesser harm.
 */
export function createEmailOutbox(
  db: Db,
  mailer: Mailer,
  options: {
    /** The database serves this process alone (embedded PGlite): any claim found at start is a dead process's. */
    exclusive: boolean;
    timing?: Partial<DeliveryTiming>;
    /** Fills the private link of a message that carries one, as it is sent. */
    privateLinks?: PrivateLinkMinter;
    /** Fills the other minted links (`mintedLinkPlaceholder`), by kind, as a message is sent. */
    linkMinters?: Readonly<Record<string, LinkMinter>>;
  },
) {
  const timing: DeliveryTiming = { ...DEFAULT_DELIVERY_TIMING, ...options.timing };
  let log: OutboxLog | undefined;
  let ready: Promise<void> | undefined;
  let prunedAt = 0;
  let failedTries = 0;

  const claimNext = async () => {
    const token = randomUUID();
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(waiting, lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(emailOutbox)
      .set({
        claimToken: token,
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: nowPlus(timing.leaseMs),
      })
      .where(inArray(emailOutbox.id, due))
      .returning();
    return row && { row, token };
  };

  type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;
  const stillOurs = ({ row, token }: Claimed) =>
    and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimToken, token));

  /**
   * The body as it goes: a private link is minted now, on every try, so only the link in the
   * message last sent works, and the token never rests anywhere but in that message. Undefined
   * when the message's application has gone meanwhile (its row goes with it).
   */
  const contentOf = async (
    row: Claimed['row'],
  ): Promise<{ text: string; headers: Record<string, string> | null } | undefined> => {
    if (!row.privateLink) return { text: row.body, headers: row.headers };
    let text = row.body;
    // Only a message that shows the application's link mints one: minting retires the last.
    if (row.applicationId && text.includes(PRIVATE_LINK_PLACEHOLDER)) {
      if (!options.privateLinks) throw new Error('no private links can be minted here');
      const url = await options.privateLinks(row.applicationId);
      if (!url) return undefined;
      text = withPrivateLink(text, url);
    }
    const headerEntries = Object.entries(row.headers ?? {});
    const filled = await withMintedLinks(
      [text, ...headerEntries.map(([, value]) => value)],
      options.linkMinters ?? {},
    );
    if (!filled) return undefined;
    const [filledText, ...values] = filled;
    return {
      text: filledText!,
      headers:
        row.headers && Object.fromEntries(headerEntries.map(([name], index) => [name, values[index]!])),
    };
  };

  const deliver = async (claimed: Claimed): Promise<void> => {
    const { row } = claimed;
    try {
      const content = await contentOf(row);
      if (content === undefined) {
        await db.delete(emailOutbox).where(stillOurs(claimed));
        return;
      }
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: content.text,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(content.headers ? { headers: content.headers } : {}),
        ...(row.calendar
          ? {
              calendar: {
                method: row.calendarMethod === 'CANCEL' ? 'CANCEL' : 'REQUEST',
                content: row.calendar,
              },
            }
          : {}),
      });
    } catch (error) {
      failedTries++;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const delay = retryDelayMs(row.attempts, timing);
      const [after] = await db
        .update(emailOutbox)
        .set({
          claimToken: null,
          lastError: reason,
          nextAttemptAt: nowPlus(delay),
          failedAt: sql`case when ${emailOutbox.createdAt} <= ${nowPlus(-timing.giveUpAfterMs)} then now() end`,
        })
        .where(stillOurs(claimed))
        .returning({ failedAt: emailOutbox.failedAt });
      const about = { messageId: row.id, applicationId: row.applicationId, attempts: row.attempts, reason };
      if (after?.failedAt) log?.error(about, 'e-mail given up: not delivered in time');
      else log?.warn({ ...about, retryInMs: delay }, 'e-mail not delivered yet; it will be retried');
      return;
    }
    await db
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, claimToken: null })
      .where(stillOurs(claimed));
    if (row.attempts > 1) {
      log?.info({ messageId: row.id, attempts: row.attempts }, 'e-mail delivered after retries');
    }
  };

  const deliverDue = async () => {
    await ready;
    while (!loop.stopped) {
      const claimed = await claimNext();
      if (!claimed) return;
      await deliver(claimed);
    }
  };

  const prune = async () => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    const before = nowPlus(-timing.keepFinishedMs);
    await db
      .delete(emailOutbox)
      .where(or(lte(emailOutbox.sentAt, before), lte(emailOutbox.failedAt, before)));
  };

  /** Until the earliest waiting message is due (a retry, or another instance's lease), by the database's clock. */
  const untilNextDue = async (): Promise<number> => {
    const [next] = await db
      .select({
        ms: sql<number | null>`extract(epoch from (min(${emailOutbox.nextAttemptAt}) - now())) * 1000`,
      })
      .from(emailOutbox)
      .where(waiting);
    const ms = next?.ms === null || next?.ms === undefined ? timing.pollMs : Number(next.ms);
    return Math.min(Math.max(ms, MIN_WAIT_MS), timing.pollMs);
  };

  const loop = createDeliveryLoop({
    pass: async () => {
      await deliverDue();
      await prune();
      return untilNextDue();
    },
    retryMs: timing.firstRetryMs,
    onError: (error) => log?.error({ err: error }, 'e-mail delivery pass failed; trying again later'),
    closeGraceMs: CLOSE_GRACE_MS,
  });

  return {
    enqueue: enqueueEmails,
    /**
     * Queues held messages inside the caller's transaction: each waits `holdMs` before it goes,
     * and replaces the message of its key that is still waiting and not being sent. A message
     * being sent as this runs is not replaced (the claim's row lock settles it), and counts as
     * gone. The caller serialises its changes to one key (the booking's application row), so two
     * transactions never hold a message of the same key at once.
     */
    async enqueueHeld(tx: Db, held: HeldEmail[]): Promise<void> {
      for (const { key, message, first } of held) {
        await tx.delete(emailOutbox).where(and(eq(emailOutbox.coalesceKey, key), replaceable));
        const [earlier] = await tx
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.coalesceKey, key), gone))
          .limit(1);
        const chosen = earlier ? message : first;
        if (!chosen) continue;
        await tx.insert(emailOutbox).values({
          applicationId: chosen.applicationId ?? null,
          recipient: chosen.to,
          replyTo: chosen.replyTo ?? null,
          subject: chosen.subject,
          body: chosen.text,
          calendar: chosen.calendar?.content ?? null,
          calendarMethod: chosen.calendar?.method ?? null,
          coalesceKey: key,
          nextAttemptAt: nowPlus(timing.holdMs),
        });
      }
    },
    /** Starts delivering: first whatever an earlier process left, then as woken and on the timer. */
    start(logger: OutboxLog): void {
      if (ready) return;
      log = logger;
      // A restart is often the fix for what made mail fail (say, the SMTP settings), so every
      // waiting message is tried now rather than at the end of its back-off. A claim is kept
      // unless no other process can hold one. A held message never tried keeps its hold: it waits
      // for a later change, not for a failure.
      const notHeld = or(isNull(emailOutbox.coalesceKey), gt(emailOutbox.attempts, 0));
      ready = db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()`, ...(options.exclusive ? { claimToken: null } : {}) })
        .where(and(options.exclusive ? waiting : and(waiting, isNull(emailOutbox.claimToken)), notHeld))
        .then(() => undefined)
        .catch((error: unknown) =>
          log?.error({ err: error }, 'e-mail outbox: could not reset waiting messages'),
        );
      loop.start();
    },
    /** Delivers now what is due (call after committing a transaction that queued mail). */
    wake(): void {
      if (ready) loop.wake();
    },
    /**
     * For /metrics: one query over the unsent messages (waiting and given up, a handful unless
     * mail is failing), ages by the database's clock, which every instance shares.
     */
    async stats(): Promise<OutboxStats> {
      const unsent = isNull(emailOutbox.sentAt);
      const isWaiting = sql`${emailOutbox.failedAt} is null`;
      const [row] = await db
        .select({
          queued: sql<number>`(count(*) filter (where ${isWaiting}))::int`,
          retrying: sql<number>`(count(*) filter (where ${isWaiting} and ${emailOutbox.lastError} is not null))::int`,
          givenUp: sql<number>`(count(*) filter (where ${emailOutbox.failedAt} is not null))::int`,
          oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt}) filter (where ${isWaiting})), 0)::float8`,
        })
        .from(emailOutbox)
        .where(unsent);
      return {
        queued: Number(row?.queued ?? 0),
        retrying: Number(row?.retrying ?? 0),
        givenUp: Number(row?.givenUp ?? 0),
        oldestAgeSeconds: Math.max(0, Number(row?.oldestAgeSeconds ?? 0)),
      };
    },
    /** Tries that failed in this process since it started (each is retried, or given up). */
    failedTries: (): number => failedTries,
    /** Erasure: every message to this address, sent or not. */
    async removeForRecipient(email: string): Promise<number> {
      const rows = await db
        .delete(emailOutbox)
        .where(eq(emailOutbox.recipient, email))
        .returning({ id: emailOutbox.id });
      return rows.length;
    },
    /** Stops the deliverer; a send under way is given a short while to finish. */
    async close(): Promise<void> {
      await loop.stop();
    },
  };
}

export type EmailOutbox = ReturnType<typeof createEmailOutbox>;
