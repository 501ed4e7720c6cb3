// Starting the product (dist/server/main.js, or `npm start`) as the benchmark measures it: its
// embedded defaults (PGlite and CV files in a temp DATA_DIR), production mode, a bootstrap admin.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCpu } from './cpu-pinning.mjs';
import { requestJson, waitForOk } from './http-client.mjs';
import { runForJson, spawnTracked, stopChild } from './lifecycle.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = path.join(root, 'dist', 'server', 'main.js');
export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/**
 * The whole environment the product gets: nothing is inherited from the shell, so a stray
 * RATE_LIMIT_* or DATABASE_URL cannot change what is measured (blank means the default, and
 * beats anything a .env file would set).
 */
export function productEnv({ port, dataDir, admin = true }) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    ...(admin ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
  };
}

/**
 * Spawns a server (on `cpu` when given) and resolves once `readyPath` answers 200, with the time
 * that took. The last 20 kB of its output are kept for error messages.
 */
export async function launch({
  label,
  command,
  args,
  env,
  port,
  cpu,
  readyPath = '/api/all',
  limitMs,
  onOutput,
}) {
  const line = cpu === undefined ? { command, args } : onCpu(cpu, command, args);
  const began = performance.now();
  const child = spawnTracked(line.command, line.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk).slice(-20_000);
    onOutput?.(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let gone = false;
  child.once('exit', () => (gone = true));
  child.once('error', (error) => {
    gone = true;
    keep(String(error));
  });
  const url = `http://127.0.0.1:${port}`;
  let startMs;
  try {
    startMs = await waitForOk(`${url}${readyPath}`, { since: began, limitMs, isGone: () => gone });
  } catch (error) {
    await stopChild(child);
    throw new Error(`${label}: ${error.message}\n${log}`, { cause: error });
  }
  return {
    label,
    url,
    port,
    // taskset execs the command, so this is the server's own pid (for /proc readings).
    pid: child.pid,
    startMs,
    log: () => log,
    stop: () => stopChild(child),
  };
}

/** The built server on a data folder. */
export const startProduct = ({ port, dataDir, cpu }) =>
  launch({
    label: 'product server',
    command: process.execPath,
    args: [serverEntry],
    env: productEnv({ port, dataDir }),
    port,
    cpu,
  });

/** Logs the bootstrap admin in; the token authorizes the admin routes. */
export async function adminToken(url) {
  const { token } = await requestJson(`${url}/api/login`, { method: 'POST', body: ADMIN });
  return token;
}

/** Runs seed-applications.ts (the server's own code, under tsx) on the stopped product's data folder. */
export function seedApplications(dataDir, count, cvFile) {
  const script = path.join(root, 'scripts', 'bench', 'seed-applications.ts');
  return runForJson(process.execPath, ['--import', 'tsx', script, dataDir, String(count), cvFile], {
    what: 'seeding',
    cwd: root,
    stderr: 'inherit',
  });
}
