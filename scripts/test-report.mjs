// Reads what the last test run left in .test-report/ (phases.json from scripts/test.mjs, the Vitest
// runs' vitest-*.json from tests/support/timing-reporter.ts, Playwright's e2e.json) and prints where
// the time went: each phase, each test project, the tests closest to their timeouts, every test
// that needed its retry, and every test whose slowest try took more than half of its timeout.
//
//   node scripts/test-report.mjs              the summary (npm test prints it at the end)
//   node scripts/test-report.mjs --markdown   the phases, the runs and the 25 tests closest to their
//                                             timeouts as Markdown tables, for docs/testing.md
//   node scripts/test-report.mjs --markdown=all   the same with every test
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, '.test-report');
const markdownArg = process.argv.find((arg) => arg.startsWith('--markdown'));
const markdown = markdownArg !== undefined;
const markdownRows = markdownArg === '--markdown=all' ? Infinity : 25;
/** A test's slowest try may take at most this share of its timeout (docs/testing.md). */
const MAX_SHARE = 0.5;

const read = (name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
if (!existsSync(folder)) {
  console.log('No .test-report folder: run npm test (or one of its test scripts) first.');
  process.exit(0);
}

/** Playwright's JSON report as the same rows the Vitest reporter writes. */
function playwrightTests(report) {
  const rows = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.results.length === 0) continue;
        rows.push({
          project: 'e2e',
          file: path.join('tests/e2e', spec.file),
          title: spec.title,
          duration: Math.max(...test.results.map((result) => result.duration)),
          timeout: test.timeout,
          state: test.status === 'expected' || test.status === 'flaky' ? 'passed' : test.status,
          retries: test.results.length - 1,
        });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return rows;
}

const runs = [];
const tests = [];
for (const name of readdirSync(folder).sort()) {
  if (name.startsWith('vitest-') && name.endsWith('.json')) {
    const run = read(name);
    runs.push({
      name: name.slice(7, -5),
      wallTime: run.wallTime,
      projects: run.projects,
      count: run.tests.length,
    });
    tests.push(...run.tests);
  }
}
if (existsSync(path.join(folder, 'e2e.json'))) {
  const report = read('e2e.json');
  const rows = playwrightTests(report);
  runs.push({ name: 'e2e', wallTime: report.stats.duration, projects: {}, count: rows.length });
  tests.push(...rows);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const percent = (share) => `${Math.round(share * 100)}%`;
const share = (test) => test.duration / test.timeout;
const pad = (rows) => {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows
    .map((row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  '))
    .join('\n');
};
const table = (header, rows) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

if (markdown) {
  const byShare = [...tests].sort((a, b) => share(b) - share(a));
  const phases = phaseRows();
  if (phases) console.log(`${table(phases[0], phases.slice(1))}\n`);
  console.log(
    table(
      ['run', 'wall time', 'tests'],
      runs.map((run) => [run.name, seconds(run.wallTime), run.count]),
    ),
  );
  console.log();
  console.log(
    table(
      ['test', 'file', 'slowest try', 'timeout', 'share'],
      byShare
        .slice(0, markdownRows)
        .map((test) => [
          test.title.replaceAll('|', '\\|'),
          `${test.file} (${test.project})`,
          seconds(test.duration),
          seconds(test.timeout),
          percent(share(test)),
        ]),
    ),
  );
  process.exit(0);
}

console.log('\n══ Where the time went ══');
const phases = phaseRows();
if (phases) console.log(`${pad(phases)}\n`);
if (runs.length > 0)
  console.log(
    pad([
      ['test run', 'wall time', 'tests'],
      ...runs.map((run) => [run.name, seconds(run.wallTime), run.count]),
    ]),
  );

const slowest = [...tests].sort((a, b) => share(b) - share(a));
console.log('\nClosest to their timeouts (slowest try / timeout):');
console.log(
  pad(
    slowest
      .slice(0, 12)
      .map((test) => [
        percent(share(test)),
        `${seconds(test.duration)} / ${seconds(test.timeout)}`,
        `${test.file} › ${test.title}`,
      ]),
  ),
);

const over = slowest.filter((test) => share(test) > MAX_SHARE);
console.log(`\nOver half of their timeout: ${over.length === 0 ? 'none' : ''}`);
for (const test of over) console.log(`  ${percent(share(test))}  ${test.file} › ${test.title}`);

const retried = tests.filter((test) => test.retries > 0);
console.log(`\nNeeded a retry: ${retried.length === 0 ? 'none' : ''}`);
for (const test of retried)
  console.log(`  ${test.state === 'passed' ? 'flaky ' : 'failed'}  ${test.file} › ${test.title}`);

const failedTests = tests.filter((test) => ['failed', 'unexpected', 'timedOut'].includes(test.state));
if (failedTests.length > 0) {
  console.log('\nFailed:');
  for (const test of failedTests) console.log(`  ${test.file} › ${test.title}`);
}

/** The phases of the last `npm test` (header first), or nothing when it left none. */
function phaseRows() {
  if (!existsSync(path.join(folder, 'phases.json'))) return undefined;
  const { total, phases } = read('phases.json');
  return [
    ['phase', 'started', 'took', 'result'],
    ...phases.map((phase) => [
      phase.phase,
      phase.startedAt === null ? '' : `+${phase.startedAt} s`,
      phase.seconds === null ? '' : `${phase.seconds} s`,
      phase.status,
    ]),
    ['all of npm test', '', `${total} s`, ''],
  ];
}
