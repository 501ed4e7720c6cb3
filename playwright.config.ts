import { defineConfig } from '@playwright/test';
import { chromiumExecutablePath } from './tests/support/chromium-path';

/**
 * End-to-end tests in Chromium (see tests/support/chromium-path.ts) against the real server (dist/server/main.js) on its
 * embedded defaults: PGlite and the .eml outbox in a temporary data folder. The global setup
 * builds when the build is missing or stale, starts the server, and stops it afterwards.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One server, one database: the files run in order (the empty-state check comes first).
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
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
