import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { NUL_MESSAGE } from '../../../src/server/http/reject-nul';
import { answerLog, expectJsonError, login } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { ADMIN, sampleJob } from '../../support/test-server';

const { call, describeNoLeaks } = answerLog();

let server: TestApp;
let token: string;
beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

describe('bad input is a 4xx JSON answer, never a 500', () => {
  it.each([
    ['POST', '/api/login'],
    ['POST', '/api/register'],
    ['POST', '/api/applications'],
    ['POST', '/api/email/sendEmail'],
    ['POST', '/api/post'],
    ['PUT', '/api/post/00000000-0000-4000-8000-000000000000'],
  ])('%s %s: malformed JSON gives 400', async (method, pathname) => {
    for (const body of ['{"email": "a@b.co",', '{bad json}', "{'single': 'quotes'}", '']) {
      const answer = await call(server, method, pathname, { token, body });
      expectJsonError(answer, 400, messages.badJson);
    }
  });

  it.each([
    ['application/xml', '<login><email>a@b.co</email></login>'],
    ['text/plain', login(ADMIN.email, ADMIN.password)],
    ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--',
    ],
  ])('a %s body gives 415', async (contentType, body) => {
    const answer = await call(server, 'POST', '/api/login', {
      body,
      headers: { 'content-type': contentType },
    });
    expectJsonError(answer, 415, 'Send the request body as application/json.');
    expect(answer.body.token).toBeUndefined();
  });

  it('a body without a content type gives 415', async () => {
    const answer = await call(server, 'POST', '/api/register', {
      body: '{}',
      headers: { 'content-type': '' },
    });
    expectJsonError(answer, 415);
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"admin@example.com"'],
    ['a number', '42'],
    ['wrong types', '{"email": 5, "password": {"$ne": null}}'],
    ['an over-long email', login(`${'a'.repeat(300)}@example.com`, 'abcdef')],
    ['a huge number', '{"email": 1e999, "password": "x"}'],
    ['deep nesting', `{"email": ${'['.repeat(2000)}${']'.repeat(2000)}, "password": "x"}`],
  ])('login with %s gives 400', async (_label, body) => {
    expectJsonError(await call(server, 'POST', '/api/login', { body }), 400);
  });

  it('a __proto__ key is refused with 400 and pollutes nothing', async () => {
    const answer = await call(server, 'POST', '/api/register', {
      body: '{"name":"P","email":"proto@example.com","password":"abcdef","__proto__":{"isAdmin":true}}',
    });
    expectJsonError(answer, 400, messages.badJson);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await server.context.users.findByEmail('proto@example.com')).toBeUndefined();
  });

  it('text with a NUL character (which PostgreSQL cannot store) gives 400, not 500, and stores nothing', async () => {
    const job = await server.api('POST', '/post', { token, body: sampleJob() });
    const jobId = job.body.insertedId as string;
    const pdfFile = toDataUrl(await validPdf());
    const cases: [string, string, unknown][] = [
      ['POST', '/api/register', { name: 'Nul\u0000Name', email: 'nul@example.com', password: 'abcdef' }],
      ['POST', '/api/login', { email: ADMIN.email, password: 'abc\u0000def' }],
      ['POST', '/api/post', sampleJob({ description: 'x\u0000y' })],
      ['PUT', `/api/post/${jobId}`, { ctc: '£1\u0000' }],
      [
        'POST',
        '/api/applications',
        { name: 'N', email: 'nul@example.com', phone: '01234 567890', about: 'a\u0000', pdfFile, jobId },
      ],
      ['POST', '/api/email/sendEmail', { email: 'nul@example.com', jobId, name: '\u0000' }],
      [
        'POST',
        '/api/register',
        { ['na\u0000me']: 'x', name: 'Key', email: 'nulkey@example.com', password: 'abcdef' },
      ],
    ];
    const applicationsBefore = (await server.api('GET', '/applications', { token })).body.length;
    for (const [method, pathname, body] of cases) {
      const answer = await call(server, method, pathname, { token, body: JSON.stringify(body) });
      expectJsonError(answer, 400, NUL_MESSAGE);
    }
    for (const pathname of [`/api/admin/nul%00@example.com`, '/api/single/a%00b', '/api/all?x=%00']) {
      expectJsonError(await call(server, 'GET', pathname, { token }), 400, NUL_MESSAGE);
    }
    expect(await server.context.users.findByEmail('nul@example.com')).toBeUndefined();
    expect(await server.context.users.findByEmail('nulkey@example.com')).toBeUndefined();
    expect((await server.api('GET', `/single/${jobId}`)).body.ctc).toBe(sampleJob().ctc);
    expect((await server.api('GET', '/applications', { token })).body).toHaveLength(applicationsBefore);
  });

  it('a path that is not valid percent-encoding gives 400 { message }', async () => {
    const answer = await call(server, 'GET', '/api/admin/%E0%A4%A', { token });
    expectJsonError(answer, 400, 'The request address is not valid.');
    expect(Object.keys(answer.body)).toEqual(['message']);
  });

  it('GET /api/admin/:email works for an email of 254 characters; an absurdly long path gives 414 { message }', async () => {
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(180)}.example.com`.slice(0, 254);
    expect(longEmail.length).toBeLessThanOrEqual(254);
    const answer = await call(server, 'GET', `/api/admin/${encodeURIComponent(longEmail)}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ admin: false, role: 'user' });

    expectJsonError(await call(server, 'GET', `/api/admin/${'a'.repeat(2000)}`, { token }), 414);
  });
});

describeNoLeaks(50);
