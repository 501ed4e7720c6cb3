import { and, count, isNull } from 'drizzle-orm';
import type { Address } from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/server/db/schema';
import { messages } from '../../../src/shared/messages';
import { defaultReplyTemplates, replyPlaceholders } from '../../../src/shared/applications/reply-contract';
import { siteConfig } from '../../../src/shared/site/site-config';
import { testDatabaseUrl } from '../../support/postgres';
import { startSmtpSink, type DeliveredMessage, type SmtpSink } from '../../support/smtp-sink';
import { ADMIN, startTestServer, type TestServer } from '../../support/test-server';
import { A_REJECTION_REASON, apply, auditTrail, createJob } from '../../support/hiring';

/**
 * Replies to applicants: their templates (saved, refused, restored), the preview, and the
 * e-mails themselves, delivered to a real SMTP listener: to the stored address only, a rejection
 * at most once, an interview invitation, each from the template in force.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
const CAREERS = 'careers@replies.test.example';
const PUBLIC_URL = 'https://careers.replies.test.example';
const COMPANY = siteConfig.legalName;
const JOB = 'Customer Service Advisor';
/** Generous: the machine is shared, and a slow start must not fail a test. */
const DELIVERY = { timeout: 20_000, interval: 50 };
const CONFIRMATION = 'We have received your application';

let sink: SmtpSink;
let server: TestServer;
let token: string;
let jobId: string;

const addressOf = (address: Address | undefined) =>
  address && 'address' in address ? address.address : undefined;

/** What reached the sink for this address, besides the confirmation of the application. */
const repliesTo = (email: string): DeliveredMessage[] =>
  sink.messages.filter(
    (message) => message.envelope.to.includes(email) && !message.parsed.subject?.startsWith(CONFIRMATION),
  );

/** Waits until the outbox has nothing left to send, so "nothing more arrived" means something. */
async function settled(): Promise<void> {
  await expect
    .poll(async () => {
      const [row] = await server.context.database.db
        .select({ n: count() })
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt)));
      return row!.n;
    }, DELIVERY)
    .toBe(0);
}

const move = (id: string, body: unknown) => server.api('PUT', `/applications/${id}/stage`, { token, body });
const preview = (id: string, kind: string) =>
  server.api('GET', `/applications/${id}/reply/${kind}`, { token });
const saveTemplate = (kind: string, body: unknown) =>
  server.api('PUT', `/reply-templates/${kind}`, { token, body });
const templates = async () => (await server.api('GET', '/reply-templates', { token })).body;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer(
    { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS, PUBLIC_URL },
    { emailDelivery: { firstRetryMs: 200, maxRetryMs: 1000 } },
  );
  token = await server.adminToken();
  jobId = await createJob(server);
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});
beforeEach(async () => {
  // Every test starts from the product's wording.
  for (const kind of ['rejection', 'interview'])
    await server.api('DELETE', `/reply-templates/${kind}`, { token });
});

