import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { startServerAtRealLimits } from '../../support/real-limits-server';
import { answerLog, clientAddresses, expect429 } from '../../support/answer-checks';
import type { TestServer } from '../../support/test-server';

/**
 * The limit on POST /api/email/sendEmail, at its real value. Over a real socket behind a trusted proxy, so
 * that each test is a client of its own, as the limit counts per address.
 */

const { call, describeNoLeaks } = answerLog();
const { newIp, from } = clientAddresses();

let server: TestServer;
let jobId: string;
beforeAll(async () => {
  ({ server, jobId } = await startServerAtRealLimits(call, { withJob: true }));
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
