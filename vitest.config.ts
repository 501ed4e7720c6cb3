import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * expect.poll's own default gives up after 1 s, which a loaded CI machine can spend on one request;
 * a poll passes the moment its condition holds, so a longer limit costs nothing when the code is
 * right (docs/testing.md, "Wait for what the user would see"). Each project sets it: a project
 * does not inherit the root's test options.
 */
const expectDefaults = { poll: { timeout: 10_000 } };

/**
 * Server test files whose subject does not depend on the database engine: the HTTP layer, pages
 * and feeds, the runtime, configuration, metrics' exposition, the CV checks, the intake gate and the
 * authorization matrices.
 * The database under them is incidental, so the PostgreSQL run (`npm run test:pg`, which sets
 * TEST_DATABASE_URL) leaves them to the PGlite run rather than pay for them twice
 * (docs/testing.md#running-the-suite). Whatever stores, reads or locks data runs on both.
 */
const ENGINE_AGNOSTIC = [
  'tests/server/config.test.ts',
  'tests/server/route-function-length.test.ts',
  'tests/server/server-boundaries.test.ts',
  'tests/server/runtime/**',
  'tests/server/site/**',
  'tests/server/validation/**',
  'tests/server/http/!(rate-limit-storage).test.ts',
  'tests/server/metrics/!(readiness).test.ts',
  'tests/server/applications/{stalled-uploads,cv-corpus,intake-threads,application-input,stage-openapi}.test.ts',
  'tests/server/auth/account-openapi.test.ts',
  'tests/server/equality-monitoring/published-figures.test.ts',
  // The authorization matrices: each decision is the server's code, and what a refusal must leave
  // unchanged is read back through the same queries on either engine; the stores they guard are
  // tested on PostgreSQL by their own files.
  'tests/server/team/team-authorization.test.ts',
  'tests/server/applications/application-authorization.test.ts',
  'tests/server/auth/account-authorization.test.ts',
  'tests/server/privacy/privacy-authorization.test.ts',
  'tests/server/talent-pool/talent-pool-authorization.test.ts',
  'tests/server/sources/sources-authorization.test.ts',
  'tests/server/applications/stage-authorization.test.ts',
  'tests/server/jobs/job-authorization.test.ts',
  'tests/server/auth/admin-scope.test.ts',
  // A domain's rules, one request at a time: the same SQL on the same engine (PGlite is
  // PostgreSQL's own code compiled to WebAssembly), so the PostgreSQL run would only repeat them.
  // What the engines do differently (a pool of connections, transactions that race, locks, rate
  // limits and caps counted in the database, the outbox and the events, several instances,
  // migrations, backups and restore, the driver's reading of each column type through the
  // exports, erasure and the reports) stays on both (docs/testing.md#running-the-suite).
  'tests/server/applications/{application-counts,application-form-upload,applications-api,cv-answer,duplicate-applications,notes-api,plain-application,replies,stage-privacy}.test.ts',
  'tests/server/auth/{account-sessions,password-reset,two-factor}.test.ts',
  'tests/server/jobs/{closing-dates,departments,job-facts,job-questions,job-reference-numbers,jobs-api,open-jobs-answer}.test.ts',
  'tests/server/team/{hiring-manager,team-access}.test.ts',
  'tests/server/email/{application-emails,send-email-body-limit,send-email-rate-limit}.test.ts',
  'tests/server/{adjustments,equality-monitoring,my-application,right-to-work,response-times}/*.test.ts',
  'tests/server/talent-pool/talent-pool.test.ts',
  'tests/server/sources/sources.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on our 2-core machine.
    // The server tests spend much of their time waiting rather than computing (answers polled
    // for, stall windows, outbox retries, the login slowdown, child processes), so three workers
    // keep two cores busy. Four were slower, not faster, and crowd the timing tests (stalled
    // uploads, outbox retries) further.
    maxWorkers: 3,
    // Each test's time against its timeout, for scripts/test-report.mjs (docs/testing.md).
    reporters: ['default', './tests/support/timing-reporter.ts'],
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? ENGINE_AGNOSTIC : [],
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          // Each file builds its own servers and closes them, and src/server keeps no state of
          // its own between them; so the files of one worker share one module graph (Fastify,
          // PGlite, drizzle...) instead of loading it again for each file, which was most of
          // the CPU time of this project.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: expectDefaults,
        },
      },
      {
        test: {
          name: 'desktop',
          include: ['tests/desktop/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: expectDefaults,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          // The same for the component tests: React, Fluent UI and jsdom once per worker, not once
          // per file. Each test unmounts what it rendered and restores what it stubbed (setup.ts and
          // the files' afterEach), so the order of the files does not matter; a file that leaves
          // something behind shows up under `vitest run --project renderer --sequence.shuffle.files`.
          isolate: false,
          include: ['tests/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/renderer/setup.ts'],
          testTimeout: 15_000,
          expect: expectDefaults,
        },
      },
    ],
  },
});
