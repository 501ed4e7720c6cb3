import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLog, expectJsonError } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';

/**
 * One-line fields (names, phone numbers, a job's title and other short fields, a reply's subject)
 * refuse what would not show as typed: control characters, Unicode format characters such as the
 * right-to-left override U+202E (`Mallory <U+202E>gpj.exe` shows as "Mallory exe.jpg") and the line and
 * paragraph separators U+2028 and U+2029; with the message control characters get, before
 * anything is stored (docs/security.md#input-handling).
 */

const { call, describeNoLeaks } = answerLog();

/** Right-to-left override, left-to-right mark, pop directional isolate, BOM, and the separators. */
const HIDDEN = ['\u202E', '\u200E', '\u2069', '\uFEFF', '\u2028', '\u2029'];
const hex = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

let server: TestApp;
let token: string;
let jobId: string;
let cvDataUrl: string;
beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
  cvDataUrl = toDataUrl(await validPdf());
});
afterAll(async () => {
  await server?.stop();
});

const applicationCount = async () =>
  (await server.api('GET', '/applications', { token })).body.length as number;

const application = (overrides: Record<string, string>) => ({
  name: 'Mallory Applicant',
  email: `mallory.${Date.now()}@example.com`,
  phone: '07700 900123',
  about: 'Hello.',
  pdfFile: cvDataUrl,
  jobId,
  ...overrides,
});

describe('an application', () => {
  it.each(HIDDEN.map((char) => [hex(char), char]))(
    'with %s in the name or the phone number is refused with 400 and stored nowhere',
    async (_code, char) => {
      const before = await applicationCount();
      for (const [field, value, message] of [
        ['name', `Mallory ${char}gpj.exe`, 'Name cannot contain line breaks or control characters.'],
        ['phone', `07700 ${char}900123`, 'Phone number cannot contain line breaks or control characters.'],
      ] as const) {
        const answer = await call(server, 'POST', '/api/applications', {
          body: JSON.stringify(application({ [field]: value })),
          headers: { 'content-type': 'application/json' },
        });
        expectJsonError(answer, 400, message);
      }
      expect(await applicationCount()).toBe(before);
    },
  );

  it('sent as a multipart form is refused alike', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(application({ name: 'Mallory \u202Egpj.exe' })))
      if (name !== 'pdfFile') form.append(name, value);
    form.append(
      'pdfFile',
      new Blob([new Uint8Array(await validPdf())], { type: 'application/pdf' }),
      'cv.pdf',
    );
    const answer = await server.api('POST', '/applications', { body: form });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Name cannot contain line breaks or control characters.');
  });

  it('keeps the joiners Persian and Indic names are written with, and emoji sequences', async () => {
    for (const name of ['علی\u200Cرضا', 'Priya \u0915\u094D\u200D\u0937', 'Sam 👩\u200D💻']) {
      const created = await server.api('POST', '/applications', { body: application({ name }) });
      expect(created.status, name).toBe(201);
      const stored = await server.api('GET', `/applications/${created.body.insertedId}`, { token });
      expect(stored.body.name).toBe(name);
    }
  });
});

describe('other one-line fields', () => {
  it('registration refuses such a name', async () => {
    const answer = await call(server, 'POST', '/api/register', {
      body: JSON.stringify({
        name: 'Eve\u2028Admin',
        email: `eve.${Date.now()}@example.com`,
        password: 'secret-1',
      }),
      headers: { 'content-type': 'application/json' },
    });
    expectJsonError(answer, 400, 'Name cannot contain line breaks or control characters.');
  });

  it("a job's short fields and list entries refuse them, on creation and on edit", async () => {
    for (const [field, value, message] of [
      ['jobTitle', 'Claims \u202EHandler', 'Job title cannot contain line breaks or control characters.'],
      ['location', 'North\u2028ampton', 'Location cannot contain line breaks or control characters.'],
      ['ctc', '£24,000\u2029a year', 'CTC cannot contain line breaks or control characters.'],
      [
        'responsibilities',
        ['Answer \u202Ecalls'],
        'Each Responsibilities entry cannot contain line breaks or control characters.',
      ],
    ] as const) {
      const created = await call(server, 'POST', '/api/post', {
        body: JSON.stringify(sampleJob({ [field]: value })),
        headers: { 'content-type': 'application/json' },
        token,
      });
      expectJsonError(created, 400, message);
      const edited = await call(server, 'PUT', `/api/post/${jobId}`, {
        body: JSON.stringify({ [field]: value }),
        headers: { 'content-type': 'application/json' },
        token,
      });
      expectJsonError(edited, 400, message);
    }
    expect((await server.api('GET', `/single/${jobId}`)).body.jobTitle).toBe(sampleJob().jobTitle);
  });

  it("a reply template's subject refuses them", async () => {
    const answer = await call(server, 'PUT', '/api/reply-templates/rejection', {
      body: JSON.stringify({ subject: 'Your application \u202Efor {jobTitle}', body: 'Hello.' }),
      headers: { 'content-type': 'application/json' },
      token,
    });
    expectJsonError(answer, 400, 'The subject must be one line.');
  });
});

describeNoLeaks(14);
