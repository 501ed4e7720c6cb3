import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { answerLog, expectJsonError } from '../../support/answer-checks';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * POST /api/email/sendEmail sends nothing and needs only a few short fields, so it takes no more
 * than any other call: a body of megabytes (the CV's data URL sent again, say) is refused before
 * it is read or parsed on the server's main thread. Over a real socket.
 */

const { call, describeNoLeaks } = answerLog();

let server: TestServer;
let jobId: string;
beforeAll(async () => {
  server = await startTestServer();
  const created = await server.api('POST', '/post', { token: await server.adminToken(), body: sampleJob() });
  jobId = created.body.insertedId as string;
});
afterAll(async () => {
  await server?.stop();
});

describe('the body limit of sendEmail', () => {
  it('refuses a body over 1 MiB with 413 and a clear message, and the server goes on answering', async () => {
    const pdfFile = `data:application/pdf;base64,${'A'.repeat(7 * 1024 * 1024)}`;
    const body = JSON.stringify({ email: 'applicant@example.com', jobId, pdfFile });
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES);
    expectJsonError(await call(server, 'POST', '/api/email/sendEmail', { body }), 413, messages.bodyTooLarge);

    const health = await call(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    const ordinary = await call(server, 'POST', '/api/email/sendEmail', {
      body: JSON.stringify({ email: 'applicant@example.com', jobId }),
    });
    expect(ordinary).toMatchObject({ status: 200, body: { acknowledged: true } });
  });
});

describeNoLeaks(2);
