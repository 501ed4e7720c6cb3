import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../support/postgres';
import { startTestServer } from '../support/test-server';

/**
 * A start that fails (here: the port is taken) closes everything it had opened before the error
 * reaches the caller: the embedded database and its folder, or every PostgreSQL connection
 * (the pool's and the change feed's), the mailer and the worker threads. A program that embeds
 * the server and goes on after the failure keeps nothing of it.
 */

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Handles of the test's process that are not the server's: the runner's IPC channel to this
 * worker (held only while a message is under way; it alone has `pendingHandle` and `sockets`) and
 * the process's own stdin, stdout and stderr (held while a write to a pipe drains). Both come and
 * go as the timers do, by the kind Node reports them as.
 */
const processOwn = (): string[] =>
  (process as unknown as { _getActiveHandles(): Array<Record<string, unknown>> })
    ._getActiveHandles()
    .flatMap((handle) => {
      if ('pendingHandle' in handle && 'sockets' in handle) return ['PipeWrap'];
      const inner = handle._handle as { fd?: number; constructor: { name: string } } | undefined;
      if (inner && inner.fd !== undefined && inner.fd >= 0 && inner.fd <= 2)
        return [inner.constructor.name === 'TTY' ? 'TTYWrap' : 'PipeWrap'];
      return [];
    });

/** What keeps this process busy, by kind, leaving out timers and the process's own handles. */
const handles = () => {
  const kinds = process.getActiveResourcesInfo().filter((kind) => kind !== 'Timeout' && kind !== 'Immediate');
  for (const own of processOwn()) {
    const at = kinds.indexOf(own);
    if (at !== -1) kinds.splice(at, 1);
  }
  return kinds.sort();
};

/**
 * The kinds of handle of which there are more now than in `before`. Handles that an earlier test
 * of the same worker left closing may go meanwhile; none may be added.
 */
const added = (before: string[]) => () => {
  const left = new Map<string, number>();
  for (const kind of before) left.set(kind, (left.get(kind) ?? 0) + 1);
  return handles().filter((kind) => {
    const count = left.get(kind) ?? 0;
    left.set(kind, count - 1);
    return count <= 0;
  });
};

async function connectionsTo(url: string): Promise<number> {
  const database = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [database],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe(`startServer on ${engine} when the port is taken`, () => {
  it('rejects, and leaves no database, connection, lock or thread of its own open', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as net.AddressInfo).port;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-failed-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const scratch = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
    if (scratch) cleanups.push(() => scratch.drop());
    const before = handles();

    await expect(
      startTestServer({ PORT: String(port) }, { dataDir, databaseUrl: scratch?.url }),
    ).rejects.toThrow(/EADDRINUSE/);

    if (scratch) {
      // The database sees its backends go a moment after the sockets close.
      await expect.poll(() => connectionsTo(scratch.url), { timeout: 5000 }).toBe(0);
    } else {
      // PGlite keeps postmaster.pid in its folder while it has the database open.
      expect(existsSync(path.join(dataDir, 'db', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    }
    // Node closes the handle of a listen that failed on its next turn: wait for that, not longer.
    await expect.poll(added(before), { timeout: 2000 }).toEqual([]);

    // The folder and database are free at once for the next start.
    const next = await startTestServer({}, { dataDir, databaseUrl: scratch?.url });
    try {
      expect((await next.api('GET', '/health')).body).toMatchObject({ status: 'ok' });
    } finally {
      await next.stop();
    }
  }, 120_000);
});
