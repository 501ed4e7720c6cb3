import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMallocTrim } from '../../../src/server/runtime/malloc-trim';
import { spawnServer, type ServerProcess } from '../../support/server-process';

/** What an operator reads first: the line the server logs once it listens. */

let server: ServerProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ready-log-'));
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the start-up log line', () => {
  it('names the Node.js the server runs on, and whether its releases trim the C library’s heap', async () => {
    server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const started = server;
    // The line follows the listening socket, so /api/health may answer a moment before it.
    await expect.poll(() => started.output(), { timeout: 30_000 }).toContain('careers server ready');
    const line = started
      .output()
      .split('\n')
      .find((entry) => entry.includes('careers server ready'));
    const ready = JSON.parse(line ?? '{}') as { node?: string; mallocTrim?: boolean };
    // The server runs on the Node that started it (npm's, in the tests): 24 or newer.
    expect(ready.node).toBe(process.version);
    expect(Number(ready.node?.slice(1).split('.')[0])).toBeGreaterThanOrEqual(24);
    expect(ready.mallocTrim).toBe(loadMallocTrim() !== undefined);
  }, 180_000);
});
