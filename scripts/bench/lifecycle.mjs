// Everything the benchmark starts or creates is registered here, so that a normal end, a crash
// or Ctrl-C all leave no server running and no temp folder behind.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const children = new Set();
const tempDirs = new Set();
let installed = false;
let interrupted = false;

/** True once a signal asked the run to stop: failures after that are the stopping, not a bug. */
export const wasInterrupted = () => interrupted;

/** A temp folder removed at exit. */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** `spawn`, plus registration: the child is killed at exit if it is still running then. */
export function spawnTracked(command, args, options) {
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  // A failed spawn (ENOENT) is reported through the caller's own 'exit'/'error' handling.
  child.on('error', () => children.delete(child));
  return child;
}

/**
 * Runs a measuring program to its end (tracked like any child) and resolves with the JSON of the
 * last line it printed; rejects, naming `what` and with the end of its stderr when it was piped,
 * when it exits non-zero. `stderr: 'inherit'` shows its progress instead.
 */
export function runForJson(command, args, { what, cwd, stderr = 'pipe' }) {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(command, args, { cwd, stdio: ['ignore', 'pipe', stderr] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr?.on('data', (chunk) => (err = (err + chunk).slice(-5000)));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`${what} failed (${code})${err ? `:\n${err}` : ''}`)),
    );
  });
}

/** Asks a child to stop (SIGTERM: the product closes its database), then kills it after `graceMs`. */
export async function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function killAllNow() {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Removes temp folders and kills children on exit, Ctrl-C and SIGTERM (once per process). */
export function installCleanup() {
  if (installed) return;
  installed = true;
  // 'exit' handlers must be synchronous: whatever is still running by then is killed outright.
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping the benchmark's processes and removing its temp folders...`);
      // Graceful first (the product's PGlite closes cleanly), bounded so Ctrl-C never hangs.
      Promise.all([...children].map((child) => stopChild(child, 2000)))
        .catch(() => undefined)
        .finally(() => process.exit(130));
    });
  }
}

/** Stops every tracked child gracefully (the normal end of a run). */
export async function stopAll() {
  await Promise.all([...children].map((child) => stopChild(child)));
}
