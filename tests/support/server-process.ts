import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeProgram } from './node-program';
import { TEST_JWT_SECRET } from './postgres';

export const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on right now (the OS picks it; the server binds it moments later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
  /** SIGKILL: no shutdown hooks, no flushing, nothing. */
  kill(): Promise<string>;
  /** SIGTERM, then SIGKILL if it has not gone after a few seconds. */
  stop(): Promise<void>;
}

/**
 * The real server entry as a child process (the build's bundle when it is current, else
 * src/server/root/main.ts through tsx: see node-program.ts), answered once
 * `GET /api/health` says ok. `env` is laid over a minimal environment, not over the caller's,
 * so nothing of the developer's shell (DATABASE_URL, SMTP_URL...) leaks in. The timeout is
 * generous: a first start on PGlite creates its database (several CPU-seconds), slower on busy CI.
 */
export async function spawnServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  /** The umask the server is started under (as a shell would start it); default: this process's. */
  { umask }: { umask?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const program = nodeProgram('main', 'src/server/root/main.ts');
  const [command, ...args] =
    umask === undefined ? program : ['sh', '-c', `umask ${umask.toString(8)} && exec "$@"`, 'sh', ...program];
  const child = spawn(command!, args, {
    cwd: projectDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      // With PostgreSQL the server needs one (docs/security.md#the-signing-secret).
      JWT_SECRET: env.DATABASE_URL ? TEST_JWT_SECRET : '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)),
  );
  let gone: string | undefined;
  void exited.then((how) => (gone = how));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server exited (${gone}) before answering:\n${log}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    child,
    url,
    output: () => log,
    exited,
    kill() {
      if (!gone) child.kill('SIGKILL');
      return exited;
    },
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
