import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { answerLog, clientAddresses, expect429, login } from '../../support/answer-checks';
import { ADMIN, sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * The limit on POST /api/email/sendEmail, at its real value. Over a real socket behind a trusted proxy, so
 * that each test is a client of its own, as the limit counts per address.
 */

const { call, describeNoLeaks } = answerLog();
const { newIp, from } = clientAddresses();

let server: TestServer;
let jobId: string;
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
  const admin = await call(server, 'POST', '/api/login', {
    body: login(ADMIN.email, ADMIN.password),
    headers: from('198.51.100.1'),
  });
  expect(admin.status).toBe(200);
  const job = await call(server, 'POST', '/api/post', {
    token: admin.body.token,
    body: JSON.stringify(sampleJob()),
    headers: from('198.51.100.1'),
  });
  jobId = job.body.insertedId;
});
afterAll(async () => {
  await server?.stop();
});

describe('rate limit on sendEmail (real limits, behind a trusted proxy so each test is its own client)', () => {
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

describeNoLeaks(11);
