import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_READ_CHUNK } from '../../../src/server/blobs/blob-store';
import { applications, cvBlobs } from '../../../src/server/db/schema';
import { PDF_DATA_URL_PREFIX } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob, startTestServer } from '../../support/test-server';

let server: TestApp;
let token: string;
let jobId: string;
let cv: Buffer;

/** The payload the apply form sends: phone and number, jobTitle and jobName. */
const payload = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jane Doe',
  email: 'jane.doe@example.com',
  phone: '07700 900123',
  number: '07700 900123',
  pdfFile: toDataUrl(cv),
  about: 'I have five years of customer service experience and speak Urdu and English.',
  jobTitle: 'Customer Service Advisor',
  jobName: 'Customer Service Advisor',
  jobId,
  ...overrides,
});

const apply = (overrides: Record<string, unknown> = {}) =>
  server.api('POST', '/applications', { body: payload(overrides) });

/** An answer's bytes, as they left the server. */
const rawGet = (pathname: string) => server.api('GET', pathname, { token });

const cvFile = (id: string) => path.join(server.dataDir, 'cvs', `${id}.pdf`);

/** The CV bytes the blob store holds for an application, wherever they live. */
const storedCv = async (id: string): Promise<Buffer | undefined> => {
  if (server.context.blobs.kind === 'postgres') {
    const rows = await server.context.database.db
      .select({ bytes: cvBlobs.bytes })
      .from(cvBlobs)
      .where(eq(cvBlobs.key, id));
    return rows[0]?.bytes;
  }
  return existsSync(cvFile(id)) ? readFile(cvFile(id)) : undefined;
};

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  cv = await validPdf('Jane Doe - Curriculum Vitae');
  const job = await server.api('POST', '/post', { token, body: sampleJob() });
  expect(job.status).toBe(201);
  jobId = job.body.insertedId;
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/applications', () => {
  it('saves an application and answers 201 { success, insertedId }', async () => {
    const { status, body } = await apply();
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      duplicate: false,
      // The equality monitoring form's token (docs/security.md#equality-monitoring).
      monitoringToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    const detail = await server.api('GET', `/applications/${body.insertedId}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ _id: body.insertedId, name: 'Jane Doe', jobId });
  });

  it('takes the job title from the job record, not from the payload', async () => {
    const { body } = await apply({ jobTitle: 'Chief Executive', jobName: 'Chief Executive' });
    const detail = await server.api('GET', `/applications/${body.insertedId}`, { token });
    expect(detail.body.jobTitle).toBe('Customer Service Advisor');
    expect(detail.body.jobName).toBe('Customer Service Advisor');
  });

  it('accepts phone alone or number alone, keeping both fields equal', async () => {
    const phoneOnly = await apply({ phone: '+44 1604 123456', number: undefined });
    expect(phoneOnly.status).toBe(201);
    const numberOnly = await apply({ phone: undefined, number: '01604 654321' });
    expect(numberOnly.status).toBe(201);
    const first = await server.api('GET', `/applications/${phoneOnly.body.insertedId}`, { token });
    const second = await server.api('GET', `/applications/${numberOnly.body.insertedId}`, { token });
    expect(first.body).toMatchObject({ phone: '+44 1604 123456', number: '+44 1604 123456' });
    expect(second.body).toMatchObject({ phone: '01604 654321', number: '01604 654321' });
  });

  it.each([
    ['a missing name', { name: undefined }, messages.nameRequired],
    ['a blank name', { name: '   ' }, messages.nameRequired],
    ['a missing email', { email: undefined }, messages.emailRequired],
    ['a malformed email', { email: 'not-an-email' }, messages.emailInvalid],
    ['a missing phone and number', { phone: undefined, number: undefined }, messages.phoneRequired],
    ['a blank phone and number', { phone: '', number: '  ' }, messages.phoneRequired],
    ['a missing cover letter', { about: undefined }, messages.coverLetterRequired],
    ['a blank cover letter', { about: ' \n ' }, messages.coverLetterRequired],
    ['a missing CV', { pdfFile: undefined }, messages.cvRequired],
  ])('refuses %s with 400 and the form message', async (_label, overrides, message) => {
    const before = (await server.api('GET', '/applications', { token })).body.length;
    const { status, body } = await apply(overrides);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect((await server.api('GET', '/applications', { token })).body).toHaveLength(before);
  });

  it.each([
    ['unknown', '00000000-0000-4000-8000-000000000000'],
    ['malformed', 'not-a-job-id'],
    ['injected', "1' OR '1'='1"],
  ])('answers 404 with a clear message for the %s jobId', async (_label, badJobId) => {
    const before = (await server.api('GET', '/applications', { token })).body.length;
    const { status, body } = await apply({ jobId: badJobId });
    expect(status).toBe(404);
    expect(body).toEqual({ message: messages.jobNotFound });
    expect((await server.api('GET', '/applications', { token })).body).toHaveLength(before);
  });

  it('refuses an application for a job that has been deleted', async () => {
    const job = await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Closed role' }) });
    await server.api('DELETE', `/post/${job.body.insertedId}`, { token });
    const { status, body } = await apply({ jobId: job.body.insertedId });
    expect(status).toBe(404);
    expect(body).toEqual({ message: messages.jobNotFound });
  });

  it('takes many applications sent at once: each is answered 201 and stored', async () => {
    const before = (await server.api('GET', '/applications', { token })).body.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => apply({ email: `burst-${i}@example.com` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect((await server.api('GET', '/applications', { token })).body).toHaveLength(before + 10);
  });

  it('an upload the client abandons half way frees its place: later applications still go through', async () => {
    // Only a socket carries half a body: a listening server of this test's own.
    const listening = await startTestServer();
    try {
      const adminToken = await listening.adminToken();
      const job = await listening.api('POST', '/post', { token: adminToken, body: sampleJob() });
      const onListening = { jobId: job.body.insertedId as string };
      const { request } = await import('node:http');
      const body = Buffer.from(JSON.stringify(payload({ email: 'abandoned@example.com', ...onListening })));
      // More abandoned uploads than applications are read at once (intake-gate.ts).
      const abandoned = Array.from({ length: 6 }, () => {
        const upload = request(`${listening.url}/api/applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        });
        upload.on('error', () => undefined);
        upload.write(body.subarray(0, 1000));
        return upload;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const upload of abandoned) upload.destroy();
      const { status } = await listening.api('POST', '/applications', {
        body: payload({ email: 'after-abandoned@example.com', ...onListening }),
      });
      expect(status).toBe(201);
    } finally {
      await listening.stop();
    }
    // A server of its own starts and stops inside the test.
  }, 60_000);
});

