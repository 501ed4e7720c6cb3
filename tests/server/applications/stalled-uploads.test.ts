import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntakeGateSettings } from '../../../src/server/applications/intake-gate';
import { messages } from '../../../src/shared/messages';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * Application bodies are read a few at a time (intake-gate.ts). A sender that stops sending must
 * lose its place, one address must not hold every place, and a slow sender that keeps sending
 * must get through. The gate's windows are shortened here so each case takes seconds.
 */

let server: TestServer | undefined;
const uploads: ClientRequest[] = [];
afterEach(async () => {
  for (const upload of uploads.splice(0)) upload.destroy();
  await server?.stop();
  server = undefined;
});

async function serve(gate: Partial<IntakeGateSettings>, env: Record<string, string> = {}) {
  server = await startTestServer(env, { intakeGate: gate });
  const token = await server.adminToken();
  const job = await server.api('POST', '/post', { token, body: sampleJob() });
  return { running: server, jobId: job.body.insertedId as string };
}

const application = async (jobId: string, email: string, cv?: Buffer) =>
  Buffer.from(
    JSON.stringify({
      name: 'Jane Doe',
      email,
      phone: '07700 900123',
      pdfFile: toDataUrl(cv ?? (await validPdf())),
      about: 'Five years of customer service.',
      jobId,
    }),
  );

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: any;
}

/**
 * POST /api/applications announcing the whole body, of which `write` sends what it likes; the
 * answer (it may come before the body is complete) or 'closed' when the connection ends without one.
 */
function upload(
  body: Buffer,
  headers: Record<string, string> = {},
): { request: ClientRequest; answer: Promise<Answer | 'closed'> } {
  const request = httpRequest(`${server!.url}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers },
  });
  uploads.push(request);
  const answer = new Promise<Answer | 'closed'>((resolve) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: text ? JSON.parse(text) : undefined,
        });
      });
      response.on('error', () => resolve('closed'));
    });
    request.on('error', () => resolve('closed'));
    request.on('close', () => setTimeout(() => resolve('closed'), 100));
  });
  return { request, answer };
}

/** Sends the first bytes of a body, then nothing. */
function stalled(body: Buffer, headers: Record<string, string> = {}) {
  const started = upload(body, headers);
  started.request.write(body.subarray(0, 1000));
  return started;
}

/** The whole body, in one go. */
function send(body: Buffer, headers: Record<string, string> = {}) {
  const started = upload(body, headers);
  started.request.end(body);
  return started.answer;
}

/** Fails a promise that has not settled within `ms`, instead of waiting for ever. */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms),
    ),
  ]);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('uploads that stop sending', () => {
  it('three of them no longer block a genuine application: each is answered 408 and its slot freed', async () => {
    const { jobId } = await serve({ stallWindowMs: 500, minBytesPerWindow: 1024, maxWaitMs: 30_000 });
    const body = await application(jobId, 'stalled@example.com');
    const stopped = [stalled(body), stalled(body), stalled(body)];
    await pause(200);

    const genuine = await within(
      send(await application(jobId, 'genuine@example.com')),
      20_000,
      'the genuine application',
    );
    expect(genuine).toMatchObject({ status: 201, body: { success: true } });
    for (const { answer } of stopped) {
      expect(await within(answer, 10_000, 'a stalled upload')).toMatchObject({
        status: 408,
        headers: { connection: 'close' },
        body: { message: messages.uploadStalled },
      });
    }
    const stored = await server!.context.applications.list();
    expect(stored.map((row) => row.email)).toEqual(['genuine@example.com']);
  });

  it('one address cannot hold every slot: another applicant goes straight through', async () => {
    // Stall windows far longer than the test: only the per-address cap can let the applicant in.
    const { jobId } = await serve(
      { stallWindowMs: 120_000, minBytesPerWindow: 1024, maxWaitMs: 120_000 },
      { TRUST_PROXY: '1' },
    );
    const body = await application(jobId, 'hog@example.com');
    const hog = { 'x-forwarded-for': '198.51.100.7' };
    const stopped = [stalled(body, hog), stalled(body, hog), stalled(body, hog)];
    await pause(200);
    const genuine = await within(
      send(await application(jobId, 'other-address@example.com'), { 'x-forwarded-for': '198.51.100.8' }),
      20_000,
      'an applicant from another address',
    );
    expect(genuine).toMatchObject({ status: 201 });
    // The stalled uploads are still waiting, unanswered.
    const settled = await Promise.race([...stopped.map((s) => s.answer), pause(100).then(() => 'open')]);
    expect(settled).toBe('open');
  });

  it('a request that waits too long for a slot is told to try again (503 with Retry-After)', async () => {
    const { jobId } = await serve(
      { stallWindowMs: 120_000, minBytesPerWindow: 1024, maxWaitMs: 500 },
      { TRUST_PROXY: '1' },
    );
    const body = await application(jobId, 'holder@example.com');
    const holders = [
      stalled(body, { 'x-forwarded-for': '198.51.100.1' }),
      stalled(body, { 'x-forwarded-for': '198.51.100.1' }),
      stalled(body, { 'x-forwarded-for': '198.51.100.2' }),
    ];
    await pause(200);
    const waiting = upload(await application(jobId, 'waiting@example.com'), {
      'x-forwarded-for': '198.51.100.3',
    });
    waiting.request.end(await application(jobId, 'waiting@example.com'));
    expect(await within(waiting.answer, 10_000, 'the waiting request')).toMatchObject({
      status: 503,
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
      body: { message: messages.intakeBusy },
    });

    for (const holder of holders) holder.request.destroy();
    await pause(200);
    const later = await send(await application(jobId, 'later@example.com'), {
      'x-forwarded-for': '198.51.100.3',
    });
    expect(later).toMatchObject({ status: 201 });
  });
});

describe('a slow upload that keeps moving', () => {
  it('gets through, though it takes many stall windows', async () => {
    const window = 400;
    const { jobId } = await serve({ stallWindowMs: window, minBytesPerWindow: 2048, maxWaitMs: 30_000 });
    // A 64 KB CV: about 88 KB of JSON, sent 4 KB every 100 ms (40 KB/s against a floor of 5 KB/s).
    const body = await application(jobId, 'slow-phone@example.com', await pdfOfSize(64 * 1024));
    const { request, answer } = upload(body);
    const started = Date.now();
    for (let sent = 0; sent < body.length; sent += 4096) {
      request.write(body.subarray(sent, sent + 4096));
      await pause(100);
    }
    request.end();
    expect(await within(answer, 30_000, 'the slow upload')).toMatchObject({ status: 201 });
    expect(Date.now() - started).toBeGreaterThan(4 * window);
    const [stored] = await server!.context.applications.list();
    expect(stored?.email).toBe('slow-phone@example.com');
  });
});
