import { test as base, type Page } from '@playwright/test';
import { startServer } from './global-setup';

export type OwnServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The end-to-end tests' `test`: Playwright's, with two additions.
 *
 * `ownServer(env)` starts the built server on a data folder of its own for this test, and stops it
 * when the test ends, passed or failed. It is for a test that changes what the worker's other tests
 * rely on (an administrator's password, second factor or sessions), or that needs a database
 * nothing else has written to (the empty careers page), or whose clock it moves (`{ clock: true }`:
 * `setClock`, see global-setup.ts). Everything else shares the worker's server.
 *
 * `E2E_CPU_THROTTLE=<n>` slows every page's CPU n times (Chromium's own throttling, as DevTools
 * does), to shake out races a fast machine hides: a test that passes only when the browser keeps up
 * fails this way (docs/testing.md#finding-a-slow-or-flaky-test).
 */
export const test = base.extend<{
  ownServer: (env?: Record<string, string>, options?: { clock?: boolean }) => Promise<OwnServer>;
  cpuThrottle: void;
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  ownServer: async ({}, use) => {
    const started: OwnServer[] = [];
    await use(async (env = {}, options = {}) => {
      const server = await startServer(env, options);
      started.push(server);
      return server;
    });
    await Promise.all(started.map((server) => server.stop()));
  },
  cpuThrottle: [
    async ({ context }, use) => {
      const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
      if (rate > 1) {
        const throttle = async (page: Page) => {
          const session = await context.newCDPSession(page);
          await session.send('Emulation.setCPUThrottlingRate', { rate });
        };
        context.on('page', (page) => void throttle(page).catch(() => undefined));
        await Promise.all(context.pages().map(throttle));
      }
      await use();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
