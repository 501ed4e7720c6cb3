import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/server/db/schema';
import { clientAddresses } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { sampleJob } from '../../support/test-server';

/**
 * Anyone can apply with anyone's address, so the confirmation e-mail is a message a stranger can
 * have the careers mailbox send. It is capped per recipient (3 an hour, 10 a day, across every
 * instance) and carries none of the text the stranger typed (docs/security.md). Over the real SMTP
 * listener, behind a trusted proxy so each application comes from an address of its own.
 */

const CAREERS = 'careers@caps.example';
const PUBLIC_URL = 'https://careers.caps.example';
/** Generous: the machine is shared, and a slow start must not fail a test. */
const DELIVERY = { timeout: 20_000, interval: 50 };
const SPAM_NAME = 'Dear Customer, your account is on hold. Verify now at https://evil.example/verify';

const { newIp, from } = clientAddresses();
let cvDataUrl: string;
let sink: SmtpSink;
let counter = 0;

beforeAll(async () => {
  cvDataUrl = toDataUrl(await validPdf());
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

const uniqueRecipient = (label: string) => `${label}.${Date.now()}.${++counter}@victim.example`;

/** A server with the given caps, mailing over SMTP, and a job to apply for. */
async function capsServer(
  caps: { confirmationsPerEmailPerHour: number; confirmationsPerEmailPerDay: number },
  options: { databaseUrl?: string } = {},
) {
  const server = await buildTestApp(
    { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS, PUBLIC_URL, TRUST_PROXY: '1' },
    {
      ...options,
      rateLimits: { applicationsPerMinute: 1000, lostLinkPerMinute: 1000, ...caps },
      emailDelivery: { firstRetryMs: 200, maxRetryMs: 1000 },
    },
  );
  const token = await server.adminToken();
  const jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId as string;
  return { server, jobId };
}

/** An application for `email` from an address of its own; answers its id. */
async function applyAs(server: TestApp, jobId: string, email: string, name = 'Ann Applicant') {
  const saved = await server.api('POST', '/applications', {
    body: { name, email, phone: '07700 900123', about: 'Hello.', jobId, pdfFile: cvDataUrl },
    headers: from(newIp()),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.insertedId as string;
}

const confirmationsTo = (email: string) =>
  sink.messages.filter((message) => message.envelope.to.includes(email));
/** The careers mailbox's notices of these applications, found by the link to each (all they name). */
const noticesAbout = (ids: string[]) =>
  sink.messages.filter(
    (message) =>
      message.envelope.to.includes(CAREERS) &&
      ids.some((id) => message.parsed.text?.includes(`/dashboard/application/${id}`)),
  );

/** Every notice of these applications delivered and nothing left in the outbox: no confirmation is still to come. */
async function settled(server: TestApp, ids: string[]) {
  await expect.poll(() => noticesAbout(ids).length, DELIVERY).toBe(ids.length);
  const { db } = server.context.database;
  await expect
    .poll(
      async () => (await db.select().from(emailOutbox).where(isNull(emailOutbox.sentAt))).length,
      DELIVERY,
    )
    .toBe(0);
}

describe('confirmations to one address', () => {
  let server: TestApp;
  let jobId: string;
  beforeAll(async () => {
    ({ server, jobId } = await capsServer({
      confirmationsPerEmailPerHour: 3,
      confirmationsPerEmailPerDay: 10,
    }));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('at most 3 an hour, whoever applies; every application is stored and the careers mailbox told', async () => {
    const victim = uniqueRecipient('hourly');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await applyAs(server, jobId, i === 4 ? victim.toUpperCase() : victim));
    await settled(server, ids);
    expect(confirmationsTo(victim)).toHaveLength(3);

    const token = await server.adminToken();
    for (const id of ids)
      expect((await server.api('GET', `/applications/${id}`, { token })).status).toBe(200);
    const held = noticesAbout(ids).filter((notice) =>
      notice.parsed.text?.includes('No confirmation was e-mailed to the applicant'),
    );
    expect(held).toHaveLength(2);
    expect(held[0]!.parsed.text).toContain(`${PUBLIC_URL}/privacy`);
  });

  it('greet the applicant without any text they typed, and so does a lost-link e-mail', async () => {
    const victim = uniqueRecipient('greeting');
    const id = await applyAs(server, jobId, victim, SPAM_NAME);
    await settled(server, [id]);
    const lost = await server.api('POST', '/my-application/lost-link', {
      body: { email: victim },
      headers: from(newIp()),
    });
    expect(lost.status).toBe(202);
    await expect.poll(() => confirmationsTo(victim).length, DELIVERY).toBe(2);

    for (const message of confirmationsTo(victim)) {
      const text = message.parsed.text!;
      expect(text.startsWith('Dear applicant,\n')).toBe(true);
      expect(message.raw).not.toContain('evil.example');
      expect(message.raw).not.toContain('on hold');
    }
    // Nor does the careers mailbox's notice: the name is read in the dashboard, not in an e-mail.
    const [notice] = noticesAbout([id]);
    expect(notice!.raw).not.toContain('evil.example');
    expect(notice!.raw).not.toContain('on hold');
  });
});

describe('confirmations to one address a day', () => {
  it('stop at the daily cap even while the hourly one has room', async () => {
    const { server, jobId } = await capsServer({
      confirmationsPerEmailPerHour: 1000,
      confirmationsPerEmailPerDay: 2,
    });
    try {
      const victim = uniqueRecipient('daily');
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await applyAs(server, jobId, victim));
      await settled(server, ids);
      expect(confirmationsTo(victim)).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });
});

const baseUrl = testDatabaseUrl();

describe.skipIf(!baseUrl)('confirmations to one address across two instances on one PostgreSQL', () => {
  it('share one cap: 3 an hour over both', async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    const caps = { confirmationsPerEmailPerHour: 3, confirmationsPerEmailPerDay: 10 };
    const a = await capsServer(caps, { databaseUrl: scratch.url });
    const b = await capsServer(caps, { databaseUrl: scratch.url });
    try {
      const victim = uniqueRecipient('shared');
      const ids: string[] = [];
      for (let i = 0; i < 4; i++)
        ids.push(await applyAs(i % 2 ? b.server : a.server, i % 2 ? b.jobId : a.jobId, victim));
      await settled(a.server, ids);
      expect(confirmationsTo(victim)).toHaveLength(3);
    } finally {
      await a.server.stop();
      await b.server.stop();
      await scratch.drop();
    }
  });
});
