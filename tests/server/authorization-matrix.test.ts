import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { ADMIN, sampleJob, startTestServer, type TestServer } from '../support/test-server';

/**
 * Every admin call, with every kind of credential that must not open it: refused with 401 (no or
 * bad token) or 403 (a real user who is not an administrator now), JSON `{ message }`, and
 * nothing changed or leaked.
 */

const JWT_SECRET = 'matrix-test-secret-0123456789-abcdefghijklmnop';
const OTHER_SECRET = 'another-key-entirely-0123456789-abcdefghijklmnop';
const APPLICANT = { name: 'Priya Applicant', email: 'priya.applicant@example.com', phone: '+44 7700 900123' };
const ABOUT = 'I would like to help customers compare quotes; confidential cover letter text.';
const NOTE = 'Internal note: strong candidate, call back on Monday.';

let server: TestServer;
let adminToken: string;
let adminId: string;
let jobId: string;
let applicationId: string;
let jobBefore: unknown;
let applicationBefore: unknown;
let pdfBefore: unknown;
let notesBefore: unknown;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(
  claims: Record<string, unknown>,
  { secret = JWT_SECRET, alg = 'HS256', exp = nowSeconds() + 3600 } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuedAt(Math.min(exp, nowSeconds()) - 60)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

const adminClaims = () => ({ sub: adminId, email: ADMIN.email, name: ADMIN.name });

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET });
  adminToken = await server.adminToken();
  adminId = (await server.context.users.findByEmail(ADMIN.email))!.id;

  const job = await server.api('POST', '/post', { token: adminToken, body: sampleJob() });
  expect(job.status).toBe(201);
  jobId = job.body.insertedId;

  const application = await server.api('POST', '/applications', {
    body: {
      ...APPLICANT,
      number: APPLICANT.phone,
      pdfFile: toDataUrl(await validPdf('Priya Applicant - CV')),
      about: ABOUT,
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      jobId,
    },
  });
  expect(application.status).toBe(201);
  expect(application.body).toEqual({ success: true, insertedId: expect.any(String), duplicate: false });
  applicationId = application.body.insertedId;

  jobBefore = (await server.api('GET', `/single/${jobId}`)).body;
  applicationBefore = (await server.api('GET', `/applications/${applicationId}`, { token: adminToken })).body;
  const note = await server.api('POST', `/applications/${applicationId}/notes`, {
    token: adminToken,
    body: { body: NOTE },
  });
  expect(note.status).toBe(201);
  pdfBefore = (await server.api('GET', `/applications/${applicationId}/pdf`, { token: adminToken })).body;
  notesBefore = (await server.api('GET', `/applications/${applicationId}/notes`, { token: adminToken })).body;
  expect(JSON.stringify(notesBefore)).toContain(NOTE);
  expect(applicationBefore).toMatchObject({ _id: applicationId, email: APPLICANT.email });
  expect(pdfBefore).toMatchObject({ pdfFile: expect.stringMatching(/^data:application\/pdf;base64,/) });
});
afterAll(async () => {
  await server?.stop();
});

interface AdminCall {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
}

const adminCalls: AdminCall[] = [
  {
    name: 'POST /post',
    method: 'POST',
    path: () => '/post',
    body: () => sampleJob({ jobTitle: 'Injected by an intruder' }),
  },
  {
    name: 'PUT /post/:id',
    method: 'PUT',
    path: () => `/post/${jobId}`,
    body: () => ({ jobTitle: 'Defaced', ctc: '£0' }),
  },
  { name: 'DELETE /post/:id', method: 'DELETE', path: () => `/post/${jobId}` },
  { name: 'GET /applications', method: 'GET', path: () => '/applications' },
  { name: 'GET /applications/:id', method: 'GET', path: () => `/applications/${applicationId}` },
  { name: 'GET /applications/:id/pdf', method: 'GET', path: () => `/applications/${applicationId}/pdf` },
  { name: 'GET /applications/:id/cv', method: 'GET', path: () => `/applications/${applicationId}/cv` },
  { name: 'DELETE /applications/:id', method: 'DELETE', path: () => `/applications/${applicationId}` },
  { name: 'GET /applications/:id/notes', method: 'GET', path: () => `/applications/${applicationId}/notes` },
  {
    name: 'POST /applications/:id/notes',
    method: 'POST',
    path: () => `/applications/${applicationId}/notes`,
    body: () => ({ body: 'Injected note' }),
  },
  { name: 'GET /applications/:id/audit', method: 'GET', path: () => `/applications/${applicationId}/audit` },
  {
    name: 'PUT /applications/:id/hold',
    method: 'PUT',
    path: () => `/applications/${applicationId}/hold`,
    body: () => ({ hold: true }),
  },
  {
    name: 'GET /applicants/:email/export',
    method: 'GET',
    path: () => `/applicants/${encodeURIComponent(APPLICANT.email)}/export`,
  },
  {
    name: 'DELETE /applicants/:email',
    method: 'DELETE',
    path: () => `/applicants/${encodeURIComponent(APPLICANT.email)}`,
  },
];

