import { test as base } from '@playwright/test';
import { startServer } from './global-setup';

export type OwnServer = Awaited<ReturnType<typeof startServer>>;

/**
 * `ownServer(env)` starts the built server on a data folder of its own for this test, and stops it
 * when the test ends, passed or failed. It is for a test that changes what the worker's other tests
 * rely on (an administrator's password, second factor or sessions), or that needs a database
 * nothing else has written to (the empty careers page). Everything else shares the worker's server.
 */
export const test = base.extend<{ ownServer: (env?: Record<string, string>) => Promise<OwnServer> }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  ownServer: async ({}, use) => {
    const started: OwnServer[] = [];
    await use(async (env = {}) => {
      const server = await startServer(env);
      started.push(server);
      return server;
    });
    await Promise.all(started.map((server) => server.stop()));
  },
});

export { expect } from '@playwright/test';
