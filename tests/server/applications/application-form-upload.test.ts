import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CV_BYTES } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import {
  pdfOfSize,
  pdfWithEmbeddedFile,
  pdfWithOpenActionJavaScript,
  toDataUrl,
  validPdf,
} from '../../support/pdf-fixtures';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

let server: TestApp;
let token: string;
let jobId: string;
let cv: Buffer;
let counter = 0;

const fieldsOf = (overrides: Record<string, string | undefined> = {}) => {
  counter++;
  const fields: Record<string, string | undefined> = {
    name: 'Priya Patel',
    email: `priya.${counter}@example.com`,
    phone: '07700 900456',
    number: '07700 900456',
    about: 'I speak Punjabi and English and enjoy helping people compare cover.',
    jobTitle: 'Customer Service Advisor',
    jobName: 'Customer Service Advisor',
    jobId,
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
};

/** The application as the product's form sends it: text parts and the CV as a file part. */
function form(fields: Record<string, string>, file: Buffer | null = cv, fileField = 'pdfFile'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append(fileField, new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'cv.pdf');
  return body;
}

async function post(body: FormData | string, headers: Record<string, string> = {}) {
  const { status, body: answer } = await server.api('POST', '/applications', { body, headers });
  return { status, body: answer };
}

const count = async () => (await server.api('GET', '/applications', { token })).body.length as number;

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  cv = await validPdf('Priya Patel - Curriculum Vitae');
  const job = await server.api('POST', '/post', { token, body: sampleJob() });
  jobId = job.body.insertedId;
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/applications as a multipart form (the CV as a file part)', () => {
  it('saves the application with the very bytes of the CV, and the privacy notice version', async () => {
    const fields = fieldsOf();
    const { status, body } = await post(form(fields));
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      insertedId: expect.any(String),
      duplicate: false,
      monitoringToken: expect.any(String),
    });
    const detail = await server.api('GET', `/applications/${body.insertedId}`, { token });
    expect(detail.body).toMatchObject({
      name: 'Priya Patel',
      email: fields.email,
      phone: '07700 900456',
      jobId,
      about: fields.about,
      hasResume: true,
      pdfFileSize: cv.length,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
    expect(Buffer.from((await server.context.blobs.get(body.insertedId))!)).toEqual(cv);
  });

  it('still takes the JSON body with the CV as a data URL, exactly as before', async () => {
    const fields = fieldsOf();
    const { status, body } = await server.api('POST', '/applications', {
      body: { ...fields, pdfFile: toDataUrl(cv) },
    });
    expect(status).toBe(201);
    expect(Buffer.from((await server.context.blobs.get(body.insertedId))!)).toEqual(cv);
  });

  it('takes a CV of exactly 5 MB', async () => {
    const { status } = await post(form(fieldsOf(), await pdfOfSize(MAX_CV_BYTES)));
    expect(status).toBe(201);
  });

  it.each([
    ['a missing name', { name: undefined }, messages.nameRequired],
    ['a malformed email', { email: 'not-an-email' }, messages.emailInvalid],
    ['a missing phone and number', { phone: undefined, number: undefined }, messages.phoneRequired],
    ['a blank cover letter', { about: '  ' }, messages.coverLetterRequired],
  ])('refuses %s with 400 and the form message', async (_label, overrides, message) => {
    const before = await count();
    const { status, body } = await post(form(fieldsOf(overrides)));
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses a form without a CV with 400 and the CV message', async () => {
    const { status, body } = await post(form(fieldsOf(), null));
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: messages.cvRequired, errors: [{ path: 'pdfFile' }] });
  });

  it.each([
    ['above 5 MB', () => pdfOfSize(MAX_CV_BYTES + 1), 413, messages.cvTooLarge],
    ['that is not a PDF', async () => Buffer.from('\x89PNG\r\n\x1a\n not a pdf'), 400, messages.cvOnlyPdf],
    ['that is damaged', async () => (await validPdf()).subarray(0, 400), 400, messages.cvUnreadable],
    ['with JavaScript', async () => pdfWithOpenActionJavaScript(), 400, messages.cvActiveContent],
    ['with an embedded file', async () => pdfWithEmbeddedFile(), 400, messages.cvActiveContent],
  ])('refuses a CV %s with the same answer as the JSON body', async (_label, make, status, message) => {
    const before = await count();
    const file = await make();
    const multipart = await post(form(fieldsOf(), file));
    expect(multipart).toEqual({ status, body: { message } });
    const json = await server.api('POST', '/applications', {
      body: { ...fieldsOf(), pdfFile: toDataUrl(file) },
    });
    expect({ status: json.status, body: json.body }).toEqual({ status, body: { message } });
    expect(await count()).toBe(before);
  });

  it('answers 404 for an unknown job and 410 for a closed one, before looking at the CV', async () => {
    const unknown = await post(form(fieldsOf({ jobId: '00000000-0000-4000-8000-000000000000' })));
    expect(unknown).toEqual({ status: 404, body: { message: messages.jobNotFound } });
    const closed = await server.api('POST', '/post', { token, body: sampleJob() });
    await server.api('PUT', `/post/${closed.body.insertedId}`, {
      token,
      body: { closingDate: '2020-01-01' },
    });
    const late = await post(form(fieldsOf({ jobId: closed.body.insertedId }), Buffer.from('not a pdf')));
    expect(late.status).toBe(410);
    expect(late.body.message).toContain(messages.jobNoLongerOpen);
  });

  const secondFile = (body: FormData, name: string) =>
    body.append(name, new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'extra.pdf');
  it.each([
    ['a second CV', (): FormData => form(fieldsOf()), (body: FormData) => secondFile(body, 'pdfFile')],
    [
      'a CV under another name',
      (): FormData => form(fieldsOf(), null),
      (body: FormData) => secondFile(body, 'resume'),
    ],
    [
      'a field sent twice',
      (): FormData => form(fieldsOf()),
      (body: FormData) => body.append('email', 'x@example.com'),
    ],
  ])('refuses %s with a 4xx JSON message and stores nothing', async (_label, build, change) => {
    const before = await count();
    const body = build();
    change(body);
    const answer = await post(body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(await count()).toBe(before);
  });

  it('refuses a broken or cut-off form with 400, never a 500', async () => {
    const boundary = 'x-boundary';
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPriya`;
    for (const [contentType, body] of [
      [`multipart/form-data; boundary=${boundary}`, truncated],
      ['multipart/form-data', 'no boundary given'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nbroken header\r\n\r\n--${boundary}--`],
    ]) {
      const answer = await post(body!, { 'content-type': contentType! });
      expect(answer.status, body).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });

  it('refuses a field over its limit with 413', async () => {
    const answer = await post(form(fieldsOf({ about: 'x'.repeat(200 * 1024) })));
    expect(answer).toEqual({ status: 413, body: { message: messages.bodyTooLarge } });
  });

  it('a multipart upload abandoned half way frees its place: later applications still go through', async () => {
    // Only a socket carries half a body: a listening server of this test's own.
    const listening = await startTestServer();
    try {
      const adminToken = await listening.adminToken();
      const job = await listening.api('POST', '/post', { token: adminToken, body: sampleJob() });
      const fields = () => ({ ...fieldsOf(), jobId: job.body.insertedId as string });
      const blob = await new Response(form(fields())).blob();
      const bytes = Buffer.from(await blob.arrayBuffer());
      const abandoned = Array.from({ length: 6 }, () => {
        const upload = httpRequest(`${listening.url}/api/applications`, {
          method: 'POST',
          headers: { 'content-type': blob.type, 'content-length': String(bytes.length) },
        });
        upload.on('error', () => undefined);
        upload.write(bytes.subarray(0, 1000));
        return upload;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const upload of abandoned) upload.destroy();
      expect((await listening.api('POST', '/applications', { body: form(fields()) })).status).toBe(201);
    } finally {
      await listening.stop();
    }
    // A server of its own starts and stops inside the test.
  }, 60_000);
});

