import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_APPLICATION_BODY_BYTES, MAX_BODY_BYTES } from '../../src/shared/limits';
import { messages } from '../../src/shared/messages';
import { NUL_MESSAGE } from '../../src/server/http/reject-nul';
import { hashPassword } from '../../src/server/auth/passwords';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { ADMIN, sampleJob, startTestServer, type TestServer } from '../support/test-server';
import { fakeWebBuild, removeFakeWebBuild } from '../support/web-template';

/** Every answer any test here received: none may carry a stack trace or an internal error name. */
const answers: { label: string; status: number; text: string }[] = [];

async function call(
  server: TestServer,
  method: string,
  pathname: string,
  init: { body?: string; headers?: Record<string, string>; token?: string } = {},
) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body,
  });
  const text = await response.text();
  answers.push({ label: `${method} ${pathname}`, status: response.status, text });
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** An error answer: the status, JSON `{ message }` (validation errors may add `errors`), and nothing internal. */
function expectJsonError(
  answer: { status: number; headers: Headers; body: any },
  status: number,
  message?: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toEqual(
    expect.objectContaining({ message: message === undefined ? expect.any(String) : message }),
  );
  expect(Object.keys(answer.body).filter((key) => key !== 'message' && key !== 'errors')).toEqual([]);
}

const login = (email: string, password: string) => JSON.stringify({ email, password });

