import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { startServerAtRealLimits } from '../../support/real-limits-server';
import { answerLog, clientAddresses, expect429 } from '../../support/answer-checks';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import type { TestServer } from '../../support/test-server';

/**
 * The limit on applications, at its real value. Over a real socket behind a trusted proxy, so
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

describe('rate limits on applications (real limits, behind a trusted proxy so each test is its own client)', () => {
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
});

describeNoLeaks(12);