describe(`reply templates on ${engine}`, () => {
  it('answers the defaults until the admins write their own', async () => {
    expect(await templates()).toEqual([
      {
        kind: 'rejection',
        ...defaultReplyTemplates.rejection,
        custom: false,
        updatedAt: null,
        updatedBy: null,
      },
      {
        kind: 'interview',
        ...defaultReplyTemplates.interview,
        custom: false,
        updatedAt: null,
        updatedBy: null,
      },
    ]);
  });

  it('saves a template with who and when, and restores the default', async () => {
    const before = Date.now();
    const saved = await saveTemplate('rejection', {
      subject: '  About {jobTitle}  ',
      body: 'Hello {firstName}, thank you for applying to {companyName}.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      kind: 'rejection',
      subject: 'About {jobTitle}',
      body: 'Hello {firstName}, thank you for applying to {companyName}.',
      custom: true,
      updatedAt: expect.any(String),
      updatedBy: ADMIN.email,
    });
    expect(Date.parse(saved.body.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    const listed = await templates();
    expect(listed[0]).toEqual(saved.body);
    expect(listed[1]).toMatchObject({ kind: 'interview', custom: false });

    const restored = await server.api('DELETE', '/reply-templates/rejection', { token });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({
      kind: 'rejection',
      ...defaultReplyTemplates.rejection,
      custom: false,
      updatedAt: null,
      updatedBy: null,
    });
    expect((await templates())[0]).toEqual(restored.body);
  });

  it.each([
    [
      'an unknown placeholder in the body',
      { subject: 'Hello', body: 'Your salary would have been {salary}.' },
      `Unknown placeholder {salary}. Use ${replyPlaceholders.map((name) => `{${name}}`).join(', ')}.`,
    ],
    [
      'an unknown placeholder in the subject',
      { subject: 'For {name}', body: 'Hello.' },
      `Unknown placeholder {name}. Use ${replyPlaceholders.map((name) => `{${name}}`).join(', ')}.`,
    ],
    ['a subject on two lines', { subject: 'One\nTwo', body: 'Hello.' }, 'The subject must be one line.'],
    ['a blank message', { subject: 'Hello', body: '   ' }, 'A message is required.'],
    ['no subject', { body: 'Hello.' }, 'A subject is required.'],
  ])('refuses %s with 400, keeping the template in force', async (_label, body, message) => {
    await saveTemplate('interview', { subject: 'Kept', body: 'Kept body for {firstName}.' });
    const refused = await saveTemplate('interview', body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect((await templates())[1]).toMatchObject({ subject: 'Kept', body: 'Kept body for {firstName}.' });
  });

  it('refuses an unknown kind of reply with 400', async () => {
    const refused = await saveTemplate('promotion', { subject: 'Hi', body: 'Hi.' });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Unknown reply. Use one of: rejection, interview.' },
    });
    expect((await server.api('DELETE', '/reply-templates/promotion', { token })).status).toBe(400);
  });
});

describe(`the reply preview on ${engine}`, () => {
  it('shows the e-mail as it would go, filled from the stored application', async () => {
    const id = await apply(server, jobId, {
      name: 'Grace Brewster Hopper',
      email: 'grace.hopper@example.com',
    });
    const shown = await preview(id, 'rejection');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      kind: 'rejection',
      to: 'grace.hopper@example.com',
      subject: `Your application for ${JOB} at ${COMPANY}`,
      body: expect.stringContaining('Dear Grace,'),
      alreadySent: false,
    });
    expect(shown.body.body).toContain(`the ${JOB} role at ${COMPANY}`);
    expect(shown.body.body).toContain(`Our open positions are at ${PUBLIC_URL}.`);
    expect(shown.body.body).not.toMatch(/\{\w+\}/);
  });

  it('follows the saved template', async () => {
    const id = await apply(server, jobId, { name: 'Alan Turing', email: 'alan.turing@example.com' });
    await saveTemplate('interview', {
      subject: '{fullName}: {jobTitle}',
      body: 'Hi {firstName} ({fullName}), {companyName} would like to meet you. {careersUrl}',
    });
    expect((await preview(id, 'interview')).body).toEqual({
      kind: 'interview',
      to: 'alan.turing@example.com',
      subject: `Alan Turing: ${JOB}`,
      body: `Hi Alan (Alan Turing), ${COMPANY} would like to meet you. ${PUBLIC_URL}`,
      alreadySent: false,
    });
  });

  it('answers 404 for no such application and 400 for no such reply', async () => {
    const missing = await preview('00000000-0000-4000-8000-000000000000', 'rejection');
    expect(missing).toMatchObject({ status: 404, body: { message: messages.applicationMissing } });
    expect((await preview('nonsense', 'rejection')).status).toBe(404);
    const id = await apply(server, jobId);
    expect((await preview(id, 'promotion')).status).toBe(400);
  });
});

