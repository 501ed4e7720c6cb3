import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationReplies, emailOutbox } from '../../../src/server/db/schema';
import { messages } from '../../../src/shared/messages';
import { startTestServer, type TestServer } from '../../support/test-server';
import { A_REJECTION_REASON, apply, createJob } from '../../support/hiring';

/**
 * Every hiring call (stages, counts, replies, templates) with the credentials that must not open
 * it: 401 without a usable token, 403 for a user who is not an administrator now, JSON
 * `{ message }`, nothing leaked and nothing changed; and answered for an administrator.
 */

const APPLICANT = { name: 'Matrix Applicant', email: 'matrix.applicant@example.com' };

let server: TestServer;
let adminToken: string;
let applicationId: string;

interface Call {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
}

const calls: Call[] = [
  {
    name: 'PUT /applications/:id/stage',
    method: 'PUT',
    path: () => `/applications/${applicationId}/stage`,
    body: () => ({ stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true }),
  },
  {
    name: 'POST /applications/stage',
    method: 'POST',
    path: () => '/applications/stage',
    body: () => ({ ids: [applicationId], stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true }),
  },
  { name: 'GET /applications/counts', method: 'GET', path: () => '/applications/counts' },
  {
    name: 'GET /applications/:id/reply/:kind',
    method: 'GET',
    path: () => `/applications/${applicationId}/reply/rejection`,
  },
  { name: 'GET /reply-templates', method: 'GET', path: () => '/reply-templates' },
  {
    name: 'PUT /reply-templates/:kind',
    method: 'PUT',
    path: () => '/reply-templates/rejection',
    body: () => ({ subject: 'Defaced', body: 'Defaced by an intruder.' }),
  },
  { name: 'DELETE /reply-templates/:kind', method: 'DELETE', path: () => '/reply-templates/interview' },
];

/** A registered account with a token the server itself issued (non-admins cannot log in). */
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

const credentials: Array<{
  label: string;
  status: 401 | 403;
  message: string;
  headers: () => Promise<Record<string, string>>;
}> = [
  { label: 'no token', status: 401, message: messages.authRequired, headers: async () => ({}) },
  {
    label: 'a malformed token',
    status: 401,
    message: messages.authRequired,
    headers: async () => ({ authorization: 'Bearer not-a-jwt' }),
  },
  {
    label: 'a valid non-admin token',
    status: 403,
    message: messages.adminRequired,
    headers: async () => ({ authorization: `Bearer ${(await userToken('plain-user')).token}` }),
  },
  {
    label: 'an admin token whose rights were revoked after issue',
    status: 403,
    message: messages.adminRequired,
    headers: async () => {
      const { email, token } = await userToken('revoked-admin', { admin: true });
      expect((await server.api('GET', '/applications/counts', { token })).status).toBe(200);
      await server.context.users.setAdmin(email, false);
      return { authorization: `Bearer ${token}` };
    },
  },
];

/** What the calls above would change, read as an administrator. */
async function state() {
  const { db } = server.context.database;
  return {
    detail: (await server.api('GET', `/applications/${applicationId}`, { token: adminToken })).body,
    templates: (await server.api('GET', '/reply-templates', { token: adminToken })).body,
    replies: (await db.select({ n: count() }).from(applicationReplies))[0]!.n,
    outbox: (await db.select({ n: count() }).from(emailOutbox))[0]!.n,
  };
}
let before: Awaited<ReturnType<typeof state>>;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.adminToken();
  applicationId = await apply(server, await createJob(server), APPLICANT);
  await server.api('PUT', '/reply-templates/interview', {
    token: adminToken,
    body: { subject: 'Our own interview wording', body: 'Hello {firstName}.' },
  });
  before = await state();
  expect(before.detail).toMatchObject({ _id: applicationId, stage: 'reviewed' });
  expect(before.templates[1]).toMatchObject({ custom: true });
});
afterAll(async () => {
  await server?.stop();
});

describe.each(credentials)('with $label', (credential) => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = await credential.headers();
  });

  it.each(calls.map((call) => [call.name, call] as const))(
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
      expect(response.headers.get('etag')).toBeNull();
      for (const secret of [APPLICANT.name, APPLICANT.email, applicationId, 'Our own interview wording']) {
        expect(text).not.toContain(secret);
      }
      expect(await state()).toEqual(before);
    },
  );
});

describe('the same calls with a valid administrator token', () => {
  it.each(calls.map((call) => [call.name, call] as const))('%s is answered', async (_name, call) => {
    const answer = await server.api(call.method, call.path(), {
      token: adminToken,
      body: call.body?.(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
