import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseMemoryWhenIdle, releaseUnusedMemory } from '../../../src/server/http/idle-memory';

/** The server gives memory back once it is at rest, never while a request is in progress. */

const IDLE_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWith(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url };
}

describe('releasing memory when idle', () => {
  it('releases once after the start, once after each quiet spell, and not while an answer is pending', async () => {
    let finishSlow: (() => void) | undefined;
    const { server, url } = await serverWith((request, response) => {
      if (request.url === '/slow') finishSlow = () => response.end('slow');
      else response.end('ok');
    });
    let releases = 0;
    cleanups.push(
      releaseMemoryWhenIdle(server, {
        idleMs: IDLE_MS,
        release: async () => {
          releases++;
        },
      }),
    );
    await sleep(IDLE_MS * 3);
    expect(releases).toBe(1);

    expect(await (await fetch(`${url}/`)).text()).toBe('ok');
    await sleep(IDLE_MS * 3);
    expect(releases).toBe(2);

    const slow = fetch(`${url}/slow`).then((answer) => answer.text());
    await sleep(IDLE_MS * 3);
    expect(releases).toBe(2);
    finishSlow!();
    expect(await slow).toBe('slow');
    await sleep(IDLE_MS * 3);
    expect(releases).toBe(3);
  });

  it('the release itself completes in this process (no debugger or port needed)', async () => {
    await expect(releaseUnusedMemory()).resolves.toBeUndefined();
  });
});
