import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BULK_STAGE_CHANGE } from '../../../src/shared/applications/stage-contract';
import { MAX_APPLICATION_BODY_BYTES } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { answerLog, expectJsonError } from '../../support/answer-checks';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * A JSON body of millions of tiny values, well under the size limit, once took the whole server
 * down: parsing it builds every value at once. Every route refuses a body shaped like that before
 * anything parses it, and the server goes on answering. Over a real socket, on the suite's
 * database (PGlite, or PostgreSQL in the PostgreSQL run).
 */

const { call, describeNoLeaks } = answerLog();

let server: TestServer;
let token: string;
/** A hiring manager's: the team's calls let no administrator in, body or not. */
let teamToken: string;
let jobId: string;
let cv: string;
let applicants = 0;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.adminToken();
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId as string;
  cv = toDataUrl(await validPdf());
  const invited = await server.api('POST', '/team-members', {
    token,
    body: { name: 'Hal Manager', email: 'hal.manager@example.com', role: 'hiring-manager' },
  });
  expect(invited.status).toBe(201);
  teamToken = await server.context.tokens.issue(
    (await server.context.users.findById(invited.body.insertedId))!,
  );
});
afterAll(async () => {
  await server?.stop();
});

/** `{"pdfFile":"x","a":[{},{},…]}` with `count` empty objects. */
const manyObjects = (count: number) => `{"pdfFile":"x","a":[${'{},'.repeat(count - 1)}{}]}`;
/** Arrays inside arrays, `depth` deep, in an otherwise ordinary body. */
const deep = (depth: number) => `{"email":"a@example.com","a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** The server still answers, and still takes a genuine application. */
async function stillServing() {
  expect((await call(server, 'GET', '/api/health')).status).toBe(200);
  applicants++;
  const genuine = await call(server, 'POST', '/api/applications', {
    body: JSON.stringify({
      name: 'Jane Doe',
      email: `after.${applicants}@example.com`,
      phone: '07700 900123',
      pdfFile: cv,
      about: 'Still here.',
      jobId,
    }),
  });
  expect(genuine.status).toBe(201);
}

/** Every API call that takes a body, from the OpenAPI document, with made-up path parameters. */
async function routesTakingABody(): Promise<[string, string][]> {
  const docs = (await call(server, 'GET', '/api/docs')).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  const routes: [string, string][] = [];
  for (const [pathname, operations] of Object.entries(docs.paths)) {
    for (const method of Object.keys(operations)) {
      if (method === 'get') continue;
      const filled = pathname
        .replace('{id}', '00000000-0000-4000-8000-000000000000')
        .replace('{email}', 'nobody%40example.com')
        .replace('{kind}', 'rejection')
        .replace('{token}', 'a'.repeat(43))
        .replace('{jobId}', '00000000-0000-4000-8000-000000000001')
        .replace('{userId}', '00000000-0000-4000-8000-000000000002');
      routes.push([method.toUpperCase(), `/api${filled}`]);
    }
  }
  return routes;
}

describe('JSON bodies of too many values or too deep', () => {
  it('are refused with 400 on every route that takes a body, before any parse', async () => {
    const routes = await routesTakingABody();
    expect(routes.length).toBeGreaterThan(20);
    // More values than any call takes (the largest names 10,000 applications), in about 60 KB.
    const heavy = manyObjects(2 * MAX_BULK_STAGE_CHANGE + 1);
    const tokenFor = (pathname: string) => (pathname.startsWith('/api/team/') ? teamToken : token);
    for (const [method, pathname] of routes) {
      const answer = await call(server, method, pathname, { token: tokenFor(pathname), body: heavy });
      expectJsonError(answer, 400, messages.jsonTooComplex);
      expect(answer.status, `${method} ${pathname}`).toBe(400);
    }
    const tooDeep = deep(40);
    for (const [method, pathname] of routes) {
      expectJsonError(
        await call(server, method, pathname, { token: tokenFor(pathname), body: tooDeep }),
        400,
        messages.jsonTooComplex,
      );
    }
    // An administrator's token went with each: nothing was done with it (signing out everywhere, say).
    expect((await call(server, 'GET', '/api/auth/account', { token })).status).toBe(200);
    await stillServing();
  });

  it('an application of 8 MiB made of millions of tiny values is refused with 400, and the server goes on', async () => {
    const body = manyObjects(Math.floor((MAX_APPLICATION_BODY_BYTES - 64) / 3));
    expect(body.length).toBeLessThan(MAX_APPLICATION_BODY_BYTES);
    expectJsonError(await call(server, 'POST', '/api/applications', { body }), 400, messages.jsonTooComplex);
    await stillServing();
    // An application is about ten fields: a thousand values is far past any the form sends.
    expectJsonError(
      await call(server, 'POST', '/api/applications', { body: manyObjects(1001) }),
      400,
      messages.jsonTooComplex,
    );
  });

  it('does not count what is inside strings, and takes the largest body a call really sends', async () => {
    // Brackets and commas in text are text.
    const text = JSON.stringify({ name: 'x', about: '{[,'.repeat(100_000) });
    const register = await call(server, 'POST', '/api/register', { body: text });
    expect(register.body.message).not.toBe(messages.jsonTooComplex);
    // A bulk stage change naming the most applications it may: through to the handler.
    const ids = Array.from(
      { length: MAX_BULK_STAGE_CHANGE },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const bulk = await call(server, 'POST', '/api/applications/stage', {
      token,
      body: JSON.stringify({ ids, stage: 'reviewed', notify: false }),
    });
    expect(bulk).toMatchObject({ status: 200, body: { matchedCount: 0 } });
  });
});

describeNoLeaks(40);
