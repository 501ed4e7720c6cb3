import pg from 'pg';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/database';
import {
  domainEventDeliveries,
  domainEventSubscribers,
  domainEvents,
  settings,
} from '../../../src/server/db/schema';
import { recordEvent } from '../../../src/server/events/record-event';
import type { EventHandler, EventTiming } from '../../../src/server/events/event-dispatcher';
import type { DomainEvent, RecordedEvent } from '../../../src/shared/events/domain-events';
import { apply, createJob, storeApplications } from '../../support/hiring';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * Domain events are recorded in the transaction of their change and delivered once to each
 * subscriber: never when the change rolled back, never twice after a handler committed, and
 * again after a crash once the claim's lease has run out. The first part runs on the suite's
 * engine; the second needs PostgreSQL, for two instances over one database.
 */

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
/** Short, so a crashed delivery is taken again within a second or two. */
const FAST: Partial<EventTiming> = { leaseMs: 1_500, firstRetryMs: 100, maxRetryMs: 500, pollMs: 100 };
const WAIT = { timeout: 20_000, interval: 50 };
const SERVERS = 90_000;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverForTest(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= server.stop());
  cleanups.push(stop);
  return { ...server, stop };
}

/** A subscriber that keeps what it is given, and counts each commit of its own in `settings`. */
function collector(label = 'only') {
  const heard: Array<RecordedEvent & { by: string }> = [];
  const handler =
    (by: string): EventHandler =>
    async (event, tx) => {
      await countCommit(tx, event.id);
      heard.push({ ...event, by });
    };
  return { heard, handler, default: handler(label) };
}

/** One more committed run for this event: the handler's own write, in its delivery's transaction. */
const countCommit = (tx: Db, eventId: string) =>
  tx
    .insert(settings)
    .values({ key: `event-test:${eventId}`, value: '1' })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`(${settings.value}::int + 1)::text` },
    });

const commitsOf = async (server: TestServer, eventId: string): Promise<number> => {
  const [row] = await server.context.database.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, `event-test:${eventId}`));
  return Number(row?.value ?? 0);
};

const of = <T extends RecordedEvent>(heard: T[], type: DomainEvent['type'], key: string, id: string): T[] =>
  heard.filter((event) => event.type === type && (event as Record<string, unknown>)[key] === id);

