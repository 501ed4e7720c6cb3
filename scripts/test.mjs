// The whole test suite (`npm test`): lint, type checks, one build, then the test runs, each phase
// started as soon as what it needs is done, so that the two cores stay busy (most test time is
// spent waiting: on a browser, a throttled upload, a timer, a child process). Each phase's output is
// printed whole when it ends, with its duration; the run ends with the timing report of
// scripts/test-report.mjs (slowest tests against their timeouts, tests that needed their retry).
// `--serial` runs the phases one after another instead, to time one alone. docs/testing.md
// explains the order and has the measurements behind it.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serial = process.argv.includes('--serial');

/**
 * `after`: phases that must have passed first. The server run is the longest, so it starts as soon
 * as the build is done (its servers start from the build's database seed, which they would
 * otherwise write into the folder the build is writing), beside the component tests. The
 * end-to-end run tests the build, after the component tests: they are short but busy, and next to
 * four browsers they came close to their timeouts. The PostgreSQL run follows the end-to-end run,
 * which ends before the server run does, so that the server run shares the two cores with one
 * other run and never with two, which would crowd the timing tests of each; the desktop run, a few
 * seconds, goes beside it.
 */
const phases = [
  { name: 'lint', script: 'lint', after: [] },
  { name: 'type checks', script: 'typecheck', after: [] },
  { name: 'build', script: 'build:all', after: [] },
  { name: 'renderer', script: 'test:renderer', after: ['build'] },
  { name: 'server', script: 'test:server', after: ['build'] },
  { name: 'PostgreSQL', script: 'test:pg', after: ['e2e'] },
  { name: 'desktop', script: 'test:desktop', after: ['e2e'] },
  { name: 'e2e', script: 'test:e2e', after: ['renderer'] },
];

const reportDir = path.join(root, '.test-report');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const startedAt = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const state = new Map(phases.map((phase) => [phase.name, { status: 'waiting' }]));

function run(phase) {
  const entry = state.get(phase.name);
  entry.status = 'running';
  entry.start = Date.now();
  console.log(`▶ ${phase.name} (npm run ${phase.script}) at +${seconds(entry.start - startedAt)}`);
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', phase.script], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      entry.end = Date.now();
      entry.status = code === 0 ? 'passed' : 'failed';
      const took = seconds(entry.end - entry.start);
      const rule = '─'.repeat(8);
      process.stdout.write(`\n${rule} ${phase.name}: ${entry.status} in ${took} ${rule}\n`);
      const text = Buffer.concat(output);
      process.stdout.write(text);
      if (code !== 0) {
        console.log(`✖ ${phase.name} failed (${signal ?? `exit code ${code}`})`);
        entry.why = whyItFailed(text.toString('utf8'));
      }
      resolve();
    });
  });
}

/**
 * The part of a failed phase's output that says why: Vitest's failed tests and unhandled errors,
 * Playwright's failures, or else the last lines. It is printed again at the very end, because a CI
 * log is often read from its tail, and a phase's whole output can be thousands of lines above it.
 */
function whyItFailed(text) {
  // eslint-disable-next-line no-control-regex -- colour codes are taken out to find the headings
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) =>
    /Failed Tests \d+|Unhandled Errors|Unhandled Rejection|^\s+\d+\) /.test(line),
  );
  const picked = start === -1 ? lines.slice(-40) : lines.slice(start);
  return picked.slice(0, 150).join('\n');
}

const ready = (phase) =>
  state.get(phase.name).status === 'waiting' &&
  phase.after.every((name) => state.get(name).status === 'passed');
const blocked = (phase) =>
  state.get(phase.name).status === 'waiting' &&
  phase.after.some((name) => ['failed', 'skipped'].includes(state.get(name).status));

const running = new Set();
for (;;) {
  // A phase whose prerequisite failed is skipped, and so, in turn, are the phases that need it.
  for (let skipped = phases.filter(blocked); skipped.length > 0; skipped = phases.filter(blocked))
    for (const phase of skipped) state.get(phase.name).status = 'skipped';
  const next = phases.filter(ready);
  for (const phase of serial ? next.slice(0, running.size === 0 ? 1 : 0) : next) {
    const promise = run(phase).then(() => running.delete(promise));
    running.add(promise);
  }
  if (running.size === 0) break;
  await Promise.race(running);
}

const summary = phases.map((phase) => {
  const entry = state.get(phase.name);
  return {
    phase: phase.name,
    status: entry.status,
    seconds: entry.end ? Number(((entry.end - entry.start) / 1000).toFixed(1)) : null,
    startedAt: entry.start ? Number(((entry.start - startedAt) / 1000).toFixed(1)) : null,
  };
});
const total = Number(((Date.now() - startedAt) / 1000).toFixed(1));
writeFileSync(path.join(reportDir, 'phases.json'), JSON.stringify({ total, phases: summary }, null, 1));

const report = spawn(process.execPath, [path.join(root, 'scripts/test-report.mjs')], { stdio: 'inherit' });
await new Promise((resolve) => report.on('close', resolve));

const failed = summary.filter((phase) => phase.status !== 'passed');
if (failed.length > 0) {
  for (const phase of failed) {
    const { why } = state.get(phase.phase);
    if (why) console.log(`\n──────── why ${phase.phase} failed ────────\n${why}`);
  }
  console.log(`\nnpm test failed: ${failed.map((phase) => `${phase.phase} ${phase.status}`).join(', ')}`);
  process.exit(1);
}
console.log(`\nnpm test passed in ${total} s`);
