import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/server/db/schema';
import { DEFAULT_DELIVERY_TIMING, retryDelayMs } from '../../../src/server/email/email-outbox';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { freePort, spawnServer } from '../../support/server-process';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { ADMIN, sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * The e-mail outbox delivers what was queued whatever happens after the application was stored:
 * a mail server that is down, a server closed or killed with SIGKILL before the mail went, and
 * (on PostgreSQL) several instances sharing one queue, one of them stalled mid-send. Runs on the
 * engine of the suite: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */

const CAREERS = 'careers@outbox.test.example';
const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
/** Generous: a start on a busy machine takes seconds. */
const DELIVERY = { timeout: 30_000, interval: 100 };
/** Each test starts servers (or a server process) and waits for deliveries: several polls long. */
const SERVERS_AND_DELIVERIES = 120_000;

let cvDataUrl: string;
let counter = 0;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  cvDataUrl = toDataUrl(await validPdf('Outbox Test CV'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data folder and (on PostgreSQL) a database that outlive one server, for the next one. */
async function ownStorage(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-outbox-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const scratch = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
  if (scratch) cleanups.push(() => scratch.drop());
  return { dataDir, databaseUrl: scratch?.url };
}

/** A test server stopped after the test unless the test stopped it already. */
async function serverForTest(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= server.stop());
  cleanups.push(stop);
  return { ...server, stop };
}

async function sinkForTest(): Promise<SmtpSink> {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.close());
  return sink;
}

/** A mail server that accepts connections and then never says a word: a send through it hangs. */
async function silentSmtpServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return { url: `smtp://127.0.0.1:${port}`, connections: () => connections, close };
}

