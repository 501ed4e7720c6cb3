import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { build as esbuild } from 'esbuild';
import { freePort, projectDir } from '../support/server-process';
import { E2E_ADMIN, E2E_JWT_SECRET } from './e2e-env';

/** The newest modification time under a folder (files only). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function buildIfStale(): void {
  const outputs = [
    'dist/server/main.js',
    'dist/web/index.html',
    'dist/web/.vite/manifest.json',
    'dist/web-prerender/prerender.js',
  ].map((file) => path.join(projectDir, file));
  const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
  const sourcesAt = Math.max(
    newest(path.join(projectDir, 'src')),
    statSync(path.join(projectDir, 'vite.web.config.ts')).mtimeMs,
  );
  if (builtAt > sourcesAt) return;
  console.info('[e2e] build missing or older than the sources: npm run build');
  execSync('npm run build', { cwd: projectDir, stdio: 'inherit' });
}

/** A server a test started, and (when started with `clock`) the way to set its clock. */
export interface StartedServer {
  url: string;
  dataDir: string;
  /** Sets the server's clock to `at` (it runs on from there); only with `clock`. */
  setClock(at: Date): void;
  stop(): Promise<void>;
}

/**
 * The test-only clock server (tests/support/clock-server.ts) bundled as the build bundles the
 * server, with the tasks it loads from beside it (scripts/server-task-entries.json): it starts in
 * a fraction of the time the sources take through tsx, which had the one journey that uses it
 * near its timeout on a loaded machine. Inside the project, so the server finds its root (the
 * migrations, the database seed) as the build's does. Answers the entry's path.
 */
async function buildClockServer(): Promise<string> {
  const taskEntries = JSON.parse(
    readFileSync(path.join(projectDir, 'scripts/server-task-entries.json'), 'utf8'),
  ) as Record<string, string>;
  const outdir = path.join(projectDir, 'dist', 'e2e-clock-server');
  // Chunk names carry their content's hash: the last build's would stay beside this one's.
  rmSync(outdir, { recursive: true, force: true });
  await esbuild({
    entryPoints: { 'clock-server': path.join(projectDir, 'tests/support/clock-server.ts'), ...taskEntries },
    absWorkingDir: projectDir,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: '[name]-[hash]',
    target: 'node24',
    packages: 'external',
    logLevel: 'warning',
  });
  return path.join(outdir, 'clock-server.js');
}

/**
 * The real server (dist/server/main.js) on a data folder of its own, answering on a free port.
 * `env` changes its settings (a test that needs an administrator of its own starts one this way).
 * With `clock`, the server is the test-only entry tests/support/clock-server.ts instead (bundled by
 * buildClockServer): the same `startServer`, with a clock the test sets (`setClock`).
 */
export async function startServer(
  env: Record<string, string> = {},
  { clock = false }: { clock?: boolean } = {},
): Promise<StartedServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Beside the data folder, not in it: the server makes that folder its own.
  const clockFile = `${dataDir}.clock`;
  const program = clock ? [await buildClockServer()] : ['dist/server/main.js'];
  const child = spawn(process.execPath, program, {
    cwd: projectDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
      RATE_LIMIT_APPLICATIONS_PER_MINUTE: '1000',
      RATE_LIMIT_EMAILS_PER_MINUTE: '1000',
      RATE_LIMIT_MY_APPLICATION_PER_MINUTE: '1000',
      RATE_LIMIT_LOST_LINK_PER_MINUTE: '1000',
      RATE_LIMIT_PASSWORD_RESETS_PER_MINUTE: '1000',
      // The interviewers' e-mails go at once: the screens' tests read them straight after a booking.
      INTERVIEW_EMAIL_HOLD_MS: '0',
      // The console's renderer origin in the desktop tests (desktop-console.ts): a production
      // server allows the development origin only when told, as it is here.
      CORS_ORIGINS: 'http://localhost:5173',
      ...(clock ? { TEST_CLOCK_FILE: clockFile } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let exited: string | undefined;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ?? `exit code ${code}`;
      resolve();
    }),
  );

  // PGlite takes a few seconds to start on a busy machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the server exited (${exited}) before answering:\n${log}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    dataDir,
    setClock(at) {
      if (!clock) throw new Error('this server was started without a clock to set');
      writeFileSync(clockFile, String(at.getTime() - Date.now()));
    },
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clockFile, { force: true });
    },
  };
}

/**
 * One server per worker, each with its own database and outbox folder, so that the workers never
 * see each other's jobs, applications or e-mails: worker N (its TEST_PARALLEL_INDEX) finds its
 * server in E2E_BASE_URL_N and E2E_DATA_DIR_N (see e2e-env.ts).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  buildIfStale();
  const servers = await Promise.allSettled(Array.from({ length: config.workers }, () => startServer()));
  const started = servers.flatMap((server) => (server.status === 'fulfilled' ? [server.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
  const failed = servers.find((server) => server.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  started.forEach((server, index) => {
    process.env[`E2E_BASE_URL_${index}`] = server.url;
    process.env[`E2E_DATA_DIR_${index}`] = server.dataDir;
  });
  return stopAll;
}
