import { expect } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit';
import type { answerLog } from './answer-checks';
import { login } from './answer-checks';
import { ADMIN, sampleJob, startTestServer, type TestServer } from './test-server';

type Call = ReturnType<typeof answerLog>['call'];

/** The address the set-up calls come from, so that no test's own address is spent on them. */
const SETUP_ADDRESS = '198.51.100.1';

/**
 * A listening server at the product's default rate limits, behind a trusted proxy so that each test
 * can be a client of its own (the limits count per address). The admin signs in once; with `withJob`,
 * one job is posted for applications to name.
 */
export async function startServerAtRealLimits(
  call: Call,
  { withJob = false }: { withJob?: boolean } = {},
): Promise<{ server: TestServer; jobId: string }> {
  const server = await startTestServer({ TRUST_PROXY: '1' }, { rateLimits: { ...DEFAULT_RATE_LIMITS } });
  const headers = { 'X-Forwarded-For': SETUP_ADDRESS };
  const admin = await call(server, 'POST', '/api/login', {
    body: login(ADMIN.email, ADMIN.password),
    headers,
  });
  expect(admin.status).toBe(200);
  if (!withJob) return { server, jobId: '' };
  const job = await call(server, 'POST', '/api/post', {
    token: admin.body.token,
    body: JSON.stringify(sampleJob()),
    headers,
  });
  expect(job.status).toBe(201);
  return { server, jobId: job.body.insertedId };
}