interface Credential {
  label: string;
  status: 401 | 403;
  message: string;
  headers: () => Promise<Record<string, string>>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A registered account, given a real token by the server itself (non-admins cannot log in). */
async function userToken(label: string, { admin = false } = {}) {
  const email = `${label}-${Date.now()}@example.com`;
  const registered = await server.api('POST', '/register', {
    body: { name: label, email, password: 'user-password' },
  });
  expect(registered.status).toBe(201);
  if (admin) await server.context.users.setAdmin(email, true);
  const user = (await server.context.users.findByEmail(email))!;
  return { email, token: await server.context.tokens.issue(user) };
}

const credentials: Credential[] = [
  { label: 'no token', status: 401, message: messages.authRequired, headers: async () => ({}) },
  {
    label: 'an empty bearer',
    status: 401,
    message: messages.authRequired,
    headers: async () => ({ authorization: 'Bearer ' }),
  },
  {
    label: 'a malformed token',
    status: 401,
    message: messages.authRequired,
    headers: async () => bearer('this-is-not-a-jwt'),
  },
  {
    label: 'a token with a tampered payload',
    status: 401,
    message: messages.authRequired,
    headers: async () => {
      const { token } = await userToken('tamper');
      const [header, , signature] = token.split('.');
      return bearer(`${header}.${base64url({ ...adminClaims(), exp: nowSeconds() + 3600 })}.${signature}`);
    },
  },
  {
    label: 'a valid token in another scheme',
    status: 401,
    message: messages.authRequired,
    headers: async () => ({ authorization: `Token ${adminToken}` }),
  },
  {
    label: 'an expired token (signed with the real key)',
    status: 401,
    message: messages.sessionExpired,
    headers: async () => bearer(await sign(adminClaims(), { exp: nowSeconds() - 120 })),
  },
  {
    label: 'an alg:none token',
    status: 401,
    message: messages.authRequired,
    headers: async () =>
      bearer(
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...adminClaims(), exp: nowSeconds() + 3600 })}.`,
      ),
  },
  {
    label: 'a token signed with another key',
    status: 401,
    message: messages.authRequired,
    headers: async () => bearer(await sign(adminClaims(), { secret: OTHER_SECRET })),
  },
  {
    label: 'a token signed with the real key but another algorithm (HS512)',
    status: 401,
    message: messages.authRequired,
    headers: async () => bearer(await sign(adminClaims(), { alg: 'HS512' })),
  },
  {
    label: 'a real-key token without a subject',
    status: 401,
    message: messages.authRequired,
    headers: async () => bearer(await sign({ email: ADMIN.email, name: ADMIN.name })),
  },
  {
    label: 'a real-key token for an account that does not exist',
    status: 401,
    message: messages.authRequired,
    headers: async () =>
      bearer(
        await sign({
          sub: '00000000-0000-4000-8000-000000000000',
          email: 'ghost@example.com',
          name: 'Ghost',
        }),
      ),
  },
  {
    label: "a real-key token with the admin's id but another email",
    status: 401,
    message: messages.authRequired,
    headers: async () => bearer(await sign({ ...adminClaims(), email: 'intruder@example.com' })),
  },
  {
    label: 'a valid non-admin token',
    status: 403,
    message: messages.adminRequired,
    headers: async () => bearer((await userToken('plain-user')).token),
  },
  {
    label: "a non-admin's token carrying the administrator's email as its claim",
    status: 401,
    message: messages.authRequired,
    headers: async () => {
      const { email } = await userToken('claims-admin-email');
      const user = (await server.context.users.findByEmail(email))!;
      return bearer(await sign({ sub: user.id, email: ADMIN.email, name: ADMIN.name }));
    },
  },
  {
    label: 'an admin token whose rights were revoked after issue',
    status: 403,
    message: messages.adminRequired,
    headers: async () => {
      const { email, token } = await userToken('revoked-admin', { admin: true });
      // The token works while the account is an administrator...
      const before = await server.api('GET', '/applications', { token });
      expect(before.status).toBe(200);
      await server.context.users.setAdmin(email, false);
      return bearer(token);
    },
  },
];

async function expectUnchanged() {
  const job = await server.api('GET', `/single/${jobId}`);
  expect(job.status).toBe(200);
  expect(job.body).toEqual(jobBefore);

  const jobs = await server.api('GET', '/all');
  expect(jobs.body).toHaveLength(1);

  const application = await server.api('GET', `/applications/${applicationId}`, { token: adminToken });
  expect(application.status).toBe(200);
  expect(application.body).toEqual(applicationBefore);

  const list = await server.api('GET', '/applications', { token: adminToken });
  expect(list.body).toHaveLength(1);

  const pdf = await server.api('GET', `/applications/${applicationId}/pdf`, { token: adminToken });
  expect(pdf.body).toEqual(pdfBefore);

  const notes = await server.api('GET', `/applications/${applicationId}/notes`, { token: adminToken });
  expect(notes.body).toEqual(notesBefore);
}

describe.each(credentials)('with $label', (credential) => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = await credential.headers();
  });

  it.each(adminCalls.map((call) => [call.name, call] as const))(
    '%s is refused, with nothing changed or leaked',
    async (_name, call) => {
      const response = await fetch(`${server.url}/api${call.path()}`, {
        method: call.method,
        headers: { ...headers, ...(call.body ? { 'content-type': 'application/json' } : {}) },
        body: call.body ? JSON.stringify(call.body()) : undefined,
      });
      const text = await response.text();

      expect(response.status).toBe(credential.status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toEqual({ message: credential.message });
      if (credential.status === 401) expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);

      for (const secret of [
        APPLICANT.name,
        APPLICANT.email,
        APPLICANT.phone,
        ABOUT,
        NOTE,
        '%PDF',
        'JVBERi0',
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toContain(applicationId);
      expect(response.headers.get('content-disposition')).toBeNull();
      await expectUnchanged();
    },
  );
});

describe('the same calls with a valid administrator token', () => {
  it('are answered (the refusals above are about the credential, not the calls)', async () => {
    const token = adminToken;
    const get = await server.api('GET', `/applications/${applicationId}`, { token });
    expect(get.status).toBe(200);
    const cv = await fetch(`${server.url}/api/applications/${applicationId}/cv`, { headers: bearer(token) });
    expect(cv.status).toBe(200);
    expect(cv.headers.get('content-type')).toBe('application/pdf');
    expect((await server.api('PUT', `/post/${jobId}`, { token, body: { ctc: '£25,000' } })).status).toBe(200);
    const created = await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Second' }) });
    expect(created.status).toBe(201);
    expect((await server.api('DELETE', `/post/${created.body.insertedId}`, { token })).status).toBe(200);
    expect((await server.api('DELETE', `/applications/${applicationId}`, { token })).status).toBe(200);
    expect((await server.api('GET', `/applications/${applicationId}`, { token })).status).toBe(404);
  });

  it('a token from the login of an administrator is refused once the account is revoked, and again accepted once re-granted', async () => {
    const { email } = await userToken('flip-admin', { admin: true });
    const login = await server.api('POST', '/login', { body: { email, password: 'user-password' } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await server.api('GET', '/applications', { token })).status).toBe(200);
    await server.context.users.setAdmin(email, false);
    const refused = await server.api('GET', '/applications', { token });
    expect(refused).toMatchObject({ status: 403, body: { message: messages.adminRequired } });
    await server.context.users.setAdmin(email, true);
    expect((await server.api('GET', '/applications', { token })).status).toBe(200);
  });
});
