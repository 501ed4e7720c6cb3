import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder, for tests that restart, stop or
 * disconnect the database: doing that to the shared one would break every other test running.
 * It listens on a Unix socket in its folder only. Started as the `postgres` user when the tests
 * run as root (PostgreSQL refuses to run as root).
 */

/** The folder of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin, else pg_config's. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  } catch {
    // no pg_config on the PATH
  }
  return candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
}

export interface PrivateCluster {
  /** A connection string for `database` on this cluster. */
  url(database?: string): string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** `pg_ctl restart -m fast`: every connection is dropped, the cluster comes back at once. */
  restart(): void;
  stop(): void;
  start(): void;
  /** Stops the cluster (if running) and removes its folder. */
  destroy(): void;
}

const PORT = 5432; // Only names the socket file: the socket lives in the cluster's own folder.

export function startPrivateCluster(binDir: string): PrivateCluster {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'careers-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(binDir, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { cwd: dir, stdio: 'pipe', timeout: 120_000 });
  };
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', dataDir, '-w', '-t', '60', ...args]);

  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${PORT} -k ${dir} -c listen_addresses='' -c fsync=off -c max_connections=50`;
  // The log goes to a file: the server would otherwise hold this call's output pipe open.
  const log = path.join(dir, 'server.log');
  const start = () => pgCtl('-l', log, '-o', options, 'start');
  start();

  const url = (database = 'postgres') =>
    `postgresql://postgres@localhost:${PORT}/${database}?host=${encodeURIComponent(dir)}`;
  return {
    url,
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    restart: () => pgCtl('-l', log, '-m', 'fast', 'restart'),
    stop: () => pgCtl('-m', 'fast', 'stop'),
    start,
    destroy() {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
