import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT } from '../../support/admin-call-matrix';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { ADMIN, sampleJob } from '../../support/test-server';
import { codeAt, createAdmin } from '../../support/accounts';

/**
 * Admin and account answers carry applicants' and administrators' personal data, so no cache may
 * keep them: every one says `Cache-Control: private, no-store`, whatever the call, its status or
 * its answer's shape (docs/security.md#security-headers-and-csp). The calls are read from the
 * OpenAPI document, so a new admin call is checked without being listed here.
 */

const PRIVATE = 'private, no-store';

interface Operation {
  method: string;
  path: string;
}

let server: TestApp;
let token: string;
let jobId: string;
let applicationId: string;
let operations: Operation[];

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
  const applied = await server.api('POST', '/applications', {
    body: { ...APPLICANT, about: 'Hello.', jobId, pdfFile: toDataUrl(await validPdf()) },
  });
  expect(applied.status).toBe(201);
  applicationId = applied.body.insertedId;
  expect(
    (await server.api('POST', `/applications/${applicationId}/notes`, { token, body: { body: 'A note.' } }))
      .status,
  ).toBe(201);

  const docs = (await server.api('GET', '/docs')).body as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  };
  operations = Object.entries(docs.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([, operation]) => operation.security?.some((scheme) => 'bearer' in scheme))
      .map(([method, _operation]) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await server?.stop();
});

/**
 * The address of an operation, with real ids; the job list in the form a token is for (closed jobs
 * too): without it, a token changes nothing and the list is the public one.
 */
const addressOf = ({ path }: Operation) =>
  `/api${path === '/all' ? '/all?include=closed' : path}`
    .replace('{id}', /^\/(post|single)\//.test(path) ? jobId : applicationId)
    .replace('{kind}', 'rejection')
    .replace('{email}', path.startsWith('/applicants/') ? APPLICANT.email : ADMIN.email);

/** Reads first, then writes, and last what deletes the data or ends the session the others need. */
const LAST = [
  'DELETE /applications/{id}',
  'DELETE /applicants/{email}',
  'DELETE /post/{id}',
  'POST /auth/sign-out-everywhere',
];
const rank = (operation: Operation) => {
  const name = `${operation.method} ${operation.path}`;
  return LAST.includes(name) ? 2 + LAST.indexOf(name) : operation.method === 'GET' ? 0 : 1;
};

describe('every admin call', () => {
  it('answers private, no-store, whatever it answers (the OpenAPI document lists the calls)', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const ordered = [...operations].sort((a, b) => rank(a) - rank(b));
    const missing: string[] = [];
    for (const operation of ordered) {
      // A body where a call takes one: a refusal of its fields is an answer to the signed-in caller too.
      const answer = await server.request(operation.method, addressOf(operation), {
        token,
        ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { body: {} }),
      });
      const label = `${operation.method} ${operation.path} (${answer.status})`;
      expect(answer.status, label).not.toBe(401);
      expect(answer.status, label).toBeLessThan(500);
      if (answer.headers.get('cache-control') !== PRIVATE) missing.push(label);
    }
    expect(missing).toEqual([]);
  });

  it('and a public read answered with an administrator’s extras, too', async () => {
    const adminToken = await createAdmin(server, 'public-reads').then(async (admin) => {
      const login = await server.api('POST', '/login', {
        body: { email: admin.email, password: admin.password },
      });
      return login.body.token as string;
    });
    const job = (await server.api('POST', '/post', { token: adminToken, body: sampleJob() })).body.insertedId;
    for (const address of ['/api/all?include=closed', `/api/single/${job}`]) {
      const answer = await server.request('GET', address, { token: adminToken });
      expect(answer.status, address).toBe(200);
      expect(answer.headers.get('cache-control'), address).toBe(PRIVATE);
    }
    // Anyone else's stays a public answer, revalidated.
    expect((await server.request('GET', '/api/all')).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('enrolment during a login that must set up two-step verification', () => {
  it('answers the secret and the recovery codes private, no-store', async () => {
    const required = await buildTestApp({ REQUIRE_ADMIN_2FA: 'true' });
    try {
      const admin = await createAdmin(required, 'enforced');
      const login = await required.api('POST', '/login', {
        body: { email: admin.email, password: admin.password },
      });
      const { challenge } = login.body;
      const setup = await required.api('POST', '/auth/two-factor/setup', { body: { challenge } });
      expect(setup.status).toBe(200);
      expect(setup.headers.get('cache-control')).toBe(PRIVATE);
      const enabled = await required.api('POST', '/auth/two-factor/enable', {
        body: { challenge, code: codeAt(setup.body.secret) },
      });
      expect(enabled.status).toBe(200);
      expect(enabled.headers.get('cache-control')).toBe(PRIVATE);
    } finally {
      await required.stop();
    }
  });
});
