import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * Addresses made of long runs of `/` (under the 16 KB header limit, no login needed) must cost
 * what any other address costs: a pattern that backtracks over such a run would hold the one
 * event loop every visitor shares (docs/security.md#input-handling).
 */

let server: TestServer;
let webDir: string;
let port: number;

beforeAll(async () => {
  webDir = fakeWebBuild();
  server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

/** `GET path` as written, over a socket of its own (fetch would normalise it); status and milliseconds. */
const timedGet = (path: string) =>
  new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const sent = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, ms: performance.now() - started }));
    });
    sent.on('error', reject);
    sent.end();
  });

/** The quickest of a few tries: what the server needs, with the machine's other loads mostly left out. */
const quickest = async (path: string, tries = 5) => {
  let best = Infinity;
  for (let i = 0; i < tries; i += 1) best = Math.min(best, (await timedGet(path)).ms);
  return best;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const SLASHES = `/${'/'.repeat(16_000)}a`;

describe('an address with a long run of slashes', () => {
  it('answers the page the address names, as quickly as a plain address', async () => {
    const plain = await timedGet('/a');
    const slashes = await timedGet(SLASHES);
    expect(slashes.status).toBe(plain.status);
    expect((await timedGet(`/about${'/'.repeat(16_000)}`)).status).toBe(200);

    const plainMs = await quickest('/a');
    const slashesMs = await quickest(SLASHES);
    // Quadratic backtracking took 600 ms and more here; 50 ms leaves a loaded machine room.
    expect(slashesMs).toBeLessThan(plainMs + 50);
  });

  it('leaves /api/health quick while four clients keep sending it', async () => {
    const before: number[] = [];
    for (let i = 0; i < 5; i += 1) before.push((await timedGet('/api/health')).ms);

    let sending = true;
    const client = async () => {
      while (sending) await timedGet(SLASHES);
    };
    const clients = [client(), client(), client(), client()];
    const during: number[] = [];
    try {
      for (let i = 0; i < 9; i += 1) {
        const health = await timedGet('/api/health');
        expect(health.status).toBe(200);
        during.push(health.ms);
      }
    } finally {
      sending = false;
      await Promise.all(clients);
    }
    // Each slashed request held the event loop for the better part of a second before.
    expect(median(during)).toBeLessThan(median(before) + 100);
  });
});