describe('rate limit on multipart applications', () => {
  let limited: TestServer;
  afterAll(async () => {
    await limited?.stop();
  });

  it('counts multipart and JSON submissions alike: the 4th within a minute gets 429', async () => {
    limited = await startTestServer(
      {},
      {
        rateLimits: {
          loginPerMinute: 100,
          registerPerMinute: 100,
          applicationsPerMinute: 3,
          emailsPerMinute: 100,
        },
      },
    );
    const adminToken = await limited.adminToken();
    const job = await limited.api('POST', '/post', { token: adminToken, body: sampleJob() });
    const fields = { ...fieldsOf(), jobId: job.body.insertedId };
    const send = async (body: FormData | string, headers: Record<string, string> = {}) =>
      (await fetch(`${limited.url}/api/applications`, { method: 'POST', body, headers })).status;
    expect(await send(form(fields))).toBe(201);
    expect(
      await send(JSON.stringify({ ...fields, pdfFile: toDataUrl(cv) }), {
        'content-type': 'application/json',
      }),
    ).toBe(201);
    expect(await send(form(fields))).toBe(201);
    expect(await send(form(fields))).toBe(429);
    // It starts a server of its own (a database from the seed, an administrator's password hash)
    // inside the test, which on a busy machine takes most of the default timeout by itself.
  }, 60_000);
});