describe('security headers, CORS, body limits and error answers', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ CORS_ORIGINS: 'https://partner.example, https://hr.example' });
    token = await server.adminToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('helmet headers', () => {
    it.each([
      ['a JSON answer', 'GET', '/api/all'],
      ['an error answer', 'GET', '/api/no-such-thing'],
      ['a refused admin call', 'GET', '/api/applications'],
    ])('are on %s', async (_label, method, pathname) => {
      const { headers } = await call(server, method, pathname);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(headers.get('x-powered-by')).toBeNull();
    });
  });

  describe('CORS allow-list', () => {
    it.each([
      'http://localhost:5173', // the Vite dev server
      'app://careers-console', // the desktop console
      'https://partner.example', // configured in CORS_ORIGINS
      'https://hr.example',
    ])('lets %s call the API, including the preflight of an admin call', async (origin) => {
      const simple = await call(server, 'GET', '/api/all', { headers: { origin } });
      expect(simple.status).toBe(200);
      expect(simple.headers.get('access-control-allow-origin')).toBe(origin);
      expect(simple.headers.get('vary')).toMatch(/origin/i);
      expect(simple.headers.get('access-control-expose-headers')).toMatch(/retry-after/);

      const preflight = await call(server, 'OPTIONS', '/api/post/123', {
        headers: {
          origin,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it.each([
      'https://evil.example',
      'http://localhost:5173.evil.example',
      'https://partner.example.evil.example',
      'null',
    ])('does not let %s read answers or pass a preflight', async (origin) => {
      const simple = await call(server, 'GET', '/api/all', { headers: { origin } });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();

      const preflight = await call(server, 'OPTIONS', '/api/login', {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    });
  });

  describe('body limits', () => {
    const overOneMiB = 'x'.repeat(MAX_BODY_BYTES + 1024);

    it('refuses more than 1 MiB on POST /api/login with 413 JSON', async () => {
      const answer = await call(server, 'POST', '/api/login', { body: login(ADMIN.email, overOneMiB) });
      expectJsonError(answer, 413, messages.bodyTooLarge);
    });

    it('refuses more than 1 MiB on POST /api/register and on POST /api/post with 413 JSON, storing nothing', async () => {
      const email = 'huge-body@example.com';
      const register = await call(server, 'POST', '/api/register', {
        body: JSON.stringify({ name: overOneMiB, email, password: 'abcdef' }),
      });
      expectJsonError(register, 413, messages.bodyTooLarge);
      expect(await server.context.users.findByEmail(email)).toBeUndefined();

      const before = (await server.api('GET', '/all')).body.length;
      const post = await call(server, 'POST', '/api/post', {
        token,
        body: JSON.stringify(sampleJob({ description: overOneMiB })),
      });
      expectJsonError(post, 413, messages.bodyTooLarge);
      const put = await call(server, 'PUT', '/api/post/00000000-0000-4000-8000-000000000000', {
        token,
        body: JSON.stringify({ description: overOneMiB }),
      });
      expectJsonError(put, 413, messages.bodyTooLarge);
      expect((await server.api('GET', '/all')).body).toHaveLength(before);
    });

    it('takes a body just under 1 MiB on an ordinary route (the limit is not lower)', async () => {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, 'x'.repeat(MAX_BODY_BYTES - 1024)),
      });
      // Reaches validation: the password is over the 1024-character cap.
      expect(answer.status).toBe(400);
    });

    it('refuses more than 8 MiB on POST /api/applications with 413 and the CV size message', async () => {
      const answer = await call(server, 'POST', '/api/applications', {
        body: JSON.stringify({
          name: 'Big',
          email: 'big@example.com',
          phone: '01234 567890',
          about: 'Too big',
          jobId: '00000000-0000-4000-8000-000000000000',
          pdfFile: 'data:application/pdf;base64,' + 'A'.repeat(MAX_APPLICATION_BODY_BYTES),
        }),
      });
      expectJsonError(answer, 413, 'File size should be less than or equal to 5MB.');
    });

    it('lets POST /api/applications take more than 1 MiB (a CV of a few MB is reached and checked)', async () => {
      const job = await server.api('POST', '/post', { token, body: sampleJob() });
      const answer = await call(server, 'POST', '/api/applications', {
        body: JSON.stringify({
          name: 'Mid',
          email: 'mid@example.com',
          phone: '01234 567890',
          about: 'A 2 MiB body',
          jobId: job.body.insertedId,
          pdfFile: 'data:application/pdf;base64,' + 'A'.repeat(2 * 1024 * 1024),
        }),
      });
      expectJsonError(answer, 400, messages.cvOnlyPdf);
    });
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

    it('an application with a __proto__ or constructor.prototype key is refused with 400 and stores nothing', async () => {
      const job = await server.api('POST', '/post', { token, body: sampleJob() });
      const fields = {
        name: 'Proto',
        email: 'proto-apply@example.com',
        phone: '01234 567890',
        about: 'Hello',
        pdfFile: toDataUrl(await validPdf()),
        jobId: job.body.insertedId as string,
      };
      const before = (await server.api('GET', '/applications', { token })).body.length;
      for (const extra of ['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}']) {
        const body = JSON.stringify(fields).replace(/^\{/, `{${extra},`);
        expectJsonError(await call(server, 'POST', '/api/applications', { body }), 400, messages.badJson);
      }
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect((await server.api('GET', '/applications', { token })).body.length).toBe(before);
    });

    it('an application with text beyond ASCII keeps every character', async () => {
      const job = await server.api('POST', '/post', { token, body: sampleJob() });
      const about = 'Zoë Łukasiewicz, 日本語 and emoji 🎉 — all kept';
      const created = await server.api('POST', '/applications', {
        body: {
          name: 'Zoë Brontë',
          email: 'zoe@example.com',
          phone: '01234 567890',
          about,
          pdfFile: toDataUrl(await validPdf()),
          jobId: job.body.insertedId,
        },
      });
      expect(created.status).toBe(201);
      const stored = await server.api('GET', `/applications/${created.body.insertedId}`, { token });
      expect(stored.body.name).toBe('Zoë Brontë');
      expect(stored.body.about).toBe(about);
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
      expect(answer.body).toEqual({ admin: false });

      expectJsonError(await call(server, 'GET', `/api/admin/${'a'.repeat(2000)}`, { token }), 414);
    });
  });

  describe('unknown addresses under /api', () => {
    it.each([
      ['GET', '/api/whatever'],
      ['GET', '/api/'],
      ['GET', '/api'],
      ['POST', '/api/whatever/else'],
      ['DELETE', '/api/all'],
      ['PATCH', '/api/post/123'],
      ['GET', '/api/applications/abc/unknown'],
      ['GET', '/api/../etc/passwd'],
    ])('%s %s gives a JSON 404 { message }', async (method, pathname) => {
      const answer = await call(server, method, pathname, { token });
      expectJsonError(answer, 404, messages.notFound);
      expect(Object.keys(answer.body)).toEqual(['message']);
    });
  });

  describe('unknown addresses under /api, with the web site served beside the API', () => {
    let site: TestServer;
    let webDir: string;
    beforeAll(async () => {
      webDir = fakeWebBuild();
      site = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
    });
    afterAll(async () => {
      await site?.stop();
      removeFakeWebBuild(webDir);
    });

    it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])(
      "%s gives a JSON 404 { message }, never the site's HTML page",
      async (method) => {
        for (const pathname of [
          '/api/no-such-thing',
          '/api/no/such/thing',
          '/api',
          '/api/',
          '/api/applications/abc/unknown',
        ]) {
          const answer = await call(site, method, pathname, {
            body: method === 'GET' ? undefined : '{}',
          });
          expectJsonError(answer, 404, messages.notFound);
          expect(Object.keys(answer.body), `${method} ${pathname}`).toEqual(['message']);
        }
      },
    );

    it('HEAD of an unknown API address is a 404 too; the site and the API still answer as before', async () => {
      const head = await fetch(`${site.url}/api/no-such-thing`, { method: 'HEAD' });
      expect(head.status).toBe(404);
      expect(head.headers.get('content-type')).toMatch(/^application\/json/);
      const page = await fetch(`${site.url}/no-such-page`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect((await fetch(`${site.url}/about`)).status).toBe(200);
      expect((await fetch(`${site.url}/api/all`)).status).toBe(200);
      expectJsonError(await call(site, 'GET', `/api/admin/${'a'.repeat(2000)}`), 414);
    });
  });

  describe('GET /api/docs and GET /api/health', () => {
    it('/api/docs is an OpenAPI 3.1 document listing every call of the API', async () => {
      const { status, body, headers } = await call(server, 'GET', '/api/docs');
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      expect(body.openapi).toMatch(/^3\.1/);
      expect(body.info.title).toEqual(expect.any(String));
      expect(body.servers).toEqual([{ url: '/api' }]);

      const expected: [string, string][] = [
        ['/login', 'post'],
        ['/register', 'post'],
        ['/admin/{email}', 'get'],
        ['/all', 'get'],
        ['/single/{id}', 'get'],
        ['/post', 'post'],
        ['/post/{id}', 'put'],
        ['/post/{id}', 'delete'],
        ['/applications', 'post'],
        ['/applications', 'get'],
        ['/applications/{id}', 'get'],
        ['/applications/{id}', 'delete'],
        ['/applications/{id}/pdf', 'get'],
        ['/applications/{id}/cv', 'get'],
        ['/email/sendEmail', 'post'],
        ['/health', 'get'],
      ];
      for (const [pathname, method] of expected) {
        expect(body.paths[pathname]?.[method], `${method.toUpperCase()} ${pathname}`).toBeDefined();
      }
      // Paths are relative to the /api server, not doubled.
      expect(Object.keys(body.paths).filter((p) => p.startsWith('/api'))).toEqual([]);
      expect(body.paths['/docs']).toBeUndefined();

      // Admin calls declare the bearer scheme; the request bodies come from the shared schemas.
      expect(body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      const adminOperations: [string, string][] = [
        ['/post', 'post'],
        ['/post/{id}', 'put'],
        ['/post/{id}', 'delete'],
        ['/applications', 'get'],
        ['/applications/{id}', 'get'],
        ['/applications/{id}', 'delete'],
        ['/applications/{id}/pdf', 'get'],
        ['/applications/{id}/cv', 'get'],
      ];
      for (const [pathname, method] of adminOperations) {
        expect(body.paths[pathname][method].security, `${method} ${pathname}`).toEqual([{ bearer: [] }]);
      }
      const loginBody = body.paths['/login'].post.requestBody.content['application/json'].schema;
      expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
      expect(Object.keys(body.paths['/register'].post.responses)).toEqual(
        expect.arrayContaining(['201', '400', '409', '429']),
      );
    });

    it('/api/health answers ok with the storage and mail in use', async () => {
      const { status, body } = await call(server, 'GET', '/api/health');
      expect(status).toBe(200);
      expect(body).toEqual({
        status: 'ok',
        database: server.databaseUrl ? 'postgres' : 'pglite',
        mail: expect.any(String),
      });
    });
  });
});

// The test's requests come from 127.0.0.1: the proxy, named by hop count or by address.
describe.each(['1', '127.0.0.1', 'loopback'])(
  'rate limits behind a trusted proxy (TRUST_PROXY=%s)',
  (trust) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ TRUST_PROXY: trust }, { rateLimits: { loginPerMinute: 10 } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('the client address is the one the proxy appended: a forged X-Forwarded-For entry gives no fresh tries', async () => {
      // The proxy appends the address it saw; everything to its left is what the client wrote.
      const real = '203.0.113.250';
      for (let i = 0; i < 30; i++) {
        const answer = await call(server, 'POST', '/api/login', {
          body: login(`forged${i}@example.com`, 'x'),
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}, ${real}` },
        });
        expect(answer.status).toBe(401);
      }
      const blocked = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: { 'x-forwarded-for': `192.0.2.99, ${real}` },
      });
      expectJsonError(blocked, 429, messages.loginRateLimited);
      // Another client behind the same proxy is not affected.
      const other = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: { 'x-forwarded-for': `203.0.113.251` },
      });
      expect(other.status).toBe(200);
    });
  },
);

describe('rate limits (real limits, behind a trusted proxy so each test is its own client)', () => {
  let server: TestServer;
  let jobId: string;
  let ipCounter = 0;
  const newIp = () => `203.0.113.${++ipCounter}`;
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  beforeAll(async () => {
    server = await startTestServer(
      { TRUST_PROXY: '1' },
      {
        rateLimits: {
          loginPerMinute: 10,
          registerPerMinute: 5,
          applicationsPerMinute: 10,
          emailsPerMinute: 10,
        },
      },
    );
    const login = await call(server, 'POST', '/api/login', {
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      headers: from('198.51.100.1'),
    });
    expect(login.status).toBe(200);
    const job = await call(server, 'POST', '/api/post', {
      token: login.body.token,
      body: JSON.stringify(sampleJob()),
      headers: from('198.51.100.1'),
    });
    jobId = job.body.insertedId;
  });
  afterAll(async () => {
    await server?.stop();
  });

  function expect429(answer: { status: number; headers: Headers; body: any }, message: string) {
    expectJsonError(answer, 429, message);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('login: the 31st failed try from one address within a minute gets 429, even with the right password', async () => {
    // Password spraying: one address, a few guesses at many e-mail addresses.
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(`probe${i}@example.com`, 'wrong-password'),
        headers: from(ip),
      });
      expectJsonError(answer, 401, messages.invalidCredentials);
    }
    const blocked = await call(server, 'POST', '/api/login', {
      body: login(ADMIN.email, ADMIN.password),
      headers: from(ip),
    });
    expect429(blocked, messages.loginRateLimited);
    expect(blocked.body.token).toBeUndefined();

    // Another address is not affected.
    const other = await call(server, 'POST', '/api/login', {
      body: login(ADMIN.email, ADMIN.password),
      headers: from(newIp()),
    });
    expect(other.status).toBe(200);
  });

  it('login: 11 wrong passwords for one email from one address get 429', async () => {
    const ip = newIp();
    const email = 'victim-one-ip@example.com';
    for (let i = 0; i < 10; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(email, `guess-${i}`),
        headers: from(ip),
      });
      expect(answer.status).toBe(401);
    }
    expect429(
      await call(server, 'POST', '/api/login', { body: login(email, 'guess-10'), headers: from(ip) }),
      messages.loginRateLimited,
    );
  });

  it("login: a stranger's wrong passwords for an administrator's e-mail never lock the administrator out", async () => {
    const attacker = newIp();
    for (let i = 0; i < 10; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, `guess-${i}`),
        headers: from(attacker),
      });
      expect(answer.status).toBe(401);
    }
    // The stranger is stopped, even with the right password...
    expect429(
      await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, 'guess-10'),
        headers: from(attacker),
      }),
      messages.loginRateLimited,
    );
    expect429(
      await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: from(attacker),
      }),
      messages.loginRateLimited,
    );
    // ...while the administrator, from their own address, logs in (in any letter case).
    const admin = await call(server, 'POST', '/api/login', {
      body: login(ADMIN.email.toUpperCase(), ADMIN.password),
      headers: from(newIp()),
    });
    expect(admin.status).toBe(200);
    expect(admin.body.token).toEqual(expect.any(String));
  });

  it('login: failures for one e-mail from many addresses slow its logins down, but its owner still gets in', async () => {
    const email = 'spread-out@example.com';
    await server.context.users.create({
      name: 'Spread Out',
      email,
      passwordHash: await hashPassword('the-right-one'),
      isAdmin: true,
    });
    for (let i = 0; i < 15; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(i % 2 ? email : email.toUpperCase(), `guess-${i}`),
        headers: from(newIp()),
      });
      expect(answer.status).toBe(401);
    }
    const started = Date.now();
    const owner = await call(server, 'POST', '/api/login', {
      body: login(email, 'the-right-one'),
      headers: from(newIp()),
    });
    expect(owner.status).toBe(200);
    // Five failures past the free ten: this try waited 4 s (a machine under load only adds to it).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    // Another e-mail address is not slowed.
    const other = await call(server, 'POST', '/api/login', {
      body: login('someone-else@example.com', 'x'),
      headers: from(newIp()),
    });
    expect(other.status).toBe(401);
  }, 60_000);

  it('login: successful logins are not counted against an address', async () => {
    const ip = newIp();
    for (let i = 0; i < 15; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(ADMIN.email, ADMIN.password),
        headers: from(ip),
      });
      expect(answer.status, `login ${i + 1}`).toBe(200);
    }
  });

  it('register: the 6th registration from one address within a minute gets 429 and creates nothing', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const answer = await call(server, 'POST', '/api/register', {
        body: JSON.stringify({ name: `R${i}`, email: `reg-${ip}-${i}@example.com`, password: 'abcdef' }),
        headers: from(ip),
      });
      expect(answer.status).toBe(201);
    }
    const email = `reg-${ip}-blocked@example.com`;
    expect429(
      await call(server, 'POST', '/api/register', {
        body: JSON.stringify({ name: 'Blocked', email, password: 'abcdef' }),
        headers: from(ip),
      }),
      messages.rateLimited,
    );
    expect(await server.context.users.findByEmail(email)).toBeUndefined();
    const other = await call(server, 'POST', '/api/register', {
      body: JSON.stringify({ name: 'Other', email, password: 'abcdef' }),
      headers: from(newIp()),
    });
    expect(other.status).toBe(201);
  });

  it('applications: the 11th submission from one address within a minute gets 429 and stores nothing', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const answer = await call(server, 'POST', '/api/applications', { body: '{}', headers: from(ip) });
      expect(answer.status).toBe(400);
    }
    const valid = JSON.stringify({
      name: 'Rate Limited',
      email: 'limited@example.com',
      phone: '01234 567890',
      about: 'Eleventh try',
      pdfFile: toDataUrl(await validPdf()),
      jobId,
    });
    expect429(
      await call(server, 'POST', '/api/applications', { body: valid, headers: from(ip) }),
      messages.rateLimited,
    );
    expect(await server.context.applications.list()).toHaveLength(0);
    const other = await call(server, 'POST', '/api/applications', { body: valid, headers: from(newIp()) });
    expect(other.status).toBe(201);
  });

  it('sendEmail: the 11th call from one address within a minute gets 429', async () => {
    const ip = newIp();
    const body = JSON.stringify({ email: 'nobody@example.com', jobId });
    for (let i = 0; i < 10; i++) {
      const answer = await call(server, 'POST', '/api/email/sendEmail', { body, headers: from(ip) });
      expect(answer.status).toBe(200);
    }
    expect429(
      await call(server, 'POST', '/api/email/sendEmail', { body, headers: from(ip) }),
      messages.rateLimited,
    );
  });
});

describe('rate limits without a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { rateLimits: { loginPerMinute: 10 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a forged X-Forwarded-For does not give an attacker fresh login tries', async () => {
    for (let i = 0; i < 30; i++) {
      const answer = await call(server, 'POST', '/api/login', {
        body: login(`spoof${i}@example.com`, 'x'),
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call(server, 'POST', '/api/login', {
      body: login('spoof-last@example.com', 'x'),
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expectJsonError(blocked, 429, messages.loginRateLimited);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('no answer leaks internals', () => {
  it('no body received above holds a stack frame, an error name or a server path', () => {
    expect(answers.length).toBeGreaterThan(100);
    for (const { label, status, text } of answers) {
      expect(status, `${label} answered ${status}`).toBeLessThan(500);
      expect(text, label).not.toMatch(/\bat .+:\d+:\d+/);
      expect(text, label).not.toMatch(/\n\s+at /);
      expect(text, label).not.toContain('Error:');
      expect(text, label).not.toContain('node_modules');
      expect(text, label).not.toContain('FST_');
      expect(text, label).not.toContain(process.cwd());
    }
  });
});
