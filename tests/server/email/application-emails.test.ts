import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime, { type Address } from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/server/db/schema';
import { messages } from '../../../src/shared/messages';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { startSmtpSink, type DeliveredMessage, type SmtpSink } from '../../support/smtp-sink';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

const CAREERS = 'careers@test.example';
const MAIL_FROM = 'Careers Test <no-reply@careers.test.example>';
const PUBLIC_URL = 'https://careers.test.example';
/** Generous: the machine is shared, and a slow start must not fail a test. */
const DELIVERY = { timeout: 20_000, interval: 50 };

let cvDataUrl: string;
let counter = 0;

/** The apply form's payload for a fresh applicant (unique e-mail unless given). */
const applicantPayload = (jobId: string, overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: `Applicant ${counter}`,
    email: `applicant${counter}@example.com`,
    phone: `07700 90${String(counter).padStart(4, '0')}`,
    number: `07700 90${String(counter).padStart(4, '0')}`,
    pdfFile: cvDataUrl,
    about: `Cover letter number ${counter}.`,
    jobTitle: 'Customer Service Advisor',
    jobName: 'Customer Service Advisor',
    jobId,
    ...overrides,
  };
};

const addressOf = (address: Address | undefined) =>
  address && 'address' in address ? address.address : undefined;
const toAddresses = (message: DeliveredMessage) => (message.parsed.to ?? []).map(addressOf);

beforeAll(async () => {
  cvDataUrl = toDataUrl(await validPdf());
});

