import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IntakeGateSettings } from '../../../src/server/applications/intake-gate';
import { messages } from '../../../src/shared/messages';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * Applications are taken a few at a time (intake-gate.ts): a body holds an upload place while it
 * arrives and a check slot only once it has arrived. A sender that stops sending, or trickles,
 * must not keep a genuine applicant waiting; one address must not hold every place; a slow sender
 * that keeps sending must get through. The gate's windows are shortened here so each case takes
 * seconds, except the phone's, which runs at the real settings.
 */

// The uploads here run at their real pace, some for tens of seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let server: TestServer | undefined;
const uploads: ClientRequest[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(() => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const upload of uploads.splice(0)) upload.destroy();
});

/**
 * A block whose test runs on a server of its own with these intake settings (and environment),
 * started before the test and stopped after it: PGlite takes 5-15 s to start on a busy machine,
 * which the test's own time, measuring uploads, should not include.
 */
function onServer(
  title: string,
  [gate, env = {}]: [Partial<IntakeGateSettings>, Record<string, string>?],
  tests: (job: () => string) => void,
) {
  describe(title, () => {
    let jobId = '';
    beforeAll(async () => {
      server = await startTestServer(env, { intakeGate: gate });
      const token = await server.adminToken();
      const job = await server.api('POST', '/post', { token, body: sampleJob() });
      jobId = job.body.insertedId as string;
    });
    afterAll(async () => {
      await server?.stop();
      server = undefined;
    });
    tests(() => jobId);
  });
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

/**
 * Sends the body at `bytes` every `everyMs`, until it is all sent or the request is gone. The rate
 * holds in real time: a tick that comes late (a busy machine) sends what the missed ones would have.
 */
function trickle(body: Buffer, headers: Record<string, string>, bytes: number, everyMs: number) {
  const started = upload(body, headers);
  const startedAt = Date.now();
  let sent = 0;
  const timer = setInterval(() => {
    if (started.request.destroyed || sent >= body.length) return clearInterval(timer);
    const due = Math.max(1, Math.floor((Date.now() - startedAt) / everyMs)) * bytes;
    const end = Math.min(body.length, Math.max(due, sent + bytes));
    started.request.write(body.subarray(sent, end));
    sent = end;
    if (sent >= body.length) started.request.end();
  }, everyMs);
  timers.push(timer);
  return started;
}

/** Whether an upload is still unanswered and its connection open. */
const stillOpen = async (answer: Promise<Answer | 'closed'>) =>
  (await Promise.race([answer, pause(100).then(() => 'open' as const)])) === 'open';

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
  onServer(
    'with 0.5 s stall windows and a 30 s wait for a place',
    [{ stallWindowMs: 500, minBytesPerWindow: 1024, maxWaitMs: 30_000 }],
    (job) => {
      it('three of them no longer block a genuine application: each is answered 408 and its place freed', async () => {
        const jobId = job();
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
    },
  );

  onServer(
    'with stall windows and a wait longer than the test',
    [{ stallWindowMs: 120_000, minBytesPerWindow: 1024, maxWaitMs: 120_000 }, { TRUST_PROXY: '1' }],
    (job) => {
      it('one address cannot hold every place: another applicant goes straight through', async () => {
        // Stall windows far longer than the test: only the per-address cap can let the applicant in.
        const jobId = job();
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
    },
  );

  onServer(
    'with three places and a 0.5 s wait for one',
    [{ uploads: 3, stallWindowMs: 120_000, minBytesPerWindow: 1024, maxWaitMs: 500 }, { TRUST_PROXY: '1' }],
    (job) => {
      it('a request that waits too long for a place is told to try again (503 with Retry-After)', async () => {
        // Every place held by uploads too young to be given up: the newcomer can only wait.
        const jobId = job();
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
    },
  );
});

describe('uploads that trickle in, just above the progress floor', () => {
  const addresses = ['198.51.100.21', '198.51.100.22', '198.51.100.23'];
  const trickleBody = async (jobId: string) =>
    application(jobId, 'trickle@example.com', await pdfOfSize(256 * 1024));
  /**
   * Three trickles from three addresses (10 KB/s each, for over half a minute), then, once their
   * rate is known, a genuine application from a fourth: its answer, within 20 s.
   */
  const genuineAmidTrickles = async (jobId: string) => {
    const body = await trickleBody(jobId);
    const trickles = addresses.map((ip) => trickle(body, { 'x-forwarded-for': ip }, 2048, 200));
    await pause(1000);
    const genuine = await within(
      send(await application(jobId, 'genuine@example.com'), { 'x-forwarded-for': '198.51.100.24' }),
      20_000,
      'the genuine application',
    );
    return { trickles, genuine };
  };

  onServer(
    'with 0.5 s stall windows and a 5 s wait for a place',
    [{ stallWindowMs: 500, minBytesPerWindow: 1024, maxWaitMs: 5_000 }, { TRUST_PROXY: '1' }],
    (job) => {
      it('three from three addresses no longer make a genuine application wait or get 503', async () => {
        // A floor of 2 KB/s: the trickles keep their places.
        const { trickles, genuine } = await genuineAmidTrickles(job());
        expect(genuine).toMatchObject({ status: 201, body: { success: true } });
        // Not because the trickles were dropped: they are still coming in.
        for (const { answer } of trickles) expect(await stillOpen(answer)).toBe(true);
        const stored = await server!.context.applications.list();
        expect(stored.map((row) => row.email)).toEqual(['genuine@example.com']);
      });
    },
  );

  onServer(
    'with a 1.5 s receive time',
    [{ stallWindowMs: 500, minBytesPerWindow: 1024, maxReceiveMs: 1500 }],
    (job) => {
      it('a body still arriving after the receive time is dropped with 408, however it moves', async () => {
        const jobId = job();
        const { answer } = trickle(await trickleBody(jobId), {}, 2048, 200);
        expect(await within(answer, 10_000, 'the trickle')).toMatchObject({
          status: 408,
          headers: { connection: 'close' },
          body: { message: messages.uploadTooSlow },
        });
        expect(await server!.context.applications.list()).toEqual([]);
        // The place is free again.
        expect(await send(await application(jobId, 'after@example.com'))).toMatchObject({ status: 201 });
      });
    },
  );

  onServer(
    'with three places, 0.5 s stall windows and a 10 s wait',
    [{ uploads: 3, stallWindowMs: 500, minBytesPerWindow: 1024, maxWaitMs: 10_000 }, { TRUST_PROXY: '1' }],
    (job) => {
      it('when every place is taken, the slowest trickle gives its place to a new application (503 for it)', async () => {
        // Their rate is far under the one that keeps a place once every place is taken.
        const { trickles, genuine } = await genuineAmidTrickles(job());
        expect(genuine).toMatchObject({ status: 201 });
        const open = await Promise.all(trickles.map(({ answer }) => stillOpen(answer)));
        expect(open.filter((isOpen) => !isOpen)).toHaveLength(1);
        const given = trickles[open.indexOf(false)]!;
        expect(await given.answer).toMatchObject({
          status: 503,
          headers: { 'retry-after': expect.stringMatching(/^\d+$/), connection: 'close' },
          body: { message: messages.intakeBusy },
        });
      });
    },
  );

  onServer('at the real settings', [{}, { TRUST_PROXY: '1' }], (job) => {
    it('a phone at 1 Mbit/s sends a 4.9 MB CV while three trickle at the real settings', async () => {
      const jobId = job();
      // Three times the real floor (16 KB/s), so a busy machine's late timers do not stop them.
      const body = await application(jobId, 'trickle@example.com', await pdfOfSize(4 * 1024 * 1024));
      const trickles = addresses.map((ip) => trickle(body, { 'x-forwarded-for': ip }, 4800, 100));
      await pause(1000);
      // As the form sends it: a multipart form with the CV as a file part.
      const cv = await pdfOfSize(Math.round(4.9 * 1024 * 1024));
      const form = new FormData();
      const fields = {
        name: 'Jane Doe',
        email: 'phone@example.com',
        phone: '07700 900123',
        about: 'On the bus.',
        jobId,
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('pdfFile', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'cv.pdf');
      const encoded = new Response(form);
      const phoneBody = Buffer.from(await encoded.arrayBuffer());
      // 1 Mbit/s: 12.5 KB every 100 ms.
      const phone = trickle(
        phoneBody,
        { 'content-type': encoded.headers.get('content-type')!, 'x-forwarded-for': '198.51.100.24' },
        12_500,
        100,
      );
      expect(await within(phone.answer, 110_000, 'the phone')).toMatchObject({ status: 201 });
      for (const { answer } of trickles) expect(await stillOpen(answer)).toBe(true);
      const [stored] = await server!.context.applications.list();
      expect(stored).toMatchObject({ email: 'phone@example.com', pdfFileSize: cv.length });
    }, 150_000);
  });
});

describe('a slow upload that keeps moving', () => {
  // The sender shares this process with the server: a window of 1 s leaves room for a busy
  // machine pausing both, which a real phone on the other end of a network never shares.
  const stallWindow = 1000;
  onServer(
    'with 1 s stall windows and a 30 s wait for a place',
    [{ stallWindowMs: stallWindow, minBytesPerWindow: 2048, maxWaitMs: 30_000 }],
    (job) => {
      it('gets through, though it takes many stall windows', async () => {
        const jobId = job();
        // A 256 KB CV: about 350 KB of JSON, sent 8 KB every 250 ms (32 KB/s against a floor of
        // 2 KB/s). The floor is a rate over the time since the server's last look, and a busy
        // machine can pause this process, sender and server alike, for seconds: sixteen times the
        // floor keeps such a pause from reading as a stalled sender.
        const body = await application(jobId, 'slow-phone@example.com', await pdfOfSize(256 * 1024));
        const { request, answer } = upload(body);
        const started = Date.now();
        for (let sent = 0; sent < body.length; sent += 8192) {
          request.write(body.subarray(sent, sent + 8192));
          await pause(250);
        }
        request.end();
        expect(await within(answer, 30_000, 'the slow upload')).toMatchObject({ status: 201 });
        expect(Date.now() - started).toBeGreaterThan(4 * stallWindow);
        const [stored] = await server!.context.applications.list();
        expect(stored?.email).toBe('slow-phone@example.com');
        // Its own server starts inside the test (PGlite, 5-30 s on a busy machine), and the upload may
        // take its full 30 s answer window.
      }, 90_000);
    },
  );
});
