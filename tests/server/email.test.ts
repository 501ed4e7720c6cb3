import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Address } from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { startSmtpSink, type DeliveredMessage, type SmtpSink } from '../support/smtp-sink';
import { sampleJob, startTestServer, type TestServer } from '../support/test-server';

const CAREERS = 'careers@test.example';
const MAIL_FROM = 'Careers Test <no-reply@careers.test.example>';
const PUBLIC_URL = 'https://careers.test.example';
const SEND_FAILED = 'The email notification could not be sent. Please try again later.';

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

describe('POST /api/email/sendEmail over SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
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

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      SMTP_URL: sink.url,
      CAREERS_MAILBOX: CAREERS,
      MAIL_FROM,
      PUBLIC_URL,
    });
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

  it('sends a confirmation to the applicant and a notice to the careers mailbox', async () => {
    const { payload, id } = await apply({ name: 'Zoë Brontë' });
    const { status, body } = await sendEmail({ ...payload, applicationId: id });
    expect(status).toBe(200);
    expect(body).toEqual({ acknowledged: true });

    expect(sink.messages).toHaveLength(2);
    expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
    const confirmation = sink.messages.find((message) => message.envelope.to.includes(payload.email))!;
    const notice = sink.messages.find((message) => message.envelope.to.includes(CAREERS))!;
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
    expect(confirmation.parsed.text).toContain('Dear Zoë Brontë,');
    expect((confirmation.parsed.replyTo ?? []).map(addressOf)).toEqual([CAREERS]);

    const text = notice.parsed.text!;
    expect(notice.parsed.subject).toBe('New application: Zoë Brontë for Customer Service Advisor');
    expect(text).toContain('Zoë Brontë');
    expect(text).toContain(payload.email);
    expect(text).toContain(payload.phone);
    expect(text).toContain(payload.about);
    expect(text).toMatch(new RegExp(`${PUBLIC_URL}/dashboard/application/${id}\\s*$`));
    expect((notice.parsed.replyTo ?? []).map(addressOf)).toEqual([payload.email]);
  });

  it('finds the application from the payload alone (email + jobId), as the apply form sends it', async () => {
    const { payload, id } = await apply();
    const { status, body } = await sendEmail(payload);
    expect(status).toBe(200);
    expect(body).toEqual({ acknowledged: true });
    expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
    const notice = sink.messages.find((message) => message.envelope.to.includes(CAREERS))!;
    expect(notice.parsed.text).toContain(`/dashboard/application/${id}`);
  });

  it('sends nothing more for the same application, and still acknowledges', async () => {
    const { payload, id } = await apply();
    expect((await sendEmail({ ...payload, applicationId: id })).body).toEqual({ acknowledged: true });
    expect(sink.messages).toHaveLength(2);

    const again = await sendEmail({ ...payload, applicationId: id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ acknowledged: true });
    const withoutId = await sendEmail(payload);
    expect(withoutId.status).toBe(200);
    expect(withoutId.body).toEqual({ acknowledged: true });
    expect(sink.messages).toHaveLength(2);
  });

  it('sends once even when several calls for one application race', async () => {
    const { payload, id } = await apply();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => sendEmail({ ...payload, applicationId: id })),
    );
    expect(
      answers.filter((answer) => answer.status === 200 && answer.body.acknowledged === true).length,
    ).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(sink.messages).toHaveLength(2);
    expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
  });

  it('answers 404 and sends nothing for a payload that matches no stored application', async () => {
    const stranger = applicantPayload(jobId, { email: 'nobody@example.com' });
    const cases = [
      stranger,
      { ...stranger, jobId: '00000000-0000-4000-8000-000000000000' },
      { ...stranger, jobId: 'not-a-job-id' },
      { ...stranger, applicationId: 'not-an-id' },
      { ...stranger, applicationId: '00000000-0000-4000-8000-000000000000' },
    ];
    for (const body of cases) {
      const answer = await sendEmail(body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: messages.emailNoApplication });
    }
    expect(sink.messages).toHaveLength(0);
  });

  it('answers 400 for a payload without a valid email', async () => {
    const answer = await sendEmail({ jobId, email: 'not an email' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.emailInvalid);
    const missing = await sendEmail({ jobId });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.emailRequired);
    expect(sink.messages).toHaveLength(0);
  });

  describe('is not an open relay', () => {
    it('ignores recipients, sender, subject and content sent by the client', async () => {
      const { payload, id } = await apply();
      const answer = await sendEmail({
        ...payload,
        applicationId: id,
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
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ acknowledged: true });
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

    it('sends nothing when the email does not match the application', async () => {
      const victim = await apply();
      const attempts = [
        { ...victim.payload, email: 'mallory@evil.example' },
        { ...victim.payload, email: 'mallory@evil.example', applicationId: victim.id },
        { ...victim.payload, jobId: otherJobId },
        { ...victim.payload, jobId: otherJobId, applicationId: victim.id },
      ];
      for (const body of attempts) {
        const answer = await sendEmail(body);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: messages.emailNoApplication });
      }
      expect(sink.messages).toHaveLength(0);

      // The refused attempts used up nothing: the real applicant's mail still goes.
      const real = await sendEmail({ ...victim.payload, applicationId: victim.id });
      expect(real.body).toEqual({ acknowledged: true });
      expect(sink.recipients().sort()).toEqual([CAREERS, victim.payload.email].sort());
    });

    it("sends nothing for another applicant's application id", async () => {
      const victim = await apply({ email: 'victim.applicant@example.com' });
      const mallory = await apply({ email: 'mallory.applicant@example.com' });
      const answer = await sendEmail({ ...mallory.payload, applicationId: victim.id });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: messages.emailNoApplication });
      expect(sink.messages).toHaveLength(0);
    });

    it('refuses header injection in the applicant name before anything is stored or sent', async () => {
      const payload = applicantPayload(jobId, { name: 'Eve\r\nBcc: bcc@evil.example\r\nX-Evil: 1' });
      const saved = await server.api('POST', '/applications', { body: payload });
      expect(saved.status).toBe(400);
      expect(saved.body.message).toBe('Name cannot contain line breaks or control characters.');
      const answer = await sendEmail(payload);
      expect(answer.status).toBe(404);
      expect(sink.messages).toHaveLength(0);
    });

    it('keeps a name with other punctuation out of the envelope and headers', async () => {
      const { payload, id } = await apply({ name: 'Eve <bcc@evil.example>; Bcc: x@evil.example' });
      const answer = await sendEmail({ ...payload, applicationId: id });
      expect(answer.body).toEqual({ acknowledged: true });
      expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
      for (const message of sink.messages) {
        expect(message.parsed.bcc ?? []).toEqual([]);
      }
    });
  });

  describe('when the SMTP server refuses', () => {
    it('answers 502 JSON when the message is refused, and sends on a later call', async () => {
      const { payload, id } = await apply();
      sink.refuseWith(554);
      const refused = await sendEmail({ ...payload, applicationId: id });
      expect(refused.status).toBe(502);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(refused.body).toEqual({ message: SEND_FAILED });
      expect(sink.messages).toHaveLength(0);

      sink.refuseWith(undefined);
      const retried = await sendEmail({ ...payload, applicationId: id });
      expect(retried.status).toBe(200);
      expect(retried.body).toEqual({ acknowledged: true });
      expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
    });

    it('answers 502 JSON when the SMTP server is down, and sends once it is back', async () => {
      const { payload, id } = await apply();
      await sink.pause();
      try {
        const down = await sendEmail({ ...payload, applicationId: id });
        expect(down.status).toBe(502);
        expect(down.body).toEqual({ message: SEND_FAILED });
        expect(down.body.acknowledged).toBeUndefined();
      } finally {
        await sink.resume();
      }
      const retried = await sendEmail(payload);
      expect(retried.status).toBe(200);
      expect(retried.body).toEqual({ acknowledged: true });
      expect(sink.recipients().sort()).toEqual([CAREERS, payload.email].sort());
      expect(sink.messages).toHaveLength(2);
    });
  });
});