describe('the e-mails of an application, over SMTP', () => {
  let sink: SmtpSink;
  let server: TestApp;
  let jobId: string;
  let otherJobId: string;

  /** Saves an application through the API, as the apply form does first. */
  const apply = async (overrides: Record<string, unknown> = {}) => {
    const payload = applicantPayload(jobId, overrides);
    const saved = await server.api('POST', '/applications', { body: payload });
    expect(saved.status).toBe(201);
    return { payload, id: saved.body.insertedId as string };
  };
  const sendEmail = (body: unknown) => server.api('POST', '/email/sendEmail', { body });
  const messagesTo = (address: string) =>
    sink.messages.filter((message) => message.envelope.to.includes(address));
  /** Waits until both e-mails of this application reached the sink. */
  const delivered = async (applied: { payload: { email: string }; id: string }) => {
    await expect
      .poll(() => messagesTo(applied.payload.email).length + messagesAbout(applied.id).length, DELIVERY)
      .toBe(2);
  };
  /** The careers mailbox's notices of one application, found by the link to it (all they name). */
  const messagesAbout = (applicationId: string) =>
    messagesTo(CAREERS).filter((message) =>
      message.parsed.text?.includes(`/dashboard/application/${applicationId}`),
    );
  /** The queued rows of one application, as the database holds them. */
  const queuedFor = (applicationId: string) =>
    server.context.database.db.select().from(emailOutbox).where(eq(emailOutbox.applicationId, applicationId));

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await buildTestApp(
      { SMTP_URL: sink.url, CAREERS_MAILBOX: CAREERS, MAIL_FROM, PUBLIC_URL },
      { emailDelivery: { firstRetryMs: 200, maxRetryMs: 1000 } },
    );
    const token = await server.adminToken();
    jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
    otherJobId = (
      await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Van Quotes Lead' }) })
    ).body.insertedId;
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });
  beforeEach(() => {
    sink.refuseWith(undefined);
    sink.clear();
  });

  it('sends a confirmation to the applicant and a notice to the careers mailbox, with no further call', async () => {
    const { payload, id } = await apply({ name: 'Zoë Brontë' });
    await expect.poll(() => sink.messages.length, DELIVERY).toBe(2);

    expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
    const confirmation = messagesTo(payload.email)[0]!;
    const notice = messagesTo(CAREERS)[0]!;
    expect(confirmation.envelope.to).toEqual([payload.email]);
    expect(notice.envelope.to).toEqual([CAREERS]);
    expect(toAddresses(confirmation)).toEqual([payload.email]);
    expect(toAddresses(notice)).toEqual([CAREERS]);

    for (const message of sink.messages) {
      expect(message.envelope.from).toBe('no-reply@careers.test.example');
      expect(message.parsed.from).toEqual({ name: 'Careers Test', address: 'no-reply@careers.test.example' });
      expect(message.parsed.cc ?? []).toEqual([]);
      expect(message.parsed.bcc ?? []).toEqual([]);
    }

    expect(confirmation.parsed.subject).toContain('Customer Service Advisor');
    // No text the applicant typed greets them: anyone may apply with anyone's address.
    expect(confirmation.parsed.text).toMatch(/^Dear applicant,\n/);
    expect(confirmation.parsed.text).not.toContain('Zoë');
    expect((confirmation.parsed.replyTo ?? []).map(addressOf)).toEqual([CAREERS]);

    // The notice goes to staff: it names the job and links to the application, and carries
    // nothing the applicant typed, not even in a header (docs/security.md#e-mail-to-staff).
    const text = notice.parsed.text!;
    expect(notice.parsed.subject).toBe('New application for Customer Service Advisor');
    expect(text).toContain('A new application has arrived for Customer Service Advisor.');
    // The day written UK style ("28 November 2026"), never 11/28/2026.
    expect(text).toMatch(/^Applied on: \d{1,2} [A-Z][a-z]+ \d{4}$/m);
    expect(text).toMatch(new RegExp(`${PUBLIC_URL}/dashboard/application/${id}\\s*$`));
    for (const typed of ['Zoë', 'Brontë', payload.email, payload.phone, payload.about])
      expect(notice.raw).not.toContain(typed);
    expect(notice.parsed.replyTo ?? []).toEqual([]);

    await expect
      .poll(async () => (await queuedFor(id)).filter((row) => row.sentAt !== null).length, DELIVERY)
      .toBe(2);
  });

  it('answers sendEmail alike for an applicant and for a stranger, and never sends anything twice', async () => {
    const applicant = await apply();
    await delivered(applicant);
    const stranger = applicantPayload(jobId, { email: 'nobody@example.com' });
    const calls = [
      { ...applicant.payload, applicationId: applicant.id },
      applicant.payload,
      stranger,
      { ...stranger, applicationId: applicant.id },
      { ...applicant.payload, jobId: otherJobId },
      { ...applicant.payload, jobId: '00000000-0000-4000-8000-000000000000' },
      { ...applicant.payload, jobId: 'not-a-job-id' },
      { ...applicant.payload, applicationId: 'not-an-id' },
    ];
    const answers = [];
    for (const body of calls) answers.push(await sendEmail(body));
    // Several at once, as a double-tapping phone would send them.
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 4 }, () => sendEmail({ ...applicant.payload, applicationId: applicant.id })),
      )),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ acknowledged: true });
      expect(answer.headers.get('content-type')).toBe(answers[0]!.headers.get('content-type'));
      expect(answer.headers.get('content-length')).toBe(answers[0]!.headers.get('content-length'));
    }

    // A later application's mail is the marker: anything the calls above had queued would go
    // out first (the outbox sends in queued order).
    const later = await apply();
    await delivered(later);
    expect(messagesTo(applicant.payload.email)).toHaveLength(1);
    expect(messagesAbout(applicant.id)).toHaveLength(1);
    expect(messagesTo('nobody@example.com')).toHaveLength(0);
    expect(sink.messages).toHaveLength(4);
    expect(await queuedFor(applicant.id)).toHaveLength(2);
  });

  it('answers 400 for a payload without a valid email, and sends nothing', async () => {
    const answer = await sendEmail({ jobId, email: 'not an email' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.emailInvalid);
    const missing = await sendEmail({ jobId });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.emailRequired);
    const noJob = await sendEmail({ email: 'someone@example.com' });
    expect(noJob.status).toBe(400);
    expect(noJob.body.message).toBe(messages.jobNotFound);
    expect(sink.messages).toHaveLength(0);
  });

  describe('is not an open relay', () => {
    const evil = {
      to: 'victim@evil.example',
      cc: ['cc@evil.example'],
      bcc: 'bcc@evil.example',
      recipients: ['list@evil.example'],
      careersMailbox: 'mailbox@evil.example',
      from: 'ceo@evil.example',
      sender: 'ceo@evil.example',
      replyTo: 'reply@evil.example',
      subject: 'Urgent wire transfer',
      html: '<a href="https://evil.example">click</a>',
      text: 'Send money to evil.example',
      attachments: [{ filename: 'x.exe', content: 'TVo=' }],
    };

    it('ignores recipients, sender, subject and content sent by the client, with the application or after it', async () => {
      const applied = await apply(evil);
      const { payload, id } = applied;
      const answer = await sendEmail({ ...payload, applicationId: id });
      expect(answer.body).toEqual({ acknowledged: true });
      await delivered(applied);
      expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
      for (const message of sink.messages) {
        expect(message.raw).not.toContain('evil.example');
        expect(message.raw).not.toContain('Urgent wire transfer');
        expect(message.parsed.from).toEqual({
          name: 'Careers Test',
          address: 'no-reply@careers.test.example',
        });
        expect(message.parsed.attachments).toEqual([]);
      }
    });

    it('refuses header injection in the applicant name before anything is stored or sent', async () => {
      const payload = applicantPayload(jobId, { name: 'Eve\r\nBcc: bcc@evil.example\r\nX-Evil: 1' });
      const saved = await server.api('POST', '/applications', { body: payload });
      expect(saved.status).toBe(400);
      expect(saved.body.message).toBe('Name cannot contain line breaks or control characters.');
      // The next application's mail shows that nothing went before it.
      const next = await apply();
      await delivered(next);
      expect(sink.messages).toHaveLength(2);
      for (const message of sink.messages) expect(message.raw).not.toContain('evil.example');
    });

    it('keeps a name with other punctuation out of the envelope and headers', async () => {
      const applied = await apply({ name: 'Eve <bcc@evil.example>; Bcc: x@evil.example' });
      await delivered(applied);
      expect(sink.recipients().sort()).toEqual([CAREERS, applied.payload.email].sort());
      for (const message of sink.messages) {
        expect(message.parsed.bcc ?? []).toEqual([]);
      }
    });
  });

  describe('when the SMTP server refuses or is down', () => {
    it('retries a message the server refused, and records why', async () => {
      sink.refuseWith(451);
      const applied = await apply();
      const { id } = applied;
      await expect
        .poll(async () => (await queuedFor(id)).every((row) => row.attempts >= 2), DELIVERY)
        .toBe(true);
      for (const row of await queuedFor(id)) {
        expect(row.sentAt).toBeNull();
        expect(row.lastError).toMatch(/451/);
      }
      expect(sink.messages).toHaveLength(0);

      sink.refuseWith(undefined);
      await delivered(applied);
      expect(sink.messages).toHaveLength(2);
      await expect
        .poll(async () => (await queuedFor(id)).filter((row) => row.sentAt !== null).length, DELIVERY)
        .toBe(2);
    });

    it('delivers once the SMTP server is back', async () => {
      await sink.pause();
      let id: string;
      let email: string;
      try {
        const applied = await apply();
        id = applied.id;
        email = applied.payload.email;
        // The application itself is stored and answered whatever the mail server does.
        await expect
          .poll(async () => (await queuedFor(id)).every((row) => row.lastError !== null), DELIVERY)
          .toBe(true);
      } finally {
        await sink.resume();
      }
      await delivered({ payload: { email }, id });
      expect(sink.messages).toHaveLength(2);
      await expect
        .poll(async () => (await queuedFor(id)).filter((row) => row.sentAt !== null).length, DELIVERY)
        .toBe(2);
      expect((await queuedFor(id)).map((row) => row.failedAt)).toEqual([null, null]);
    });
  });
});

