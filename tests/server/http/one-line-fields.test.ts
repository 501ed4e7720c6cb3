import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationAdjustments } from '../../../src/server/db/schema';
import { MULTI_LINE, ONE_LINE } from '../../../src/shared/contact-fields';
import { answerLog, expectJsonError } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';

/**
 * One-line fields (names, phone numbers, a job's title and other short fields, a reply's subject)
 * refuse what would not show as typed: control characters, Unicode format characters such as the
 * right-to-left override U+202E (`Mallory <U+202E>gpj.exe` shows as "Mallory exe.jpg") and the line and
 * paragraph separators U+2028 and U+2029; with the message control characters get, before
 * anything is stored. Text fields of several lines (a description, a cover letter, a note...)
 * keep tab and line feed, take a vertical tab or form feed as a line break, and refuse every
 * other control character and the bidirectional overrides; and no field of any call's body is
 * left without one rule or the other (docs/security.md#input-handling).
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

/** C0 (SOH, ESC), DEL, C1 (NEL, CSI), and two of the bidirectional overrides and isolates. */
const REFUSED = ['\u0001', '\u001B', '\u007F', '\u0085', '\u009B', '\u202E', '\u2066'];

describe('text fields of several lines', () => {
  it("a job's description keeps its line breaks: a vertical tab or form feed becomes one, CR LF and CR become LF", async () => {
    const description = 'Line one\vLine two\r\nLine three\rLine four\f\fAfter a page break\twith a tab';
    const created = await server.api('POST', '/post', { token, body: sampleJob({ description }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = (await server.api('GET', `/single/${created.body.insertedId}`)).body.description;
    expect(stored).toBe('Line one\nLine two\nLine three\nLine four\n\nAfter a page break\twith a tab');

    const edited = await server.api('PUT', `/post/${created.body.insertedId}`, {
      token,
      body: { description: 'Edited\vagain' },
    });
    expect(edited.status).toBe(200);
    expect((await server.api('GET', `/single/${created.body.insertedId}`)).body.description).toBe(
      'Edited\nagain',
    );
  });

  it.each(REFUSED.map((char) => [hex(char), char]))(
    "a job's description with %s is refused with 400 naming the field, on creation and on edit",
    async (_code, char) => {
      const description = `Help customers ${char}compare quotes.`;
      const created = await call(server, 'POST', '/api/post', {
        body: JSON.stringify(sampleJob({ description })),
        headers: { 'content-type': 'application/json' },
        token,
      });
      expectJsonError(created, 400, 'Description cannot contain control characters.');
      const edited = await call(server, 'PUT', `/api/post/${jobId}`, {
        body: JSON.stringify({ description }),
        headers: { 'content-type': 'application/json' },
        token,
      });
      expectJsonError(edited, 400, 'Description cannot contain control characters.');
      expect((await server.api('GET', `/single/${jobId}`)).body.description).toBe(sampleJob().description);
    },
  );

  it('keeps the format characters real text is written with: soft hyphens, direction marks, joiners', async () => {
    const description = 'Insur\u00ADance for \u200Fשלום\u200E and 👩\u200D💻 alike.';
    const created = await server.api('POST', '/post', { token, body: sampleJob({ description }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await server.api('GET', `/single/${created.body.insertedId}`)).body.description).toBe(
      description,
    );
  });

  it("an application's cover letter, adjustments and long answer refuse them; nothing is stored", async () => {
    const questionJob = await server.api('POST', '/post', {
      token,
      body: sampleJob({
        questions: [
          { id: 'why', type: 'long-text', label: 'Why this role?', purpose: 'To know you better.' },
        ],
      }),
    });
    expect(questionJob.status, JSON.stringify(questionJob.body)).toBe(201);
    const questionJobId = questionJob.body.insertedId as string;
    const before = await applicationCount();
    for (const [body, message] of [
      [application({ about: 'Hello\u0085there.' }), 'Cover letter cannot contain control characters.'],
      [
        application({ adjustments: 'A ramp \u001B[31mplease' }),
        'Adjustments cannot contain control characters.',
      ],
      [
        { ...application({ jobId: questionJobId }), answers: { why: 'Because \u202Eit pays' } },
        'The answer to "Why this role?" cannot contain control characters.',
      ],
    ] as const) {
      const answer = await call(server, 'POST', '/api/applications', {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expectJsonError(answer, 400, message);
    }
    expect(await applicationCount()).toBe(before);

    const saved = await server.api('POST', '/applications', {
      body: {
        ...application({
          jobId: questionJobId,
          about: 'Dear team,\vI apply.',
          adjustments: 'Step-free\r\naccess',
        }),
        answers: { why: 'First line\fsecond line' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const detail = (await server.api('GET', `/applications/${saved.body.insertedId}`, { token })).body;
    expect(detail.about).toBe('Dear team,\nI apply.');
    expect(detail.answers[0].answer).toBe('First line\nsecond line');
    // Read only by the adjustments contact: straight from where it is kept.
    const [kept] = await server.context.database.db
      .select({ adjustments: applicationAdjustments.adjustments })
      .from(applicationAdjustments)
      .where(eq(applicationAdjustments.applicationId, saved.body.insertedId as string));
    expect(kept?.adjustments).toBe('Step-free\naccess');
  });

  it("a note, a reply template's message and a knock-out reply refuse them", async () => {
    const saved = await server.api('POST', '/applications', { body: application({}) });
    expect(saved.status).toBe(201);
    for (const [method, pathname, body, message] of [
      [
        'POST',
        `/api/applications/${saved.body.insertedId}/notes`,
        { body: 'Call\u0007back' },
        'A note cannot contain control characters.',
      ],
      [
        'PUT',
        '/api/reply-templates/rejection',
        { subject: 'Your application', body: 'Dear {firstName},\u009B2J' },
        'The message cannot contain control characters.',
      ],
      [
        'POST',
        '/api/post',
        sampleJob({
          questions: [
            {
              type: 'yes-no',
              label: 'Do you hold a driving licence?',
              purpose: 'The role covers three offices.',
              knockOut: { answers: ['no'], message: 'Sorry\u007F.' },
            },
          ],
        }),
        'The knock-out reply cannot contain control characters.',
      ],
    ] as const) {
      const answer = await call(server, method, pathname, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        token,
      });
      expectJsonError(answer, 400, message);
    }
    expect((await server.api('GET', `/applications/${saved.body.insertedId}/notes`, { token })).body).toEqual(
      [],
    );
    const note = await server.api('POST', `/applications/${saved.body.insertedId}/notes`, {
      token,
      body: { body: 'Call back\von Monday' },
    });
    expect(note.status).toBe(201);
    expect(
      (await server.api('GET', `/applications/${saved.body.insertedId}/notes`, { token })).body[0].body,
    ).toBe('Call back\non Monday');
  });
});

/**
 * Body fields that hold no free text, so neither text rule: by name, with why each is safe. A
 * field that is not here and has no enum or format of its own must carry ONE_LINE or MULTI_LINE.
 */
const NOT_TEXT: Record<string, string> = {
  password: 'a secret: hashed or compared, never shown',
  newPassword: 'a secret',
  currentPassword: 'a secret',
  token: 'a token: compared with its hash, never stored as sent',
  challenge: 'a signed challenge: verified, never stored',
  code: 'six digits (totpCodeSchema)',
  recoveryCode: 'compared with stored hashes',
  email: 'an e-mail address (emailSchema pipes to z.email)',
  phone: 'checked by phoneSchema (ONE_LINE) in the contract’s transform',
  number: 'the same as phone',
  pdfFile: 'canonical base64 of a checked PDF',
  jobId: 'an id: looked up, anything else is not found',
  applicationId: 'an id',
  slotId: 'an id',
  ids: 'ids',
  interviewerIds: 'ids',
  slotIds: 'ids',
  questionSetId: 'an id',
  id: 'a question id: a-z, 0-9 and - (QUESTION_ID)',
  time: 'a time of day, HH:MM',
  date: 'a calendar date',
  closingDate: 'a calendar date',
  checkedOn: 'a calendar date',
  followUpOn: 'a calendar date',
  employmentEndedOn: 'a calendar date',
  publishTime: 'kept only as MM/DD/YYYY, else the server’s own date',
  postCreator: 'ignored: the server writes who created a post',
  lastEditUser: 'ignored: the server writes who edited a post',
  editTime: 'ignored: the server writes when',
  criterion: 'must equal the job’s requirement it rates',
  answers: 'a knock-out answer must be one of its question’s own answers',
};
/** Whole calls, and fields of one call, that store nothing of what they are sent. */
const NOT_STORED = new Set([
  'POST /email/sendEmail', // acknowledges only (docs/behaviour.md#sendemail-only-acknowledges)
  'POST /applications jobTitle', // the job's own title is stored
  'POST /applications jobName',
]);

type JsonSchema = Record<string, any>;

describe('every field of every call', () => {
  it('is a choice, a format, a field that holds no text, or held to ONE_LINE or MULTI_LINE', async () => {
    const docs = (await server.api('GET', '/docs')).body;
    const resolve = (schema: JsonSchema): JsonSchema =>
      typeof schema.$ref === 'string'
        ? resolve(docs.components.schemas[schema.$ref.replace('#/components/schemas/', '')])
        : schema;
    const strings: { call: string; path: string; schema: JsonSchema }[] = [];
    const walk = (call: string, path: string, node: JsonSchema | undefined) => {
      if (!node || typeof node !== 'object') return;
      const schema = resolve(node);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const part of (schema[key] as JsonSchema[] | undefined) ?? []) walk(call, path, part);
      for (const [name, property] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}))
        walk(call, path ? `${path}.${name}` : name, property);
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        walk(call, `${path}.*`, schema.additionalProperties);
      if (schema.items) walk(call, `${path}[]`, schema.items);
      const types = ([] as unknown[]).concat(schema.type);
      if (types.includes('string')) strings.push({ call, path, schema });
    };
    for (const [route, operations] of Object.entries(docs.paths as Record<string, Record<string, any>>))
      for (const [method, operation] of Object.entries(operations))
        for (const content of Object.values((operation.requestBody?.content ?? {}) as Record<string, any>))
          walk(`${method.toUpperCase()} ${route}`, '', content.schema);

    const patternsOf = (schema: JsonSchema) =>
      [
        schema.pattern,
        ...((schema.allOf as JsonSchema[] | undefined) ?? []).map((part) => part.pattern),
      ].filter((pattern): pattern is string => typeof pattern === 'string');
    const rules = [ONE_LINE.source, MULTI_LINE.source];
    const unruled = strings
      .filter(({ call, path, schema }) => {
        const name = path.replace(/\[\]/g, '').split('.').pop()!;
        if (schema.enum || schema.const !== undefined || schema.format) return false;
        if (patternsOf(schema).some((pattern) => rules.includes(pattern))) return false;
        return !(name in NOT_TEXT) && !NOT_STORED.has(call) && !NOT_STORED.has(`${call} ${path}`);
      })
      .map(({ call, path }) => `${call} ${path}`);
    expect(unruled).toEqual([]);

    // The walk reached the calls' bodies: the free texts are there, each with the rule of several lines.
    const multiLine = strings
      .filter(({ schema }) => patternsOf(schema).includes(MULTI_LINE.source))
      .map(({ call, path }) => `${call} ${path}`);
    expect(multiLine).toEqual(
      expect.arrayContaining([
        'POST /post description',
        'PUT /post/{id} description',
        'POST /post questions[].knockOut.message',
        'POST /applications about',
        'POST /applications adjustments',
        'POST /applications/{id}/notes body',
        'PUT /reply-templates/{kind} body',
        'PUT /my-application/{token}/interview adjustments',
        'PUT /team/applications/{id}/scorecard ratings[].note',
      ]),
    );
  });
});

describeNoLeaks(30);