describe('GET /api/applications and /api/applications/:id', () => {
  it('lists applications newest first, with sizes and dates but no CV bytes', async () => {
    const older = await apply({ name: 'Older Applicant', email: 'older@example.com' });
    const newer = await apply({ name: 'Newer Applicant', email: 'newer@example.com' });
    const response = await rawGet('/applications');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = response.bytes.toString('utf8');
    expect(text).not.toContain('JVBERi');
    expect(text).not.toContain('"pdfFile"');
    expect(text).not.toContain('data:application/pdf');

    const list = JSON.parse(text) as Array<Record<string, unknown>>;
    const ids = list.map((row) => row._id);
    expect(ids[0]).toBe(newer.body.insertedId);
    expect(ids.indexOf(newer.body.insertedId)).toBeLessThan(ids.indexOf(older.body.insertedId));
    const dates = list.map((row) => Date.parse(row.createdAt as string));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const row = list[0]!;
    expect(row).toEqual({
      _id: newer.body.insertedId,
      name: 'Newer Applicant',
      email: 'newer@example.com',
      phone: '07700 900123',
      number: '07700 900123',
      jobId,
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      applyDate: expect.any(String),
      createdAt: expect.any(String),
      hasResume: true,
      pdfFileSize: cv.length,
      fileSize: cv.length,
      duplicateOf: null,
      stage: 'new',
      stageChangedAt: row.createdAt,
    });
    expect(row.applyDate).toBe(row.createdAt);
    expect(new Date(row.applyDate as string).toISOString()).toBe(row.applyDate);
    expect(Math.abs(Date.now() - Date.parse(row.applyDate as string))).toBeLessThan(60_000);
  });

  it('answers one application with its cover letter and no CV bytes', async () => {
    const about = 'Dear team,\nI would love to join you.\n\nKind regards, Jane';
    const { body: saved } = await apply({ about, email: 'Jane.Detail@Example.com' });
    const response = await rawGet(`/applications/${saved.insertedId}`);
    expect(response.status).toBe(200);
    const text = response.bytes.toString('utf8');
    expect(text).not.toContain('JVBERi');
    expect(text).not.toContain('"pdfFile"');
    expect(JSON.parse(text)).toEqual({
      _id: saved.insertedId,
      name: 'Jane Doe',
      email: 'jane.detail@example.com',
      phone: '07700 900123',
      number: '07700 900123',
      jobId,
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      applyDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      hasResume: true,
      pdfFileSize: cv.length,
      fileSize: cv.length,
      duplicateOf: null,
      // Opening it reviewed it.
      stage: 'reviewed',
      stageChangedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      about,
      privacyNoticeVersion: null,
      privacyAcknowledgedAt: null,
      retentionHold: false,
      purgeAfter: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      interviewIfMinimumCriteriaMet: false,
      // The job asks no questions.
      answers: [],
      // Sent straight, with no marker, no outside referrer and no answer to how they heard.
      source: 'direct',
      referrerHost: null,
      heardAbout: null,
    });
  });

  it.each([
    ['unknown', '00000000-0000-4000-8000-000000000000'],
    ['malformed', 'not-an-id'],
  ])('answers 404 JSON for the %s id', async (_label, id) => {
    const { status, body, headers } = await server.api('GET', `/applications/${id}`, { token });
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ message: messages.applicationMissing });
  });
});