describe('the e-mails of an application without SMTP_URL (.eml files)', () => {
  let server: TestApp;
  let jobId: string;

  beforeAll(async () => {
    server = await buildTestApp({ CAREERS_MAILBOX: CAREERS, MAIL_FROM });
    const token = await server.adminToken();
    jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const folder = () => path.join(server.dataDir, 'outbox');
  const emlFiles = () =>
    existsSync(folder()) ? readdirSync(folder()).filter((name) => name.endsWith('.eml')) : [];

  it('writes the two messages as .eml files with the right recipients, and sendEmail adds none', async () => {
    expect(server.context.mailer.kind).toBe('outbox');
    const payload = applicantPayload(jobId);
    const saved = await server.api('POST', '/applications', { body: payload });
    expect(saved.status).toBe(201);
    await expect.poll(() => emlFiles().length, DELIVERY).toBe(2);
    const sent = await server.api('POST', '/email/sendEmail', { body: payload });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ acknowledged: true });

    expect(readdirSync(folder()).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    const parsed = await Promise.all(
      emlFiles().map((name) => PostalMime.parse(readFileSync(path.join(folder(), name)))),
    );
    expect(
      parsed
        .map((message) => (message.to ?? []).map(addressOf))
        .flat()
        .sort(),
    ).toEqual([CAREERS, payload.email].sort());
    for (const message of parsed) {
      expect(addressOf(message.from)).toBe('no-reply@careers.test.example');
    }
    const notice = parsed.find((message) => addressOf(message.to?.[0]) === CAREERS)!;
    expect(notice.text).not.toContain(payload.name);
    expect(notice.text).toContain(`/dashboard/application/${saved.body.insertedId}`);

    const next = applicantPayload(jobId);
    expect((await server.api('POST', '/applications', { body: next })).status).toBe(201);
    await expect.poll(() => emlFiles().length, DELIVERY).toBe(4);
  });
});