describe('POST /api/email/sendEmail without SMTP_URL (outbox)', () => {
  let server: TestServer;
  let jobId: string;

  beforeAll(async () => {
    server = await startTestServer({ CAREERS_MAILBOX: CAREERS, MAIL_FROM });
    const token = await server.adminToken();
    jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const outbox = () => path.join(server.dataDir, 'outbox');
  const emlFiles = () =>
    existsSync(outbox()) ? readdirSync(outbox()).filter((name) => name.endsWith('.eml')) : [];

  it('writes the two messages as .eml files with the right recipients', async () => {
    expect(server.context.mailer.kind).toBe('outbox');
    const payload = applicantPayload(jobId);
    const saved = await server.api('POST', '/applications', { body: payload });
    expect(saved.status).toBe(201);
    const sent = await server.api('POST', '/email/sendEmail', { body: payload });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ acknowledged: true });

    const files = emlFiles();
    expect(files).toHaveLength(2);
    expect(readdirSync(outbox()).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    const parsed = await Promise.all(
      files.map((name) => PostalMime.parse(readFileSync(path.join(outbox(), name)))),
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
    expect(notice.text).toContain(payload.name);
    expect(notice.text).toContain(`/dashboard/application/${saved.body.insertedId}`);

    const again = await server.api('POST', '/email/sendEmail', { body: payload });
    expect(again.body).toEqual({ acknowledged: true });
    expect(emlFiles()).toHaveLength(2);
  });
});
