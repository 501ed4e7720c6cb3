import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyKinds } from '../../../src/shared/applications/reply-contract';
import { messages } from '../../../src/shared/messages';
import { adminScope } from '../../../src/server/auth/admin-scope';
import { createGuards } from '../../../src/server/auth/guards';
import { installErrorHandling } from '../../../src/server/http/error-handler';
import { schemaSerializerCompiler } from '../../../src/server/http/schema-serializer';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { ADMIN, sampleJob } from '../../support/test-server';

/**
 * The admin calls live in one Fastify scope whose hook runs the admin guard before each of them
 * (docs/architecture.md#guards): a route added there with no guard of its own is still closed to
 * anyone but an administrator, and documented as taking the bearer token.
 */

let server: TestApp;
let adminToken: string;
/** A registered account's real token: the server issued it, but the account is no administrator. */
let userToken: string;
/** An applicant's private link token, which opens their own application and nothing else. */
let privateLinkToken: string;

beforeAll(async () => {
  server = await buildTestApp();
  adminToken = await server.adminToken();
  const email = 'not-an-admin@example.com';
  const registered = await server.api('POST', '/register', {
    body: { name: 'Nora User', email, password: 'user-password' },
  });
  expect(registered.status).toBe(201);
  userToken = await server.context.tokens.issue((await server.context.users.findByEmail(email))!);

  // A live link, minted here as the confirmation would mint it. The outbox stays shut, or sending
  // the confirmation would mint another and retire this one.
  await server.context.outbox.close();
  // Stored directly, so that what is set up here does not lean on the admin calls under test.
  const jobId = await server.context.jobs.create({
    ...sampleJob(),
    publishTime: '01/02/2026',
    postCreator: ADMIN.email,
  });
  const applied = await server.api('POST', '/applications', {
    body: {
      name: 'Priya Applicant',
      email: 'priya@example.com',
      number: '+44 7700 900123',
      pdfFile: toDataUrl(await validPdf()),
      about: 'Cover letter.',
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      jobId,
    },
  });
  expect(applied.status).toBe(201);
  privateLinkToken = (await server.context.applicationLinks.mint(applied.body.insertedId))!;
  expect((await server.api('GET', `/my-application/${privateLinkToken}`)).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

/** Who must not pass: no token, a token that opens something else, a real user who is no administrator. */
const refusedCallers = [
  { label: 'no token', token: () => undefined, status: 401, message: messages.authRequired },
  {
    label: "an applicant's private link token",
    token: () => privateLinkToken,
    status: 401,
    message: messages.authRequired,
  },
  {
    label: "a registered non-admin's token",
    token: () => userToken,
    status: 403,
    message: messages.adminRequired,
  },
];

describe('a route added to the admin scope without a guard of its own', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The scope as app.ts registers it, with the real guards over the real accounts and tokens,
    // holding one new route that names no guard and no security.
    app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(schemaSerializerCompiler);
    installErrorHandling(app);
    await app.register(swagger, {
      openapi: { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
      transform: jsonSchemaTransform,
    });
    const guards = createGuards(server.context);
    const answer = { schema: { response: { 200: z.object({ caller: z.string() }) } } };
    await app.register(
      async (api) => {
        await api.register(
          adminScope(guards, (admin) => {
            // No check of its own at all: whoever reaches it is answered.
            admin.get('/new-admin-call', answer, async (request) => ({
              caller: request.user?.email ?? 'nobody',
            }));
          }),
        );
        // Beside it, outside the scope: the guard must not reach here.
        await api.register(async (scope) => {
          scope
            .withTypeProvider<ZodTypeProvider>()
            .get('/new-public-call', answer, async () => ({ caller: 'anyone' }));
        });
      },
      { prefix: '/api' },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it.each(refusedCallers)('is refused to a caller with $label', async (caller) => {
    const response = await call('/api/new-admin-call', caller.token());
    expect(response.statusCode, caller.label).toBe(caller.status);
    expect(response.json(), caller.label).toEqual({ message: caller.message });
    expect(response.body).not.toContain('caller');
  });

  it('answers an administrator, who reaches the handler as the signed-in user', async () => {
    const response = await call('/api/new-admin-call', adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ caller: ADMIN.email });
  });

  it('is documented as taking the bearer token; a route outside the scope is neither guarded nor marked', async () => {
    const docs = app.swagger() as any;
    expect(docs.paths['/api/new-admin-call'].get.security).toEqual([{ bearer: [] }]);
    expect(docs.paths['/api/new-public-call'].get.security).toBeUndefined();
    const open = await call('/api/new-public-call');
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ caller: 'anyone' });
  });
});

describe("every call the app's OpenAPI document marks as needing the bearer token", () => {
  let secured: { method: string; path: string }[];
  beforeAll(async () => {
    const docs = (await server.api('GET', '/docs')).body;
    secured = Object.entries(docs.paths as Record<string, Record<string, { security?: unknown }>>).flatMap(
      ([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => JSON.stringify(operation.security) === JSON.stringify([{ bearer: [] }]))
          .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
  });

  /** A well-formed address for the operation: every parameter filled with something that could exist. */
  const address = (path: string) =>
    path
      .replace('{id}', '00000000-0000-4000-8000-000000000000')
      .replace('{email}', 'someone@example.com')
      .replace('{kind}', replyKinds[0])
      .replace('{jobId}', '00000000-0000-4000-8000-000000000001')
      .replace('{userId}', '00000000-0000-4000-8000-000000000002');

  /**
   * What a registered non-admin is told: one's own account calls are open to the hiring team too,
   * and the team's calls to the team alone (auth/admin-scope.ts has a scope for each).
   */
  const forbiddenFor = (path: string) =>
    path.startsWith('/auth/')
      ? messages.staffRequired
      : path.startsWith('/team/')
        ? messages.teamRequired
        : messages.adminRequired;

  it('covers every admin, account and team call (and the one signed-in check), and no public one', () => {
    const names = secured.map(({ method, path }) => `${method} ${path}`);
    expect(names).toHaveLength(89);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /post',
        'GET /applications',
        'GET /applications/{id}/cv',
        'PUT /applications/{id}/stage',
        'GET /applicants/{email}/export',
        'DELETE /auth/two-factor',
        'GET /admin/{email}',
        'POST /team-members',
        'GET /team/applications/{id}/pdf',
        'POST /applications/{id}/interview-slots',
        'PUT /team/applications/{id}/scorecard',
        'GET /team/interviewers',
        'GET /team/interviews',
        'GET /adjustments',
        'GET /applications/{id}/adjustments',
        'PUT /applications/{id}/adjustments/agreed',
        'GET /equality-monitoring/funnel',
        'PUT /applications/{id}/right-to-work',
        'GET /applications/{id}/right-to-work/evidence',
        'GET /departments',
        'DELETE /departments/{id}',
        'GET /reports',
        'GET /reports/csv',
        'POST /tracking-links',
        'GET /tracking-links/{id}/qr.png',
      ]),
    );
    // The applicant's own monitoring return needs no account (and is kept apart from it).
    expect(names).not.toContain('POST /equality-monitoring');
    expect(names).not.toContain('PUT /my-application/{token}/interview');
    expect(names).not.toContain('POST /applications');
    expect(names).not.toContain('GET /all');
  });

  it.each(refusedCallers)('refuses each of them to a caller with $label', async (caller) => {
    for (const { method, path } of secured) {
      const response = await server.request(method, `/api${address(path)}`, {
        token: caller.token(),
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      expect(response.status, `${caller.label}: ${method} ${path}`).toBe(caller.status);
      expect(response.body, `${caller.label}: ${method} ${path}`).toEqual({
        message: caller.status === 403 ? forbiddenFor(path) : caller.message,
      });
    }
  });
});
