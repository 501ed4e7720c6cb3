import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, notExists, notInArray, sql } from 'drizzle-orm';
import type { DomainEventType, RecordedEvent } from '../../shared/events/domain-events';
import type { Db } from '../db/database';
import { domainEventDeliveries, domainEventSubscribers, domainEvents } from '../db/schema';
import { createDeliveryLoop } from '../runtime/delivery-loop';

const DAY_MS = 24 * 60 * 60 * 1000;

/** pino's shape, which Fastify's logger has. */
export interface EventLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * What a subscriber does with one event. It runs in a transaction that also marks the delivery
 * done: whatever it writes with `tx` commits exactly once, with the mark. A handler that throws
 * rolls both back, and the event is tried again later. Work outside the database (a message sent
 * straight away, say) may happen again after a crash; queue it in `tx` instead (the e-mail outbox).
 */
export type EventHandler = (event: RecordedEvent, tx: Db) => Promise<void>;

/**
 * What a subscriber does with several events at once, oldest first, in one transaction that marks
 * them all delivered: what one change of many applications (a bulk stage move of a thousand)
 * records is then handled in a few statements rather than a transaction each. Should it throw,
 * each event is handed to the one-event handler in its own transaction instead, so one event that
 * cannot be handled holds back none of the others.
 */
export type EventBatchHandler = (events: readonly RecordedEvent[], tx: Db) => Promise<void>;

/** The most events one batch hands a batch handler. */
const BATCH_SIZE = 200;

export interface EventTiming {
  /** The wait before the first retry of a failed handler; each further one twice as long, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /**
   * How long an instance's claim on a delivery lasts: longer than a handler takes, so no live
   * instance loses one it is running; one claimed by a process that died is tried again after it.
   */
  leaseMs: number;
  /** Pending deliveries are looked for at least this often, besides the wake-ups. */
  pollMs: number;
  /** Delivered events are deleted this long after, and a subscriber no instance ran for this long is dropped. */
  keepDeliveredMs: number;
  /** How often the pruning above runs. */
  pruneEveryMs: number;
}

export const DEFAULT_EVENT_TIMING: EventTiming = {
  firstRetryMs: 10_000,
  maxRetryMs: 15 * 60_000,
  leaseMs: 5 * 60_000,
  pollMs: 10_000,
  keepDeliveredMs: 30 * DAY_MS,
  pruneEveryMs: 60 * 60 * 1000,
};

const CLOSE_GRACE_MS = 10_000;
const MIN_WAIT_MS = 20;
const MAX_ERROR_LENGTH = 1000;
const SUBSCRIBER_NAME = /^[a-z][a-z0-9-]{0,62}$/;

const nowPlus = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;
const retryDelayMs = (attempts: number, timing: EventTiming): number =>
  Math.min(timing.firstRetryMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), timing.maxRetryMs);

/** An event as its row holds it, as the handlers are given it. */
const recordedOf = (event: typeof domainEvents.$inferSelect): RecordedEvent =>
  ({
    ...event.payload,
    type: event.type,
    id: event.id,
    recordedAt: event.createdAt,
  }) as unknown as RecordedEvent;

/**
 * The domain events' dispatcher: delivers each recorded event once to each subscriber, on one
 * instance or on many sharing one PostgreSQL, in the e-mail outbox's way (email-outbox.ts).
 *
 * A delivery row is claimed (`FOR UPDATE SKIP LOCKED`, then a claim token and a lease), then, in
 * one transaction, marked delivered (only while the claim is still this instance's) and handed to
 * the handler. The mark and the handler's writes commit together, so a delivery done is never run
 * again; a crash before or during the handler leaves the claim, and the event is delivered once
 * its lease runs out. Events are delivered oldest first, but a failed one is retried later without
 * holding back the ones after it.
 */
