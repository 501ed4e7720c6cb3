import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { buildTestApp, type TestApp } from './build-app';
import { toDataUrl, validPdf } from './pdf-fixtures';
import { ADMIN, sampleJob } from './test-server';

/**
 * The table behind each domain's authorization test: every admin call of the domain, with every
 * kind of credential that must not open it, is refused with 401 (no or bad token) or 403 (a real
 * user who is not an administrator now), JSON `{ message }`, and nothing changed or leaked. Each
 * domain lists its calls (tests/server/<domain>/*-authorization.test.ts); the credentials, the data
 * they must not reach and the checks are the same for all.
 */

const JWT_SECRET = 'matrix-test-secret-0123456789-abcdefghijklmnop';
const OTHER_SECRET = 'another-key-entirely-0123456789-abcdefghijklmnop';
export const APPLICANT = {
  name: 'Priya Applicant',
  email: 'priya.applicant@example.com',
  phone: '+44 7700 900123',
};
const ABOUT = 'I would like to help customers compare quotes; confidential cover letter text.';
const NOTE = 'Internal note: strong candidate, call back on Monday.';

export interface AdminCall {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
}

/** The app and the data every call is tried against; set by `describeAdminCallMatrix`'s beforeAll. */
export const matrix = {} as {
  server: TestApp;
  adminToken: string;
  adminId: string;
  jobId: string;
  applicationId: string;
};

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

const adminClaims = () => ({ sub: matrix.adminId, email: ADMIN.email, name: ADMIN.name, gen: 0 });

async function setUp() {
  const server = await buildTestApp({ JWT_SECRET });
  matrix.server = server;
  matrix.adminToken = await server.adminToken();
  matrix.adminId = (await server.context.users.findByEmail(ADMIN.email))!.id;
  const adminToken = matrix.adminToken;

  const job = await server.api('POST', '/post', { token: adminToken, body: sampleJob() });
  expect(job.status).toBe(201);
  matrix.jobId = job.body.insertedId;

  const application = await server.api('POST', '/applications', {
    body: {
      ...APPLICANT,
      number: APPLICANT.phone,
      pdfFile: toDataUrl(await validPdf('Priya Applicant - CV')),
      about: ABOUT,
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      jobId: matrix.jobId,
    },
  });
  expect(application.status).toBe(201);
  expect(application.body).toEqual({
    success: true,
    insertedId: expect.any(String),
    duplicate: false,
    monitoringToken: expect.any(String),
  });
  const applicationId = (matrix.applicationId = application.body.insertedId);

  jobBefore = (await server.api('GET', `/single/${matrix.jobId}`)).body;
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
}

interface Credential {
  label: string;
  status: 401 | 403;
  message: string;
  headers: () => Promise<Record<string, string>>;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A registered account, given a real token by the server itself (non-admins cannot log in). */
export async function userToken(label: string, { admin = false } = {}) {
  const { server } = matrix;
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
    headers: async () => ({ authorization: `Token ${matrix.adminToken}` }),
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
    label: 'a real-key token without a token generation',
    status: 401,
    message: messages.authRequired,
    headers: async () => {
      const { gen: _gen, ...claims } = adminClaims();
      return bearer(await sign(claims));
    },
  },
  {
    label: "an administrator's token from before they signed out everywhere (an older generation)",
    status: 401,
    message: messages.sessionRevoked,
    headers: async () => {
      const { token } = await userToken('signed-out-everywhere', { admin: true });
      expect((await matrix.server.api('GET', '/applications', { token })).status).toBe(200);
      const done = await matrix.server.api('POST', '/auth/sign-out-everywhere', { token });
      expect(done.status).toBe(200);
      return bearer(token);
    },
  },
  {
    label: "an administrator's token from before a password change (an older generation)",
    status: 401,
    message: messages.sessionRevoked,
    headers: async () => {
      const { email, token } = await userToken('changed-password', { admin: true });
      const user = (await matrix.server.context.users.findByEmail(email))!;
      await matrix.server.context.accounts.changePassword(user.id, user.passwordHash, '127.0.0.1');
      return bearer(token);
    },
  },
  {
    label: 'a two-factor login challenge used as a token',
    status: 401,
    message: messages.authRequired,
    headers: async () => {
      const user = (await matrix.server.context.users.findById(matrix.adminId))!;
      return bearer(await matrix.server.context.tokens.issueChallenge(user, 'two-factor'));
    },
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
      const user = (await matrix.server.context.users.findByEmail(email))!;
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
      const before = await matrix.server.api('GET', '/applications', { token });
      expect(before.status).toBe(200);
      await matrix.server.context.users.setAdmin(email, false);
      return bearer(token);
    },
  },
];

async function expectUnchanged() {
  const { server, jobId, applicationId, adminToken } = matrix;
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

/**
 * Sets up the app and its data for the file, and tries each of `calls` with each credential. The
 * calls go through `app.inject`: what is checked is the guard's answer, not the socket's.
 */
export function describeAdminCallMatrix(
  calls: AdminCall[],
  /** What a signed-in caller without the right is told: the account calls are open to the hiring team too. */
  { forbidden = messages.adminRequired }: { forbidden?: string } = {},
): void {
  beforeAll(setUp);
  afterAll(async () => {
    await matrix.server?.stop();
  });

  describe.each(credentials)('with $label', (credential) => {
    let headers: Record<string, string>;
    beforeAll(async () => {
      headers = await credential.headers();
    });

    it.each(calls.map((call) => [call.name, call] as const))(
      '%s is refused, with nothing changed or leaked',
      async (_name, call) => {
        const response = await matrix.server.request(call.method, `/api${call.path()}`, {
          headers,
          body: call.body ? JSON.stringify(call.body()) : undefined,
        });
        const text = response.bytes.toString('utf8');

        expect(response.status).toBe(credential.status);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(JSON.parse(text)).toEqual({
          message: credential.status === 403 ? forbidden : credential.message,
        });
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
        expect(text).not.toContain(matrix.applicationId);
        expect(response.headers.get('content-disposition')).toBeNull();
        await expectUnchanged();
      },
    );
  });
}