describe(`domain events on ${engine}`, () => {
  it(
    'delivers a published job to a subscriber once, and never an event whose transaction rolled back',
    { timeout: SERVERS },
    async () => {
      const alerts = collector();
      const server = await serverForTest(
        {},
        { domainEvents: FAST, eventSubscribers: { 'test-alerts': alerts.default } },
      );
      const db = server.context.database.db;

      const never = '00000000-0000-4000-8000-000000000001';
      await expect(
        db.transaction(async (tx) => {
          await recordEvent(tx, { type: 'job-published', jobId: never });
          throw new Error('the change fails after its event was recorded');
        }),
      ).rejects.toThrow('the change fails');

      const jobId = await createJob(server);
      await expect.poll(() => of(alerts.heard, 'job-published', 'jobId', jobId).length, WAIT).toBe(1);
      const [heard] = of(alerts.heard, 'job-published', 'jobId', jobId);
      expect(heard).toMatchObject({ type: 'job-published', jobId, by: 'only' });
      expect(heard!.recordedAt).toBeInstanceOf(Date);

      // Woken again and again, and past the lease: still once.
      for (let i = 0; i < 5; i++) server.context.events.wake();
      await new Promise((resolve) => setTimeout(resolve, FAST.leaseMs! + 500));
      expect(of(alerts.heard, 'job-published', 'jobId', jobId)).toHaveLength(1);
      expect(await commitsOf(server, heard!.id)).toBe(1);
      expect(alerts.heard.some((event) => 'jobId' in event && event.jobId === never)).toBe(false);
      expect(
        await db
          .select()
          .from(domainEvents)
          .where(sql`${domainEvents.payload}->>'jobId' = ${never}`),
      ).toEqual([]);
      // A subscriber hears only the types it names: the product's job alerts hear published
      // jobs, so a booking makes a delivery for this test's subscriber (every type) alone.
      const booked = '00000000-0000-4000-8000-000000000002';
      await db.transaction((tx) => recordEvent(tx, { type: 'interview-booked', applicationId: booked }));
      await expect
        .poll(() => of(alerts.heard, 'interview-booked', 'applicationId', booked).length, WAIT)
        .toBe(1);
      const bookedDeliveries = await db
        .select({ subscriber: domainEventDeliveries.subscriber })
        .from(domainEventDeliveries)
        .innerJoin(domainEvents, eq(domainEvents.id, domainEventDeliveries.eventId))
        .where(sql`${domainEvents.payload}->>'applicationId' = ${booked}`);
      expect(bookedDeliveries).toEqual([{ subscriber: 'test-alerts' }]);

      // Of this subscriber: the product's own (job alerts) get their delivery of it too.
      const [delivery] = await db
        .select()
        .from(domainEventDeliveries)
        .where(
          and(
            eq(domainEventDeliveries.eventId, heard!.id),
            eq(domainEventDeliveries.subscriber, 'test-alerts'),
          ),
        );
      expect(delivery).toMatchObject({ subscriber: 'test-alerts', attempts: 1, claimToken: null });
      expect(delivery!.deliveredAt).toBeInstanceOf(Date);
    },
  );

  it(
    'records the jobs, applications and stage moves as they happen, ids and stages only',
    { timeout: SERVERS },
    async () => {
      const alerts = collector();
      const server = await serverForTest(
        {},
        { domainEvents: FAST, eventSubscribers: { 'test-alerts': alerts.default } },
      );
      const token = await server.adminToken();

      const jobId = await createJob(server);
      const applicationId = await apply(server, jobId);
      const bulk = await storeApplications(server, jobId, 3, 'events');
      const moved = await server.api('POST', '/applications/stage', {
        token,
        body: { ids: [applicationId, ...bulk], stage: 'shortlisted' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const deleted = await server.api('DELETE', `/post/${jobId}`, { token });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

      await expect.poll(() => of(alerts.heard, 'job-deleted', 'jobId', jobId).length, WAIT).toBe(1);
      await expect
        .poll(() => alerts.heard.filter((event) => event.type === 'stage-changed').length, WAIT)
        .toBe(4);
      expect(of(alerts.heard, 'application-received', 'applicationId', applicationId)).toEqual([
        expect.objectContaining({ type: 'application-received', applicationId, jobId }),
      ]);
      for (const id of [applicationId, ...bulk]) {
        expect(of(alerts.heard, 'stage-changed', 'applicationId', id)).toEqual([
          expect.objectContaining({ from: 'new', to: 'shortlisted' }),
        ]);
      }
      // Nothing personal: every payload is ids and stages.
      const payloads = await server.context.database.db
        .select({ payload: domainEvents.payload })
        .from(domainEvents);
      for (const { payload } of payloads) {
        for (const key of Object.keys(payload))
          expect(['jobId', 'applicationId', 'from', 'to']).toContain(key);
      }
    },
  );

  it('closes and reopens a job by its closing date, each once', { timeout: SERVERS }, async () => {
    const alerts = collector();
    const server = await serverForTest(
      {},
      { domainEvents: FAST, eventSubscribers: { 'test-alerts': alerts.default } },
    );
    const token = await server.adminToken();
    const jobId = await createJob(server);
    // Straight in the database: the API refuses a closing date in the past.
    await server.context.jobs.update(jobId, { closingDate: '2020-01-01' });
    await server.context.jobs.update(jobId, { jobTitle: 'Still closed' });
    await server.context.jobs.update(jobId, { closingDate: null });
    expect(
      (await server.api('PUT', `/post/${jobId}`, { token, body: { jobTitle: 'Open again' } })).status,
    ).toBe(200);
    await expect.poll(() => of(alerts.heard, 'job-published', 'jobId', jobId).length, WAIT).toBe(2);
    expect(of(alerts.heard, 'job-closed', 'jobId', jobId)).toHaveLength(1);
  });

  it(
    'delivers again, once, an event whose handler failed, its writes rolled back',
    { timeout: SERVERS },
    async () => {
      let failures = 0;
      const alerts = collector();
      const flaky: EventHandler = async (event, tx) => {
        await countCommit(tx, event.id);
        if (event.type === 'job-published' && failures < 2) {
          failures++;
          throw new Error('the report store is down');
        }
        await alerts.default(event, tx);
      };
      const server = await serverForTest(
        {},
        { domainEvents: FAST, eventSubscribers: { 'test-reports': flaky } },
      );
      const jobId = await createJob(server);
      await expect.poll(() => of(alerts.heard, 'job-published', 'jobId', jobId).length, WAIT).toBe(1);
      const [heard] = of(alerts.heard, 'job-published', 'jobId', jobId);
      // The failed runs' writes rolled back with them; the handler's own count and the one in
      // `collector` commit together with the delivered mark, once.
      expect(await commitsOf(server, heard!.id)).toBe(2);
      expect(failures).toBe(2);
      expect(server.context.events.failedTries()).toBe(2);
    },
  );
});

describe(`pruning domain events on ${engine}`, () => {
  it(
    'deletes delivered events after the retention, and drops a subscriber no instance runs with its deliveries',
    { timeout: SERVERS },
    async () => {
      const alerts = collector();
      const server = await serverForTest(
        {},
        {
          domainEvents: { ...FAST, keepDeliveredMs: 1_000, pruneEveryMs: 100 },
          eventSubscribers: { 'test-alerts': alerts.default },
        },
      );
      const db = server.context.database.db;
      // Taken out of the code long ago: its deliveries would wait for ever.
      await db
        .insert(domainEventSubscribers)
        .values({ name: 'retired', seenAt: new Date(Date.now() - 60_000) });
      const jobId = await createJob(server);
      await expect.poll(() => of(alerts.heard, 'job-published', 'jobId', jobId).length, WAIT).toBe(1);
      const [heard] = of(alerts.heard, 'job-published', 'jobId', jobId);
      await expect
        .poll(
          async () => (await db.select().from(domainEvents).where(eq(domainEvents.id, heard!.id))).length,
          WAIT,
        )
        .toBe(0);
      // The retired subscriber is gone; the running ones (this test's and the product's) stay.
      expect((await db.select().from(domainEventSubscribers)).map((row) => row.name).sort()).toEqual([
        'job-alerts',
        'reports',
        'test-alerts',
      ]);
      expect(
        await db
          .select()
          .from(domainEventDeliveries)
          .where(inArray(domainEventDeliveries.subscriber, ['test-alerts', 'retired'])),
      ).toEqual([]);
    },
  );
});

describe(`domain events in batches on ${engine}`, () => {
  it('hands a batch subscriber the events of one change at once, and each on its own when the batch fails', async () => {
    const batches: string[][] = [];
    const one: string[] = [];
    const poison = '00000000-0000-4000-8000-00000000dead';
    const handle: EventHandler = async (event, tx) => {
      if ('applicationId' in event && event.applicationId === poison) throw new Error('cannot handle it');
      await countCommit(tx, event.id);
      one.push(event.id);
    };
    const handleBatch = async (events: readonly RecordedEvent[], tx: Db) => {
      batches.push(events.map((event) => event.id));
      if (events.some((event) => 'applicationId' in event && event.applicationId === poison))
        throw new Error('a batch with the bad one');
      for (const event of events) await countCommit(tx, event.id);
    };
    const server = await serverForTest(
      {},
      { domainEvents: FAST, eventSubscribers: { 'test-batch': { handle, handleBatch } } },
    );
    const db = server.context.database.db;
    const booking = (applicationId: string) => ({ type: 'interview-booked' as const, applicationId });
    const recordAll = (ids: string[]) =>
      db.transaction(async (tx) => {
        for (const id of ids) await recordEvent(tx, booking(id));
      });
    const good = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
    await recordAll([...good, '00000000-0000-4000-8000-00000000000c']);
    server.context.events.wake();
    const idsOf = async (applicationIds: string[]) =>
      (
        await db
          .select({ id: domainEvents.id })
          .from(domainEvents)
          .where(inArray(sql`${domainEvents.payload}->>'applicationId'`, applicationIds))
      ).map((row) => row.id);
    const first = await idsOf([...good, '00000000-0000-4000-8000-00000000000c']);
    // One change's three events: one batch, each committed once.
    await expect
      .poll(async () => Promise.all(first.map((id) => commitsOf(server, id))), WAIT)
      .toEqual([1, 1, 1]);
    expect(batches.some((batch) => batch.length === 3)).toBe(true);

    await recordAll([good[0]!, poison, good[1]!]);
    server.context.events.wake();
    const second = await idsOf([good[0]!, good[1]!]);
    const fresh = second.filter((id) => !first.includes(id));
    // The batch failed; the two good events went on their own, once each; the bad one waits.
    await expect
      .poll(async () => Promise.all(fresh.map((id) => commitsOf(server, id))), WAIT)
      .toEqual([1, 1]);
    expect(fresh.every((id) => one.includes(id))).toBe(true);
    const [bad] = await idsOf([poison]);
    // Its failure is written in a transaction of its own, which may end after the good ones'.
    const waiting = async () =>
      (
        await db
          .select()
          .from(domainEventDeliveries)
          .where(
            and(eq(domainEventDeliveries.eventId, bad!), eq(domainEventDeliveries.subscriber, 'test-batch')),
          )
      )[0];
    await expect.poll(waiting, WAIT).toMatchObject({ deliveredAt: null, lastError: 'cannot handle it' });
  });
});

describe.skipIf(!baseUrl)(
  'domain events with two instances on one PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    async function sharedDatabase(): Promise<string> {
      const scratch = await createScratchDatabase(baseUrl!);
      cleanups.push(() => scratch.drop());
      return scratch.url;
    }

    it(
      'delivers each job published on either instance exactly once across both',
      { timeout: SERVERS },
      async () => {
        const databaseUrl = await sharedDatabase();
        const alerts = collector();
        const [a, b] = [
          await serverForTest(
            {},
            { databaseUrl, domainEvents: FAST, eventSubscribers: { 'test-alerts': alerts.handler('a') } },
          ),
          await serverForTest(
            {},
            { databaseUrl, domainEvents: FAST, eventSubscribers: { 'test-alerts': alerts.handler('b') } },
          ),
        ];
        const jobIds = await Promise.all(
          Array.from({ length: 12 }, (_, i) => createJob(i % 2 ? a : b, { jobTitle: `Job ${i}` })),
        );
        for (const jobId of jobIds) {
          await expect.poll(() => of(alerts.heard, 'job-published', 'jobId', jobId).length, WAIT).toBe(1);
        }
        await new Promise((resolve) => setTimeout(resolve, FAST.leaseMs! + 500));
        for (const jobId of jobIds) {
          const [heard] = of(alerts.heard, 'job-published', 'jobId', jobId);
          expect(of(alerts.heard, 'job-published', 'jobId', jobId)).toHaveLength(1);
          expect(await commitsOf(a, heard!.id)).toBe(1);
        }
      },
    );

    it(
      'delivers, once, an event committed while no dispatcher ran (stopped before delivering)',
      { timeout: SERVERS },
      async () => {
        const databaseUrl = await sharedDatabase();
        const alerts = collector();
        const a = await serverForTest(
          {},
          { databaseUrl, domainEvents: FAST, eventSubscribers: { 'test-alerts': alerts.handler('a') } },
        );
        // The instance goes on serving, but its dispatcher is gone, as if it died after the commit.
        await a.context.events.close();
        const jobId = await createJob(a);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(of(alerts.heard, 'job-published', 'jobId', jobId)).toHaveLength(0);
        const [pending] = await a.context.database.db
          .select()
          .from(domainEventDeliveries)
          .where(
            and(
              eq(domainEventDeliveries.subscriber, 'test-alerts'),
              isNull(domainEventDeliveries.deliveredAt),
            ),
          );
        expect(pending).toBeDefined();

        await serverForTest(
          {},
          { databaseUrl, domainEvents: FAST, eventSubscribers: { 'test-alerts': alerts.handler('b') } },
        );
        await expect.poll(() => of(alerts.heard, 'job-published', 'jobId', jobId).length, WAIT).toBe(1);
        expect(of(alerts.heard, 'job-published', 'jobId', jobId)[0]!.by).toBe('b');
      },
    );

    it(
      'delivers, once, an event whose instance died mid-handler, after its lease',
      { timeout: SERVERS },
      async () => {
        const databaseUrl = await sharedDatabase();
        const alerts = collector();
        let release: () => void = () => undefined;
        const stalled = new Promise<void>((resolve) => (release = resolve));
        let stalls = 0;
        let stalledBy = '';
        /**
         * The first run hangs with its transaction open, as a process stopped dead mid-handler:
         * whichever instance claims it first (each also delivers the product's own subscribers).
         */
        const handler =
          (by: string): EventHandler =>
          async (event, tx) => {
            if (event.type === 'job-published' && stalls++ === 0) {
              stalledBy = by;
              await countCommit(tx, event.id);
              await stalled;
            }
            await alerts.handler(by)(event, tx);
          };
        const a = await serverForTest(
          {},
          { databaseUrl, domainEvents: FAST, eventSubscribers: { 'test-alerts': handler('a') } },
        );
        const b = await serverForTest(
          {},
          { databaseUrl, domainEvents: FAST, eventSubscribers: { 'test-alerts': handler('b') } },
        );
        const jobId = await createJob(a);
        await expect.poll(() => stalls, WAIT).toBe(1);

        // The stalled run's connection is cut, as the database does when its process dies: its
        // transaction rolls back, and the claim (committed before) holds the delivery until its lease ends.
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        await expect
          .poll(async () => {
            const cut = await admin.query(
              `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`,
            );
            return cut.rowCount;
          }, WAIT)
          .toBeGreaterThan(0);
        await admin.end();

        // The other instance takes it once the lease is over; the stalled one is still stuck.
        await expect.poll(() => of(alerts.heard, 'job-published', 'jobId', jobId).length, WAIT).toBe(1);
        const [heard] = of(alerts.heard, 'job-published', 'jobId', jobId);
        expect(heard!.by).toBe(stalledBy === 'a' ? 'b' : 'a');
        // Its transaction gone, the stalled run ends in an error and finds its claim taken: nothing more.
        release();
        await new Promise((resolve) => setTimeout(resolve, FAST.leaseMs! + 500));
        expect(of(alerts.heard, 'job-published', 'jobId', jobId)).toHaveLength(1);
        // The stalled run's write went with its transaction: one commit, the delivery's.
        expect(await commitsOf(b, heard!.id)).toBe(1);
        const [delivery] = await b.context.database.db
          .select()
          .from(domainEventDeliveries)
          .where(
            and(
              eq(domainEventDeliveries.eventId, heard!.id),
              eq(domainEventDeliveries.subscriber, 'test-alerts'),
            ),
          );
        expect(delivery!.attempts).toBe(2);
        expect(delivery!.deliveredAt).toBeInstanceOf(Date);
      },
    );
  },
);