async function call(
  url: string,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}/api${pathname}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function createJob(url: string): Promise<string> {
  const login = await call(url, 'POST', '/login', { body: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.status).toBe(200);
  const job = await call(url, 'POST', '/post', { token: login.body.token, body: sampleJob() });
  expect(job.status).toBe(201);
  return job.body.insertedId as string;
}

/** Applies as a fresh applicant; answers the applicant's address once the application is stored. */
async function apply(url: string, jobId: string): Promise<string> {
  counter++;
  const email = `outbox.applicant${counter}@example.com`;
  const saved = await call(url, 'POST', '/applications', {
    body: {
      name: `Outbox Applicant ${counter}`,
      email,
      phone: '07700 900123',
      about: `Cover letter ${counter}.`,
      jobId,
      pdfFile: cvDataUrl,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return email;
}

/** What the sink received, as "recipient: subject" lines, sorted. */
const received = (sink: SmtpSink) =>
  sink.messages.map((message) => `${message.envelope.to.join(',')}: ${message.parsed.subject}`).sort();

/** The two e-mails of each applicant, as `received` lists them (the notice names only the job). */
const expectedFor = (...applicants: string[]) =>
  applicants
    .flatMap((email) => [
      `${email}: We have received your application: Customer Service Advisor`,
      `${CAREERS}: New application for Customer Service Advisor`,
    ])
    .sort();

const queuedRows = (server: TestServer) => server.context.database.db.select().from(emailOutbox);

describe(`the e-mail outbox on ${engine}`, () => {
  it('waits exponentially longer between retries, up to a cap', () => {
    const delays = [1, 2, 3, 4, 10, 50].map((attempts) => retryDelayMs(attempts, DEFAULT_DELIVERY_TIMING));
    expect(delays.slice(0, 4)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(delays[4]).toBe(DEFAULT_DELIVERY_TIMING.maxRetryMs);
    expect(delays[5]).toBe(DEFAULT_DELIVERY_TIMING.maxRetryMs);
  });

  it(
    'delivers at the next start what a closed server could not send, and keeps a held message waiting',
    async () => {
      const storage = await ownStorage();
      const sink = await sinkForTest();
      await sink.pause();
      const env = { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS };
      // The first server tries once, then would wait an hour before trying again.
      const first = await serverForTest(env, {
        ...storage,
        emailDelivery: { firstRetryMs: 3_600_000, maxRetryMs: 3_600_000 },
      });
      const applicant = await apply(first.url, await createJob(first.url));
      await expect
        .poll(async () => (await queuedRows(first)).filter((row) => row.lastError !== null).length, DELIVERY)
        .toBe(2);
      // An interviewer's e-mail held for a later change (the default hold, minutes): a restart
      // hurries what failed, not what waits to be replaced (docs/operations.md#e-mail-delivery).
      const held = { to: 'held.interviewer@example.com', subject: 'Interview booked: held', text: 'Held.' };
      await first.context.outbox.enqueueHeld(first.context.database.db, [
        { key: 'interview:held', message: held, first: held },
      ]);
      await first.stop();

      await sink.resume();
      const second = await serverForTest(env, storage);
      await expect.poll(() => sink.messages.length, DELIVERY).toBe(2);
      expect(received(sink)).toEqual(expectedFor(applicant));
      await expect
        .poll(async () => (await queuedRows(second)).filter((row) => row.sentAt !== null).length, DELIVERY)
        .toBe(2);
      const [waiting] = (await queuedRows(second)).filter((row) => row.coalesceKey === 'interview:held');
      expect(waiting).toMatchObject({ sentAt: null, attempts: 0 });
      expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    },
    SERVERS_AND_DELIVERIES,
  );

  describe('a server process killed with SIGKILL', () => {
    // PGlite: killed in the middle of a send (nothing else can hold the embedded database, so the
    // next start takes the dead process's claims at once). PostgreSQL: killed while its messages
    // wait for a retry (a claim there is only given up after its lease, for other live instances).
    // The process starts before the test (a start through tsx on a busy machine takes most of a
    // minute); the test is the application, the kill and the next start.
    let storage: Awaited<ReturnType<typeof ownStorage>>;
    let sink: SmtpSink;
    let silent: Awaited<ReturnType<typeof silentSmtpServer>> | undefined;
    let child: Awaited<ReturnType<typeof spawnServer>>;
    beforeAll(async () => {
      storage = await ownStorage();
      sink = await sinkForTest();
      silent = baseUrl ? undefined : await silentSmtpServer();
      child = await spawnServer({
        DATA_DIR: storage.dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        CAREERS_MAILBOX: CAREERS,
        SMTP_URL: silent?.url ?? `smtp://127.0.0.1:${await freePort()}`,
        ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
      });
      cleanups.push(() => child.kill());
    }, SERVERS_AND_DELIVERIES);

    it(
      'delivers at the next start the mail it had not sent',
      async () => {
        const applicant = await apply(child.url, await createJob(child.url));

        if (silent) {
          const { connections } = silent;
          await expect.poll(() => connections(), DELIVERY).toBeGreaterThan(0);
        } else {
          const client = new pg.Client({ connectionString: storage.databaseUrl });
          await client.connect();
          try {
            const failedAndReleased = async () =>
              (
                await client.query<{ n: number }>(
                  'select count(*)::int as n from email_outbox where last_error is not null and claim_token is null',
                )
              ).rows[0]!.n;
            await expect.poll(failedAndReleased, DELIVERY).toBe(2);
          } finally {
            await client.end();
          }
        }
        expect(await child.kill()).toBe('SIGKILL');
        expect(sink.messages).toHaveLength(0);

        await serverForTest({ SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS }, storage);
        await expect.poll(() => sink.messages.length, DELIVERY).toBe(2);
        expect(received(sink)).toEqual(expectedFor(applicant));
      },
      SERVERS_AND_DELIVERIES,
    );
  });

  it(
    'gives a message up once it has waited too long, and says why',
    async () => {
      const sink = await sinkForTest();
      sink.refuseWith(554);
      const server = await serverForTest(
        { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS },
        // Long enough to try more than once even when a busy machine makes the first try slow.
        { emailDelivery: { firstRetryMs: 100, maxRetryMs: 200, giveUpAfterMs: 3000 } },
      );
      const jobId = await createJob(server.url);
      await apply(server.url, jobId);
      await expect
        .poll(async () => (await queuedRows(server)).filter((row) => row.failedAt !== null).length, DELIVERY)
        .toBe(2);
      for (const row of await queuedRows(server)) {
        expect(row.sentAt).toBeNull();
        expect(row.attempts).toBeGreaterThan(1);
        expect(row.lastError).toMatch(/554/);
      }
      sink.refuseWith(undefined);
      // A new application still goes: the given-up ones do not come back with it.
      const later = await apply(server.url, jobId);
      await expect.poll(() => sink.messages.length, DELIVERY).toBe(2);
      expect(received(sink)).toEqual(expectedFor(later));
    },
    SERVERS_AND_DELIVERIES,
  );
});

describe.skipIf(!baseUrl)('the e-mail outbox shared by instances on one PostgreSQL', () => {
  it(
    'sends a message claimed by a stalled instance once its lease ran out, and only once',
    async () => {
      const storage = await ownStorage();
      const sink = await sinkForTest();
      const silent = await silentSmtpServer();
      const stalled = await serverForTest(
        { SMTP_URL: silent.url, CAREERS_MAILBOX: CAREERS },
        { ...storage, emailDelivery: { leaseMs: 1500 } },
      );
      const jobId = await createJob(stalled.url);
      const applicant = await apply(stalled.url, jobId);
      await expect.poll(() => silent.connections(), DELIVERY).toBe(1);

      const healthy = await serverForTest(
        { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS },
        { ...storage, emailDelivery: { pollMs: 200 } },
      );
      await expect.poll(() => sink.messages.length, DELIVERY).toBe(2);
      expect(received(sink)).toEqual(expectedFor(applicant));

      // The stalled send now fails; what it records must not undo the other instance's delivery.
      await silent.close();
      await stalled.stop();
      const marker = await apply(healthy.url, jobId);
      await expect.poll(() => sink.messages.length, DELIVERY).toBeGreaterThanOrEqual(4);
      expect(received(sink)).toEqual(expectedFor(applicant, marker));
      const settled = async () =>
        (await queuedRows(healthy)).every((row) => row.sentAt !== null && row.claimToken === null);
      await expect.poll(settled, DELIVERY).toBe(true);
      expect(await queuedRows(healthy)).toHaveLength(4);
    },
    SERVERS_AND_DELIVERIES,
  );

  it(
    'two instances retrying the same queue send each message exactly once',
    async () => {
      const storage = await ownStorage();
      const sink = await sinkForTest();
      await sink.pause();
      const env = { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS };
      const timing = { emailDelivery: { firstRetryMs: 100, maxRetryMs: 200 } };
      const a = await serverForTest(env, { ...storage, ...timing });
      const b = await serverForTest(env, { ...storage, ...timing });
      const jobId = await createJob(a.url);
      const applicants: string[] = [];
      for (let i = 0; i < 4; i++) {
        applicants.push(await apply(a.url, jobId), await apply(b.url, jobId));
      }
      await expect
        .poll(async () => (await queuedRows(a)).filter((row) => row.attempts > 0).length, DELIVERY)
        .toBe(16);

      await sink.resume();
      await expect.poll(() => sink.messages.length, DELIVERY).toBeGreaterThanOrEqual(16);
      await a.stop();
      await b.stop();
      expect(received(sink)).toEqual(expectedFor(...applicants));
    },
    SERVERS_AND_DELIVERIES,
  );
});
