import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { answerLog, expectJsonError, login } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
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

// The limit of POST /api/applications, which takes a CV, is with the applications' tests.
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
});

describeNoLeaks(4);