describe(`replies e-mailed over SMTP on ${engine}`, () => {
  it('delivers a rejection once, to the stored address, exactly as previewed', async () => {
    const email = 'ada.lovelace@example.com';
    const id = await apply(server, jobId, { name: 'Ada Lovelace', email });
    const expected = (await preview(id, 'rejection')).body;

    const rejected = await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
    expect(rejected.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, emailedCount: 1 });
    await expect.poll(() => repliesTo(email).length, DELIVERY).toBe(1);
    const [message] = repliesTo(email);
    expect(message!.envelope.to).toEqual([email]);
    expect(message!.parsed.subject).toBe(expected.subject);
    // The template's text as previewed, then the talent pool's offer with its own link.
    const [text, offer] = message!.parsed
      .text!.trimEnd()
      .split('\n\nKeep my details for future roles for 12 months\n');
    expect(text).toBe(expected.body);
    expect(offer).toMatch(/\/keep-my-details\/[A-Za-z0-9_-]{43}$/);
    expect((message!.parsed.replyTo ?? []).map(addressOf)).toEqual([CAREERS]);

    const trail = await auditTrail(server, id);
    expect(
      trail.filter((entry) => entry.action !== 'view').map(({ action, detail }) => [action, detail]),
    ).toEqual([
      ['stage', 'New → Rejected (reason: Did not meet essential criteria)'],
      ['reply', 'Rejection'],
    ]);
    expect((await preview(id, 'rejection')).body.alreadySent).toBe(true);

    // Asked again, directly or after moving it away and back, it sends nothing more.
    const again = await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
    expect(again.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0, emailedCount: 0 });
    await move(id, { stage: 'shortlisted' });
    const back = await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
    expect(back.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, emailedCount: 0 });
    const bulk = await server.api('POST', '/applications/stage', {
      token,
      body: { ids: [id], stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true },
    });
    expect(bulk.body.emailedCount).toBe(0);
    await settled();
    expect(repliesTo(email)).toHaveLength(1);
    expect((await auditTrail(server, id)).filter((entry) => entry.action === 'reply')).toHaveLength(1);
  });

  it('never sends to an address the client gives, whatever fields it adds', async () => {
    const email = 'stored.address@example.com';
    const id = await apply(server, jobId, { name: 'Stored Address', email });
    const intruder = {
      email: 'intruder@evil.example',
      to: 'intruder@evil.example',
      recipient: 'intruder@evil.example',
      replyTo: 'intruder@evil.example',
      subject: 'Injected subject',
      body: 'Injected body',
    };
    const moved = await move(id, { stage: 'interview', notify: true, ...intruder });
    expect(moved.body.emailedCount).toBe(1);
    const other = await apply(server, jobId, { name: 'Other Stored', email: 'other.stored@example.com' });
    const bulk = await server.api('POST', '/applications/stage', {
      token,
      body: {
        ids: [other],
        stage: 'rejected',
        reasonId: A_REJECTION_REASON,
        notify: true,
        ...intruder,
        emails: ['intruder@evil.example'],
      },
    });
    expect(bulk.body.emailedCount).toBe(1);

    await expect
      .poll(() => repliesTo(email).length + repliesTo('other.stored@example.com').length, DELIVERY)
      .toBe(2);
    await settled();
    expect(sink.recipients()).not.toContain('intruder@evil.example');
    for (const message of [...repliesTo(email), ...repliesTo('other.stored@example.com')]) {
      expect(message.raw).not.toContain('intruder@evil.example');
      expect(message.parsed.subject).not.toContain('Injected');
      expect(message.parsed.text).not.toContain('Injected');
    }
  });

  it('delivers an interview invitation from the saved template', async () => {
    const email = 'katherine.johnson@example.com';
    const id = await apply(server, jobId, { name: 'Katherine Johnson', email });
    await saveTemplate('interview', {
      subject: 'Come and meet us, {firstName}',
      body: 'Dear {fullName},\n\nWe would like to interview you for {jobTitle} at {companyName}.\n\n{careersUrl}',
    });
    const moved = await move(id, { stage: 'interview', notify: true });
    expect(moved.body.emailedCount).toBe(1);
    await expect.poll(() => repliesTo(email).length, DELIVERY).toBe(1);
    const [message] = repliesTo(email);
    expect(message!.parsed.subject).toBe('Come and meet us, Katherine');
    expect(message!.parsed.text?.trimEnd()).toBe(
      `Dear Katherine Johnson,\n\nWe would like to interview you for ${JOB} at ${COMPANY}.\n\n${PUBLIC_URL}`,
    );
    expect((await auditTrail(server, id)).at(-1)).toMatchObject({
      action: 'reply',
      detail: 'Interview invitation',
      actorEmail: ADMIN.email,
    });
  });

  it('renders a reply with the template of the moment it is queued', async () => {
    const email = 'later.edit@example.com';
    const id = await apply(server, jobId, { name: 'Later Edit', email });
    await saveTemplate('rejection', { subject: 'First wording', body: 'First wording for {firstName}.' });
    await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
    await saveTemplate('rejection', { subject: 'Second wording', body: 'Second wording.' });
    await expect.poll(() => repliesTo(email).length, DELIVERY).toBe(1);
    expect(repliesTo(email)[0]!.parsed.subject).toBe('First wording');
  });

  it('sends nothing without notify, and the rejection can still go later', async () => {
    const email = 'quiet.reject@example.com';
    const id = await apply(server, jobId, { name: 'Quiet Reject', email });
    const quiet = await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON });
    expect(quiet.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, emailedCount: 0 });
    await settled();
    expect(repliesTo(email)).toEqual([]);
    expect((await preview(id, 'rejection')).body.alreadySent).toBe(false);

    const later = await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
    expect(later.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0, emailedCount: 1 });
    await expect.poll(() => repliesTo(email).length, DELIVERY).toBe(1);
  });

  it('ignores notify for a stage that has no reply', async () => {
    const email = 'shortlisted.quietly@example.com';
    const id = await apply(server, jobId, { name: 'Shortlisted Quietly', email });
    const moved = await move(id, { stage: 'shortlisted', notify: true });
    expect(moved.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, emailedCount: 0 });
    await settled();
    expect(repliesTo(email)).toEqual([]);
    expect((await auditTrail(server, id)).map((entry) => entry.action)).not.toContain('reply');
  });

  it('counts in a bulk rejection only those not rejected by e-mail before', async () => {
    const emails = ['bulk.one@example.com', 'bulk.two@example.com', 'bulk.three@example.com'];
    const ids = [];
    for (const email of emails) ids.push(await apply(server, jobId, { name: 'Bulk Applicant', email }));
    await move(ids[0]!, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
    const bulk = await server.api('POST', '/applications/stage', {
      token,
      body: { ids, stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true },
    });
    expect(bulk.body).toEqual({ acknowledged: true, matchedCount: 3, modifiedCount: 2, emailedCount: 2 });
    await expect.poll(() => emails.map((email) => repliesTo(email).length), DELIVERY).toEqual([1, 1, 1]);
    await settled();
    expect(emails.map((email) => repliesTo(email).length)).toEqual([1, 1, 1]);
  });
});
