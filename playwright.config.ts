import { defineConfig } from '@playwright/test';
import { chromiumExecutablePath } from './tests/support/chromium-path';

/**
 * End-to-end tests in Chromium (see tests/support/chromium-path.ts) against the real server (dist/server/main.js) on its
 * embedded defaults: PGlite and the .eml outbox in a temporary data folder. The global setup
 * builds when the build is missing or stale, starts one server per worker, and stops them afterwards.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two workers, each with a server and database of its own: the two cores are busy while one
  // worker waits on a throttled upload, an expiring token or an animation. A file runs whole in
  // one worker, and a worker runs its files in order on its own data; the first file (whose
  // empty-state check must meet an empty database) is the first handed out, to a fresh worker.
  workers: 2,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    // This worker's server (the config is loaded again in each worker, after its index is set).
    baseURL: process.env[`E2E_BASE_URL_${process.env.TEST_PARALLEL_INDEX ?? '0'}`],
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutablePath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
