import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

/** One test as scripts/test-report.mjs reads it (the same shape for Vitest and Playwright). */
export interface TimedTest {
  project: string;
  file: string;
  title: string;
  /** The slowest try, in milliseconds. */
  duration: number;
  /** The test's own timeout in milliseconds (its project's default unless the test sets one). */
  timeout: number;
  state: string;
  /** Tries after the first (0 when it passed at once). */
  retries: number;
}

/**
 * Writes every test's duration against its timeout to `.test-report/vitest-<run>.json`, where
 * `<run>` names the projects of the run (and PostgreSQL when TEST_DATABASE_URL is set), so the
 * runs of one `npm test` sit side by side. scripts/test-report.mjs turns them into the timing table
 * of docs/testing.md.
 */
export default class TimingReporter implements Reporter {
  private vitest!: Vitest;
  private startedAt = 0;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = this.vitest.config.root;
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    const tests: TimedTest[] = [];
    const projects = new Map<string, { files: number; moduleTime: number }>();
    for (const module of testModules) {
      const project = module.project.name + (onPostgres ? ' (PostgreSQL)' : '');
      const seen = projects.get(project) ?? { files: 0, moduleTime: 0 };
      seen.files += 1;
      seen.moduleTime += module.diagnostic().duration;
      projects.set(project, seen);
      for (const test of module.children.allTests()) tests.push(timed(test, project, root));
    }
    const run = [...new Set(testModules.map((module) => module.project.name))].sort().join('+');
    const name = `vitest-${run || 'none'}${onPostgres ? '-postgres' : ''}.json`;
    const folder = path.join(root, '.test-report');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, name),
      JSON.stringify(
        {
          runner: 'vitest',
          wallTime: Date.now() - this.startedAt,
          projects: Object.fromEntries(projects),
          tests,
        },
        null,
        1,
      ),
    );
  }
}

function timed(test: TestCase, project: string, root: string): TimedTest {
  const diagnostic = test.diagnostic();
  return {
    project,
    file: path.relative(root, test.module.moduleId),
    title: test.fullName,
    duration: Math.round(diagnostic?.duration ?? 0),
    timeout: test.options.timeout ?? test.project.config.testTimeout,
    state: test.result().state,
    retries: diagnostic?.retryCount ?? 0,
  };
}
