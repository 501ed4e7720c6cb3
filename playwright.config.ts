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
  // Every test makes what it needs (its job, its applicants, a server of its own when it changes
  // an administrator's password), so tests are handed out one by one, not file by file. Each
  // worker has a server and database of its own. The tests spend much of their time waiting (an
  // upload at phone speed, an expiring token, the browser drawing), so more workers than cores
  // keep both cores busy; docs/testing.md has the measurements behind the number.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry in CI, so one unlucky moment does not stop a change; scripts/test-report.mjs lists
  // every test that needed it, so flakiness is seen and fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: '.test-report/e2e.json' }]],
  use: {
    // This worker's server (the config is loaded again in each worker, after its index is set).
    baseURL: process.env[`E2E_BASE_URL_${process.env.TEST_PARALLEL_INDEX ?? '0'}`],
    // A trace costs every test CPU time; the retry of a failed test records one.
    trace: 'on-first-retry',
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
