import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { pdfWithOpenActionJavaScript, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';

/**
 * The threads that check CVs exist only while there is checking to do: they exit once idle, and
 * the next application starts one again. An applicant never notices either way.
 */

const IDLE_MS = 300;

let server: TestApp;
let jobId: string;
beforeAll(async () => {
  server = await buildTestApp({}, { intakeThreadIdleMs: IDLE_MS });
  const job = await server.api('POST', '/post', { token: await server.adminToken(), body: sampleJob() });
  jobId = job.body.insertedId as string;
});
afterAll(async () => {
  await server?.stop();
});

let counter = 0;
const applyWith = (pdfFile: string) => {
  counter++;
  return server.api('POST', '/applications', {
    body: {
      name: `Idle Pool Applicant${counter}`,
      email: `idle.pool${counter}@example.com`,
      phone: '07700 900123',
      about: 'Applying after a quiet spell.',
      jobId,
      pdfFile,
    },
  });
};

/** Resolves once no checking thread is left running (the pool has gone idle and let them go). */
async function threadsExited(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (server.context.intake.threads() > 0) {
    if (Date.now() > deadline) throw new Error('the checking threads did not exit when idle');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('CV checks after the checking threads went idle', () => {
  it('no thread runs before the first application, and the first one is checked and stored', async () => {
    expect(server.context.intake.threads()).toBe(0);
    const answer = await applyWith(toDataUrl(await validPdf('First After Start')));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it('a CV sent after the threads exited is still checked: a good one is stored, a script is refused', async () => {
    await threadsExited();
    const good = await applyWith(toDataUrl(await validPdf('After A Quiet Spell')));
    expect(good.status, JSON.stringify(good.body)).toBe(201);

    await threadsExited();
    const hostile = await applyWith(toDataUrl(pdfWithOpenActionJavaScript()));
    expect(hostile.status).toBe(400);
    expect(hostile.body.message).toBe(messages.cvActiveContent);

    const list = await server.api('GET', '/applications', { token: await server.adminToken() });
    expect(list.body.map((row: { name: string }) => row.name)).toContain(`Idle Pool Applicant${counter - 1}`);
    expect(list.body.map((row: { name: string }) => row.name)).not.toContain(`Idle Pool Applicant${counter}`);
  });
});