export function createEventDispatcher(
  db: Db,
  options: {
    /** The database serves this process alone (embedded PGlite): any claim found at start is a dead process's. */
    exclusive: boolean;
    timing?: Partial<EventTiming>;
  },
) {
  const timing: EventTiming = { ...DEFAULT_EVENT_TIMING, ...options.timing };
  const handlers = new Map<string, EventHandler>();
  const batchHandlers = new Map<string, EventBatchHandler>();
  /** The types each subscriber hears, where it named them (every type otherwise). */
  const hearing = new Map<string, readonly DomainEventType[]>();
  let log: EventLog | undefined;
  let registered: Promise<void> | undefined;
  let ready: Promise<void> | undefined;
  let prunedAt = 0;
  let failedTries = 0;

  const ours = () => inArray(domainEventDeliveries.subscriber, [...handlers.keys()]);
  const pending = isNull(domainEventDeliveries.deliveredAt);

  const claimNext = async () => {
    if (handlers.size === 0) return undefined;
    const token = randomUUID();
    const due = db
      .select({ subscriber: domainEventDeliveries.subscriber, eventId: domainEventDeliveries.eventId })
      .from(domainEventDeliveries)
      .where(and(ours(), pending, lte(domainEventDeliveries.nextAttemptAt, sql`now()`)))
      .orderBy(asc(domainEventDeliveries.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(domainEventDeliveries)
      .set({
        claimToken: token,
        attempts: sql`${domainEventDeliveries.attempts} + 1`,
        nextAttemptAt: nowPlus(timing.leaseMs),
      })
      .where(sql`(${domainEventDeliveries.subscriber}, ${domainEventDeliveries.eventId}) in (${due})`)
      .returning();
    return row && { row, token };
  };

  /** More due deliveries of the same subscriber, under the same claim, for one batch. */
  const claimMore = async (subscriber: string, token: string, limit: number) => {
    const due = db
      .select({ subscriber: domainEventDeliveries.subscriber, eventId: domainEventDeliveries.eventId })
      .from(domainEventDeliveries)
      .where(
        and(
          eq(domainEventDeliveries.subscriber, subscriber),
          pending,
          lte(domainEventDeliveries.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(domainEventDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(domainEventDeliveries)
      .set({
        claimToken: token,
        attempts: sql`${domainEventDeliveries.attempts} + 1`,
        nextAttemptAt: nowPlus(timing.leaseMs),
      })
      .where(sql`(${domainEventDeliveries.subscriber}, ${domainEventDeliveries.eventId}) in (${due})`)
      .returning();
  };

  type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;
  const stillOurs = ({ row, token }: Claimed) =>
    and(
      eq(domainEventDeliveries.subscriber, row.subscriber),
      eq(domainEventDeliveries.eventId, row.eventId),
      eq(domainEventDeliveries.claimToken, token),
    );

  const deliver = async (claimed: Claimed): Promise<void> => {
    const { row } = claimed;
    const handler = handlers.get(row.subscriber)!;
    try {
      await db.transaction(async (tx) => {
        const [event] = await tx.select().from(domainEvents).where(eq(domainEvents.id, row.eventId));
        const [marked] = await tx
          .update(domainEventDeliveries)
          .set({ deliveredAt: sql`now()`, claimToken: null, lastError: null })
          .where(stillOurs(claimed))
          .returning({ eventId: domainEventDeliveries.eventId });
        // The lease ran out and another instance has it now (or it was pruned): it is theirs.
        if (!marked || !event) return;
        await handler(recordedOf(event), tx);
      });
    } catch (error) {
      if (loop.stopped) return;
      failedTries++;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const delay = retryDelayMs(row.attempts, timing);
      await db
        .update(domainEventDeliveries)
        .set({ claimToken: null, lastError: reason, nextAttemptAt: nowPlus(delay) })
        .where(stillOurs(claimed));
      log?.warn(
        {
          subscriber: row.subscriber,
          eventId: row.eventId,
          attempts: row.attempts,
          reason,
          retryInMs: delay,
        },
        'domain event not handled yet; it will be retried',
      );
    }
  };

  /**
   * A batch in one transaction: the events read and marked delivered together, then handed over
   * oldest first. Should that fail, each is delivered on its own (and retried on its own).
   */
  const deliverBatch = async (batch: readonly Claimed[], handle: EventBatchHandler): Promise<void> => {
    const [{ row, token }] = batch as [Claimed];
    const ids = batch.map((claimed) => claimed.row.eventId);
    try {
      await db.transaction(async (tx) => {
        const marked = await tx
          .update(domainEventDeliveries)
          .set({ deliveredAt: sql`now()`, claimToken: null, lastError: null })
          .where(
            and(
              eq(domainEventDeliveries.subscriber, row.subscriber),
              inArray(domainEventDeliveries.eventId, ids),
              eq(domainEventDeliveries.claimToken, token),
            ),
          )
          .returning({ eventId: domainEventDeliveries.eventId });
        // Those whose lease ran out are another instance's now.
        if (marked.length === 0) return;
        const events = await tx
          .select()
          .from(domainEvents)
          .where(
            inArray(
              domainEvents.id,
              marked.map((delivery) => delivery.eventId),
            ),
          )
          .orderBy(asc(domainEvents.createdAt), asc(domainEvents.id));
        await handle(events.map(recordedOf), tx);
      });
    } catch (error) {
      if (loop.stopped) return;
      log?.warn(
        {
          subscriber: row.subscriber,
          events: batch.length,
          reason: error instanceof Error ? error.message : String(error),
        },
        'a batch of domain events was not handled; delivering each on its own',
      );
      for (const claimed of batch) {
        if (loop.stopped) return;
        await deliver(claimed);
      }
    }
  };

  const deliverDue = async () => {
    await ready;
    while (!loop.stopped) {
      const claimed = await claimNext();
      if (!claimed) return;
      const batchHandler = batchHandlers.get(claimed.row.subscriber);
      if (!batchHandler) {
        await deliver(claimed);
        continue;
      }
      const more = await claimMore(claimed.row.subscriber, claimed.token, BATCH_SIZE - 1);
      await deliverBatch([claimed, ...more.map((row) => ({ row, token: claimed.token }))], batchHandler);
    }
  };

  /** Names this instance's subscribers, so events recorded from now on get a delivery for each. */
  const register = async () => {
    if (handlers.size === 0) return;
    await db
      .insert(domainEventSubscribers)
      .values(
        [...handlers.keys()].map((name) => {
          const hears = hearing.get(name);
          return { name, hears: hears ? [...hears] : null };
        }),
      )
      .onConflictDoUpdate({
        target: domainEventSubscribers.name,
        set: { seenAt: sql`now()`, hears: sql`excluded.hears` },
      });
  };

  const registerOnce = (): Promise<void> => (registered ??= register());

  const prune = async () => {
    if (Date.now() - prunedAt < timing.pruneEveryMs) return;
    prunedAt = Date.now();
    await register();
    const before = nowPlus(-timing.keepDeliveredMs);
    // A subscriber taken out of the code: nothing would ever deliver its events.
    await db
      .delete(domainEventSubscribers)
      .where(
        and(
          lte(domainEventSubscribers.seenAt, before),
          notInArray(domainEventSubscribers.name, [...handlers.keys(), '']),
        ),
      );
    await db
      .delete(domainEventDeliveries)
      .where(
        and(isNotNull(domainEventDeliveries.deliveredAt), lte(domainEventDeliveries.deliveredAt, before)),
      );
    // What is left of an old event is a delivery still to be made: the event waits for it.
    await db.delete(domainEvents).where(
      and(
        lte(domainEvents.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(domainEventDeliveries)
            .where(eq(domainEventDeliveries.eventId, domainEvents.id)),
        ),
      ),
    );
  };

  /** Until the earliest pending delivery of ours is due (a retry, or another instance's lease). */
  const untilNextDue = async (): Promise<number> => {
    if (handlers.size === 0) return timing.pollMs;
    const [next] = await db
      .select({
        ms: sql<
          number | null
        >`extract(epoch from (min(${domainEventDeliveries.nextAttemptAt}) - now())) * 1000`,
      })
      .from(domainEventDeliveries)
      .where(and(ours(), pending));
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
    onError: (error) => log?.error({ err: error }, 'domain event delivery pass failed; trying again later'),
    closeGraceMs: CLOSE_GRACE_MS,
  });

  return {
    /** Adds a subscriber, before `register` or `start`. Its name is its place in the database: keep it. */
    subscribe(
      name: string,
      handler: EventHandler,
      hears?: readonly DomainEventType[],
      batch?: EventBatchHandler,
    ): void {
      if (!SUBSCRIBER_NAME.test(name)) throw new Error(`not a subscriber name: ${name}`);
      if (handlers.has(name)) throw new Error(`subscriber ${name} is already subscribed`);
      if (registered) throw new Error('subscribe before the dispatcher is registered or started');
      handlers.set(name, handler);
      if (hears) hearing.set(name, [...hears]);
      if (batch) batchHandlers.set(name, batch);
    },
    /**
     * Registers the subscribers (at start-up, before requests are served), so every event
     * recorded after it is delivered to each. A subscriber new to the database gets the events
     * recorded from then on, not earlier ones.
     */
    register: (): Promise<void> => registerOnce(),
    /** Starts delivering: first whatever an earlier process left, then as woken and on the timer. */
    start(logger: EventLog): Promise<void> {
      if (ready) return ready;
      log = logger;
      ready = (async () => {
        await registerOnce();
        // With the database to itself, a claim left behind is a dead process's: taken back now.
        if (options.exclusive && handlers.size > 0) {
          await db
            .update(domainEventDeliveries)
            .set({ claimToken: null, nextAttemptAt: sql`now()` })
            .where(and(ours(), pending, isNotNull(domainEventDeliveries.claimToken)));
        }
      })().catch((error: unknown) => log?.error({ err: error }, 'domain events: could not start'));
      loop.start();
      return ready;
    },
    /** Looks for pending deliveries now (after a commit that recorded events, or when another instance says so). */
    wake(): void {
      if (ready) loop.wake();
    },
    /** Handler runs that failed in this process since it started (each is retried). */
    failedTries: (): number => failedTries,
    /** Stops delivering; a handler under way is given a short while to finish (its claim covers it otherwise). */
    async close(): Promise<void> {
      await loop.stop();
    },
  };
}

export type EventDispatcher = ReturnType<typeof createEventDispatcher>;
