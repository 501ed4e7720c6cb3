import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '../../support/hiring';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * /metrics shows the intake as it stands: a body being received, an application waiting for an
 * upload place, and each refusal counted by its reason. The gate is shrunk to one upload place
 * and short waits, so a stalled sender and a waiting one show it within seconds.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const STALL_WINDOW_MS = 8000;
const MAX_WAIT_MS = 4000;

let server: TestServer;
let jobId: string;
const requests: ClientRequest[] = [];

beforeAll(async () => {
  server = await startTestServer(
    { METRICS_TOKEN: TOKEN },
    {
      intakeGate: {
        uploads: 1,
        uploadsPerAddress: 2,
        stallWindowMs: STALL_WINDOW_MS,
        minBytesPerWindow: 64 * 1024,
        maxWaitMs: MAX_WAIT_MS,
        // Never given up for a newcomer: the second application waits instead.
        evictBelowBytesPerSecond: 0,
      },
    },
  );
  jobId = await createJob(server);
});
afterAll(async () => {
  for (const request of requests) request.destroy();
  await server?.stop();
});

/** POST /api/applications announcing `length` bytes and sending `first` of them; its status. */
function startUpload(length: number, first: number): Promise<number | 'closed'> {
  const request = httpRequest(`${server.url}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(length) },
  });
  requests.push(request);
  const status = new Promise<number | 'closed'>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.on('error', () => resolve('closed'));
  });
  request.flushHeaders();
  if (first > 0) request.write(Buffer.alloc(first, ' '));
  return status;
}

async function intake() {
  const answer = await server.request('GET', '/metrics', {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const text = answer.bytes.toString();
  const value = (series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  return {
    receiving: value('careers_intake_receiving'),
    waitingForPlace: value('careers_intake_queued{waiting_for="upload_place"}'),
    busy: value('careers_intake_refused_total{reason="busy"}'),
    stalled: value('careers_intake_refused_total{reason="stalled"}'),
  };
}

describe('the intake in /metrics', () => {
  it('shows a body being received and one waiting, then counts the 503 and the 408', async () => {
    expect(jobId).toBeTruthy();
    expect(await intake()).toEqual({ receiving: 0, waitingForPlace: 0, busy: 0, stalled: 0 });

    // Takes the one place, sends a little, then nothing.
    const stalled = startUpload(200_000, 1000);
    await expect.poll(async () => (await intake()).receiving, { timeout: 5000, interval: 50 }).toBe(1);
    // Waits for the place, which it does not get within MAX_WAIT_MS.
    const waiting = startUpload(200_000, 0);
    await expect.poll(async () => (await intake()).waitingForPlace, { timeout: 3000, interval: 50 }).toBe(1);

    expect(await waiting).toBe(503);
    expect(await intake()).toMatchObject({ waitingForPlace: 0, busy: 1, stalled: 0 });
    expect(await stalled).toBe(408);
    expect(await intake()).toEqual({ receiving: 0, waitingForPlace: 0, busy: 1, stalled: 1 });
  });
});