describe('CV downloads', () => {
  let id: string;
  beforeAll(async () => {
    const { body } = await apply({ name: 'Jane Doe' });
    id = body.insertedId;
  });

  it('answers the CV as a PDF data URL whose bytes are the upload, byte for byte', async () => {
    const { status, body } = await server.api('GET', `/applications/${id}/pdf`, { token });
    expect(status).toBe(200);
    expect(body).toEqual({ pdfFile: expect.any(String), fileSize: cv.length });
    expect(body.pdfFile.startsWith(PDF_DATA_URL_PREFIX)).toBe(true);
    const bytes = Buffer.from(body.pdfFile.slice(PDF_DATA_URL_PREFIX.length), 'base64');
    expect(bytes.equals(cv)).toBe(true);
  });

  it('serves the raw PDF as an attachment named {name}_resume.pdf', async () => {
    const response = await rawGet(`/applications/${id}/cv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(cv.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Jane Doe_resume.pdf"; filename*=UTF-8''Jane%20Doe_resume.pdf`,
    );
    expect(response.bytes.equals(cv)).toBe(true);
  });

  it('sends a CV of several read pieces whole, with its length, as the store reads it a piece at a time', async () => {
    const large = await pdfOfSize(3 * BLOB_READ_CHUNK + 1001);
    const stored = await apply({ email: 'large.cv@example.com', pdfFile: toDataUrl(large) });
    expect(stored.status).toBe(201);
    const response = await rawGet(`/applications/${stored.body.insertedId}/cv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(large.length));
    expect(response.bytes.equals(large)).toBe(true);
  });

  it('serves it inline for previews when asked', async () => {
    const response = await rawGet(`/applications/${id}/cv?disposition=inline`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="Jane Doe_resume\.pdf"/);
    expect(response.bytes.equals(cv)).toBe(true);
  });

  it('refuses an unknown disposition', async () => {
    const response = await server.api('GET', `/applications/${id}/cv?disposition=evil`, { token });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('names a non-ASCII applicant in the UTF-8 filename* form, with an ASCII fallback', async () => {
    const { body } = await apply({ name: 'Zoë Brontë' });
    const response = await rawGet(`/applications/${body.insertedId}/cv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Zoe Bronte_resume.pdf"; filename*=UTF-8''Zo%C3%AB%20Bront%C3%AB_resume.pdf`,
    );
    expect(response.bytes.equals(cv)).toBe(true);
  });

  it('keeps quotes and path characters out of the file name', async () => {
    const { body } = await apply({ name: 'Eve "../../etc/passwd"' });
    const response = await rawGet(`/applications/${body.insertedId}/cv`);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]*_resume\.pdf"; filename\*=UTF-8''\S+$/);
    expect(disposition).not.toContain('/');
  });

  it('names a CV stored before names were checked for format characters without them (no reversed name)', async () => {
    const { body } = await apply({ name: 'Mallory Doe' });
    await server.context.database.db
      .update(applications)
      .set({ name: 'Mallory \u202Egpj.exe\u2028' })
      .where(eq(applications.id, body.insertedId));
    const response = await rawGet(`/applications/${body.insertedId}/cv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Mallory gpj.exe_resume.pdf"; filename*=UTF-8''Mallory%20gpj.exe_resume.pdf`,
    );
  });

  it.each([
    ['unknown', '00000000-0000-4000-8000-000000000000', messages.cvMissing],
    ['malformed', 'not-an-id', messages.applicationMissing],
  ])('answers 404 JSON for the CV of the %s id', async (_label, badId, message) => {
    for (const route of ['pdf', 'cv']) {
      const { status, body, headers } = await server.api('GET', `/applications/${badId}/${route}`, { token });
      expect(status).toBe(404);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      expect(body).toEqual({ message });
    }
  });

  it('stores the raw bytes, not base64 text', async () => {
    const stored = await storedCv(id);
    expect(stored).toBeDefined();
    expect(stored!.length).toBe(cv.length);
    expect(stored!.equals(cv)).toBe(true);
    if (server.context.blobs.kind === 'files') {
      expect(statSync(cvFile(id)).size).toBe(cv.length);
    } else {
      // With PostgreSQL the bytes live in the database; nothing is written to the data folder.
      expect(existsSync(cvFile(id))).toBe(false);
    }
  });
});

