import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/server/db/schema';
import { applicationDigest } from '../../../src/server/erasures/erasure-log';
import { runAlerts } from '../../../src/server/job-alerts/job-alert-run';
import { askIdle } from '../../../src/server/job-alerts/job-alert-upkeep';
import { createJobAlertRepository } from '../../../src/server/job-alerts/job-alerts-repository';
import { jobAlertPostings, jobAlerts } from '../../../src/server/job-alerts/job-alerts-tables';
import {
  ALERTS_PER_ADDRESS,
  CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  jobAlertMessages,
} from '../../../src/shared/job-alerts/job-alerts-contract';
import { toPublicJob } from '../../../src/shared/jobs/job-contract';
import { messages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';

/**
 * Job alerts (docs/behaviour.md#job-alerts): the double opt-in through a real SMTP listener, the
 * alert e-mail with its one-click unsubscribe (RFC 8058), dead links, the caps, and a run that
 * crashes part way and is run again.
 */
const PUBLIC_URL = 'https://careers.example.co.uk';
const DELIVERY = { timeout: 15_000, interval: 50 };
const CONFIRM_LINK = /\/job-alerts\/confirm\/([A-Za-z0-9_-]{43})/;

let sink: SmtpSink;
let server: TestApp;
const webDir = fakeWebBuild();
let counter = 0;
const address = (label: string) => `alert-${label}-${++counter}@example.com`;
beforeAll(async () => {
  sink = await startSmtpSink();
  // Behind a trusted proxy, so the plain form's sign-ups count against a client address of their own.
  server = await buildTestApp(
    { SMTP_URL: sink.url, PUBLIC_URL, WEB_DIST_DIR: webDir, TRUST_PROXY: '1' },
    { serveWeb: true },
  );
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await sink?.close();
  removeFakeWebBuild(webDir);
});

async function createJob(jobTitle: string): Promise<string> {
  const posted = await server.api('POST', '/post', {
    token: await server.adminToken(),
    body: sampleJob({ jobTitle }),
  });
  expect(posted.status).toBe(201);
  return posted.body.insertedId as string;
}
/** What a browser sends: it names HTML, and takes anything else at a lower weight. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** A page's heading as the server writes it into its <title>, and the words the page says, in its data. */
const pageOf = (answer: { headers: Headers; bytes: Buffer }) => {
  expect(answer.headers.get('content-type')).toContain('text/html');
  return answer.bytes.toString('utf8');
};
const mailsTo = (to: string) => sink.messages.filter((mail) => mail.envelope.to.includes(to));
const signUp = (email: string, query: string, frequency = 'instant') =>
  server.api('POST', '/job-alerts', { body: { email, query, frequency } });
async function confirmationToken(email: string): Promise<string> {
  await expect.poll(() => mailsTo(email).length, DELIVERY).toBe(1);
  return CONFIRM_LINK.exec(mailsTo(email)[0]!.parsed.text!)![1]!;
}

describe('job alerts', () => {
  it('confirms by the e-mailed link, sends one alert for the one matching job, and ends with one click', async () => {
    const email = address('journey');
    const signed = await signUp(email, '?q=underwriting&type=full-time');
    expect(signed.status).toBe(202);
    expect(signed.body.message).toBe(jobAlertMessages.signedUp);
    const token = await confirmationToken(email);
    const confirmation = mailsTo(email)[0]!.parsed.text!;
    // Only known filter values: never the words typed into the search box.
    expect(confirmation).toContain('Full-time jobs matching the words you searched for');
    expect(confirmation).not.toContain('underwriting');

    expect((await server.api('POST', `/job-alerts/confirm/${token}`)).body.message).toBe(
      jobAlertMessages.confirmed,
    );
    const reused = await server.api('POST', `/job-alerts/confirm/${token}`);
    expect([reused.status, reused.body.message]).toEqual([200, jobAlertMessages.alreadyConfirmed]);

    // The same search again: the same answer, and no second alert or e-mail.
    expect((await signUp(email, '?q=underwriting&type=full-time')).status).toBe(202);
    expect(
      await server.context.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email)),
    ).toHaveLength(1);

    const matching = await createJob('Underwriting Assistant');
    const other = await createJob('Claims Handler');
    await expect.poll(() => mailsTo(email).length, DELIVERY).toBe(2);
    const alert = mailsTo(email)[1]!;
    expect(alert.parsed.subject).toBe('New job: Underwriting Assistant');
    expect(alert.parsed.text).toContain(`${PUBLIC_URL}/apply/${matching}`);
    expect(alert.parsed.text).not.toContain(other);
    const header = (name: string) => alert.parsed.headers.find((entry) => entry.key === name)?.value;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe =
      /^<https:\/\/careers\.example\.co\.uk\/api(\/job-alerts\/unsubscribe\/[A-Za-z0-9_-]{43})>$/.exec(
        header('list-unsubscribe')!.replace(/\s+/g, ''),
      );
    expect(unsubscribe).not.toBeNull();
    const manageToken = unsubscribe![1]!.split('/')[3]!;
    expect(alert.parsed.text).toContain(`${PUBLIC_URL}/job-alerts/manage/${manageToken}`);

    // Pasted into a browser, the address opens a page whose one button POSTs to it; an API client
    // reading it hears that only a POST unsubscribes; neither ends the alert (mail scanners read links).
    const opened = await server.api('GET', unsubscribe![1]!, { headers: { accept: BROWSER } });
    expect(opened.status).toBe(200);
    const openedPage = pageOf(opened);
    expect(openedPage).toContain(`<title>${jobAlertMessages.unsubscribeTitle} |`);
    expect(openedPage).toContain(jobAlertMessages.unsubscribeAsk);
    expect(openedPage).toContain(`"action":"/api${unsubscribe![1]!}"`);
    const read = await server.api('GET', unsubscribe![1]!);
    expect([read.status, read.body.message]).toEqual([405, jobAlertMessages.unsubscribeByPost]);
    expect(read.headers.get('allow')).toBe('POST');
    expect((await server.api('GET', `/job-alerts/${manageToken}`)).body.status).toBe('active');

    const oneClick = {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    const ended = await server.api('POST', unsubscribe![1]!, oneClick);
    expect([ended.status, ended.body.message]).toEqual([200, jobAlertMessages.unsubscribed]);
    expect((await server.api('GET', `/job-alerts/${manageToken}`)).body.status).toBe('ended');
    // Logged as it ended, by a digest of its id alone, so a restore of an older backup keeps it ended.
    const [ended1] = await server.context.database.db
      .select({ id: jobAlerts.id })
      .from(jobAlerts)
      .where(eq(jobAlerts.email, email));
    const logged = readFileSync(server.context.config.erasureLog, 'utf8');
    expect(logged).toContain(`"alert":"${applicationDigest(ended1!.id)}"`);
    expect(logged).not.toContain(email);
    // Again, from the page's button this time (a browser gets a page), and for a link that opens
    // nothing: an unsubscribe never fails.
    const pressed = await server.api('POST', unsubscribe![1]!, {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER },
    });
    expect(pressed.status).toBe(200);
    expect(pageOf(pressed)).toContain(`<title>${jobAlertMessages.unsubscribedTitle} |`);
    expect((await server.api('POST', `/job-alerts/unsubscribe/${'x'.repeat(43)}`, oneClick)).status).toBe(
      200,
    );
    // Nothing more once it has ended: the next matching job is recorded, and this alert not written.
    const later = await createJob('Senior Underwriting Assistant');
    await expect
      .poll(async () => {
        const rows = await server.context.database.db
          .select()
          .from(jobAlertPostings)
          .where(eq(jobAlertPostings.jobId, later));
        return rows.length;
      }, DELIVERY)
      .toBe(1);
    await runAlerts(deps(), 'instant');
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('answers an expired, used or unknown confirmation link with words, and a browser with the page', async () => {
    const email = address('expired');
    expect((await signUp(email, '', 'weekly')).status).toBe(202);
    const token = await confirmationToken(email);
    await server.context.database.db
      .update(jobAlerts)
      .set({ confirmSentAt: sql`now() - interval '4 days'` })
      .where(eq(jobAlerts.email, email));
    const expired = await server.api('POST', `/job-alerts/confirm/${token}`);
    expect([expired.status, expired.body.message]).toEqual([410, jobAlertMessages.confirmExpired]);
    const unknown = await server.api('POST', `/job-alerts/confirm/${'y'.repeat(43)}`);
    expect([unknown.status, unknown.body.message]).toEqual([404, jobAlertMessages.linkUnknown]);
    expect((await server.api('GET', `/job-alerts/${'y'.repeat(43)}`)).status).toBe(404);
    for (const page of [`/job-alerts/confirm/${token}`, `/job-alerts/manage/${'y'.repeat(43)}`]) {
      const answer = await server.request('GET', page);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(answer.headers.get('x-robots-tag')).toContain('noindex');
    }
  });

  it("are in the address's access export and go with its erasure", async () => {
    const email = address('subject');
    expect((await signUp(email, '?workplace=remote', 'weekly')).status).toBe(202);
    const token = await server.adminToken();
    const path = `/applicants/${encodeURIComponent(email)}`;
    const exported = await server.api('GET', `${path}/export`, { token });
    expect(exported.status).toBe(200);
    expect(exported.body.jobAlerts).toEqual([
      expect.objectContaining({ query: '?workplace=remote', frequency: 'weekly', status: 'unconfirmed' }),
    ]);
    expect((await server.api('DELETE', path, { token })).status).toBe(200);
    expect(
      await server.context.database.db.select().from(jobAlerts).where(eq(jobAlerts.email, email)),
    ).toEqual([]);
    expect((await server.api('GET', `${path}/export`, { token })).status).toBe(404);
  });

  it('asks once after a year without a click, and ends the alert when the question goes unanswered', async () => {
    const db = server.context.database.db;
    const email = address('idle');
    const yearAgo = new Date(Date.now() - 400 * 86_400_000);
    await db.insert(jobAlerts).values({
      email,
      query: '',
      frequency: 'weekly',
      status: 'active',
      confirmedAt: yearAgo,
      lastClickAt: yearAgo,
    });
    const alerts = createJobAlertRepository(db);
    await askIdle(deps(), alerts);
    await askIdle(deps(), alerts);
    const asked = await db
      .select({ subject: emailOutbox.subject, headers: emailOutbox.headers })
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, email));
    expect(asked).toEqual([
      {
        subject: 'Do you still want your job alert?',
        headers: expect.objectContaining({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
      },
    ]);
    await db
      .update(jobAlerts)
      .set({ keepAskedAt: sql`now() - interval '31 days'` })
      .where(eq(jobAlerts.email, email));
    await alerts.endUnanswered();
    const [ended] = await db
      .select({ status: jobAlerts.status })
      .from(jobAlerts)
      .where(eq(jobAlerts.email, email));
    expect(ended!.status).toBe('ended');
  });

  it('takes the sign-up as a plain form without the app, answering a browser with pages in words', async () => {
    const email = address('plain');
    const send = (fields: Record<string, string>) =>
      server.api('POST', '/job-alerts', {
        body: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: BROWSER,
          'x-forwarded-for': '203.0.113.51',
        },
      });

    const bad = await send({ email: 'not an address', query: '', frequency: 'daily' });
    expect(bad.status).toBe(400);
    const badPage = pageOf(bad);
    expect(badPage).toContain(`<title>${jobAlertMessages.signUpRefusedTitle} |`);
    expect(badPage).toContain(messages.emailInvalid);

    const sent = await send({ email, query: '?workplace=remote', frequency: 'weekly' });
    expect(sent.status).toBe(202);
    const sentPage = pageOf(sent);
    expect(sentPage).toContain(`<title>${jobAlertMessages.signedUpTitle} |`);
    expect(sentPage).toContain(jobAlertMessages.signedUp);
    await confirmationToken(email);
    expect(
      await server.context.database.db
        .select({ query: jobAlerts.query, frequency: jobAlerts.frequency })
        .from(jobAlerts)
        .where(eq(jobAlerts.email, email)),
    ).toEqual([{ query: '?workplace=remote', frequency: 'weekly' }]);

    // The API's caps, said on a page: a fourth confirmation to one address in a day.
    for (const query of ['?workplace=hybrid', '?workplace=office'])
      expect((await send({ email, query, frequency: 'daily' })).status).toBe(202);
    const capped = await send({ email, query: '?type=full-time', frequency: 'daily' });
    expect(capped.status).toBe(429);
    expect(pageOf(capped)).toContain(jobAlertMessages.tooManyConfirmations);
  });

  it('caps confirmations and alerts per address, and sign-ups per client, in words with 429', async () => {
    const email = address('capped');
    for (let sent = 0; sent < CONFIRMATIONS_PER_ADDRESS_PER_DAY; sent++)
      expect((await signUp(email, '', 'daily')).status).toBe(202);
    const refused = await signUp(email, '', 'daily');
    expect([refused.status, refused.body.message]).toEqual([429, jobAlertMessages.tooManyConfirmations]);

    const full = address('full');
    await server.context.database.db.insert(jobAlerts).values(
      Array.from({ length: ALERTS_PER_ADDRESS }, () => ({
        email: full,
        query: '',
        frequency: 'weekly' as const,
        status: 'active' as const,
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })),
    );
    const tooMany = await signUp(full, '', 'daily');
    expect([tooMany.status, tooMany.body.message]).toEqual([429, jobAlertMessages.tooManyAlerts]);

    let answer = await signUp(address('client'), '');
    for (let tries = 0; answer.status === 202 && tries < 20; tries++)
      answer = await signUp(address('client'), '');
    expect([answer.status, answer.body.message]).toEqual([429, jobAlertMessages.tooManySignUps]);
    expect(answer.headers.get('retry-after')).toBeTruthy();
  });

  it('sends each due alert exactly once when a run crashes part way and is run again', async () => {
    const db = server.context.database.db;
    const job = await createJob('Pricing Analyst');
    const [posting] = await db
      .insert(jobAlertPostings)
      .values({ jobId: job })
      .returning({ seq: jobAlertPostings.seq });
    const emails = Array.from({ length: 5 }, () => address('digest'));
    await db.insert(jobAlerts).values(
      emails.map((email) => ({
        email,
        query: '?q=pricing',
        frequency: 'daily' as const,
        status: 'active' as const,
        coveredSeq: posting!.seq - 1,
        // Sent up to now: due only for the runs below, which run two days ahead, and never for the
        // server's own runs meanwhile.
        coveredAt: new Date(),
      })),
    );
    const later = new Date(Date.now() + 2 * 86_400_000);
    const crash = new Error('the process died');
    await expect(
      runAlerts(deps(), 'daily', {
        now: later,
        batchSize: 2,
        afterBatch: (batch) => {
          if (batch === 1) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    await runAlerts(deps(), 'daily', { now: later, batchSize: 2 });
    await runAlerts(deps(), 'daily', { now: later, batchSize: 2 });
    const queued = await db
      .select({ recipient: emailOutbox.recipient, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(inArray(emailOutbox.recipient, emails));
    expect(queued.map((row) => row.recipient).sort()).toEqual([...emails].sort());
    expect(new Set(queued.map((row) => row.subject))).toEqual(new Set(['New job: Pricing Analyst']));
  });
});

const deps = () => ({
  db: server.context.database.db,
  mail: server.context.mail,
  openJobs: async () => (await server.context.jobs.list()).map(toPublicJob),
});