describe('DELETE /api/applications/:id', () => {
  it('deletes the application and its CV bytes; later lookups answer 404', async () => {
    const { body: saved } = await apply({ name: 'Dee Leted', email: 'dee@example.com' });
    const id = saved.insertedId;
    expect(await storedCv(id)).toBeDefined();

    const removed = await server.api('DELETE', `/applications/${id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ acknowledged: true, deletedCount: 1 });

    const detail = await server.api('GET', `/applications/${id}`, { token });
    expect(detail.status).toBe(404);
    expect(detail.body).toEqual({ message: messages.applicationMissing });
    for (const route of ['pdf', 'cv']) {
      const answer = await server.api('GET', `/applications/${id}/${route}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: messages.cvMissing });
    }
    const list = await server.api('GET', '/applications', { token });
    expect(list.body.map((row: { _id: string }) => row._id)).not.toContain(id);

    expect(await storedCv(id)).toBeUndefined();
    expect(existsSync(cvFile(id))).toBe(false);
    if (server.context.blobs.kind === 'files') {
      expect(readdirSync(path.join(server.dataDir, 'cvs')).filter((entry) => entry.includes(id))).toEqual([]);
    }

    const again = await server.api('DELETE', `/applications/${id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: messages.applicationMissing });
  });

  it('leaves other applications and their CVs alone', async () => {
    const keep = await apply({ name: 'Kim Keep', email: 'kim@example.com' });
    const drop = await apply({ name: 'Dan Drop', email: 'dan@example.com' });
    await server.api('DELETE', `/applications/${drop.body.insertedId}`, { token });
    const pdf = await server.api('GET', `/applications/${keep.body.insertedId}/pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.body.fileSize).toBe(cv.length);
    expect((await storedCv(keep.body.insertedId))?.equals(cv)).toBe(true);
  });

  it.each([
    ['unknown', '00000000-0000-4000-8000-000000000000'],
    ['malformed', 'nope'],
  ])('answers 404 JSON for the %s id', async (_label, id) => {
    const { status, body } = await server.api('DELETE', `/applications/${id}`, { token });
    expect(status).toBe(404);
    expect(body).toEqual({ message: messages.applicationMissing });
  });
});
