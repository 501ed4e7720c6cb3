import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../../src/server/runtime/supported-node';
import { lastJsonLine, runNode } from '../../support/run-node';

const supportedNode = path.resolve('src/server/runtime/supported-node.ts');

describe('the supported Node.js check', () => {
  it('stops an older Node with one line naming the version needed and the way to start', () => {
    const result = runNode(
      `import { refuseUnsupportedNode } from ${JSON.stringify(supportedNode)};
       refuseUnsupportedNode('20.20.2');
       console.log('still running');`,
    );
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('still running');
    expect(result.stderr.trim()).toBe(
      'The careers server needs Node.js 24 or newer (this is 20.20.2): start it with npm start, which uses the Node.js the project installs.',
    );
  });

  it('lets the supported lines through', () => {
    const result = runNode(
      `import { refuseUnsupportedNode } from ${JSON.stringify(supportedNode)};
       refuseUnsupportedNode('24.11.0'); refuseUnsupportedNode('26.0.0');
       console.log('still running');`,
    );
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('still running');
  });
});

describe.skipIf(process.platform === 'win32')('the server’s V8 settings', () => {
  // An entry like the server's: a file (a program given with -e cannot be started again) that
  // calls the check first and then prints what V8 was given.
  const entry = path.join(mkdtempSync(path.join(tmpdir(), 'v8-settings-')), 'entry.mjs');
  writeFileSync(
    entry,
    `import v8 from 'node:v8';
     import { restartWithServerFlags } from ${JSON.stringify(pathToFileURL(supportedNode).href)};
     console.log('started ' + process.pid);
     restartWithServerFlags(import.meta.filename);
     const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
     // What a burst of uploads leaves: 1 MB blocks freed beneath one still held (after an earlier
     // one was freed, which is what moves glibc's own thresholds). How much of it stays resident?
     const rssMb = () => process.memoryUsage.rss() / 2 ** 20;
     Buffer.allocUnsafeSlow(2 ** 20).fill(1).buffer.transfer(0);
     const before = rssMb();
     const blocks = Array.from({ length: 100 }, () => Buffer.allocUnsafeSlow(2 ** 20).fill(1));
     for (const block of blocks.slice(0, -1)) block.buffer.transfer(0);
     const heldMb = rssMb() - before;
     // The young generation is two semi-spaces, reserved whole: its size says the setting took.
     console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, argv: process.argv.slice(2),
       semiSpaceMb: newSpace.space_size / 2 / 1024 / 1024, arenas: process.env.MALLOC_ARENA_MAX ?? null,
       tunables: process.env.GLIBC_TUNABLES ?? null, heldMb }));`,
  );
  const start = (execArgv: string[], env: Record<string, string> = {}) => {
    const { MALLOC_ARENA_MAX: _arenas, GLIBC_TUNABLES: _tunables, ...inherited } = process.env;
    return spawnSync(process.execPath, [...execArgv, '--import', 'tsx', entry, '--port', '3000'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...inherited, ...env },
    });
  };

  it('starts the same program again, in the same process, with its young generation and without Maglev', () => {
    const result = start([]);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // Once before the restart and once after, then the settings.
    expect(lines).toHaveLength(3);
    const printed = JSON.parse(lines[2] ?? '{}') as {
      pid: number;
      execArgv: string[];
      argv: string[];
      semiSpaceMb: number;
      arenas: string | null;
      tunables: string | null;
      heldMb: number;
    };
    // Same pid: whoever started the server (npm start, a service manager, the tests) still holds it.
    expect(lines[0]).toBe(`started ${printed.pid}`);
    expect(printed.execArgv).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    expect(printed.execArgv).toEqual(
      expect.arrayContaining(['--max-semi-space-size=4', '--no-maglev', '--heap-growing-percent=20']),
    );
    expect(printed.argv).toEqual(['--port', '3000']);
    expect(printed.semiSpaceMb).toBeGreaterThan(0);
    expect(printed.semiSpaceMb).toBeLessThanOrEqual(4);
    // Two malloc arenas for the whole process (docs/operations.md#memory).
    expect(printed.arenas).toBe('2');
    // Freed memory goes back to the system: large blocks are mapped on their own.
    expect(printed.tunables).toBe(SERVER_ENVIRONMENT.GLIBC_TUNABLES);
    expect(printed.heldMb).toBeLessThan(20);
  });

  it('keeps the C library setting whoever runs the server chose', () => {
    const result = start([], { MALLOC_ARENA_MAX: '4', GLIBC_TUNABLES: 'glibc.malloc.tcache_count=0' });
    expect(result.status).toBe(0);
    const printed = lastJsonLine<{ arenas: string; tunables: string; heldMb: number }>(result.stdout);
    expect(printed.arenas).toBe('4');
    expect(printed.tunables).toBe('glibc.malloc.tcache_count=0');
    // Their setting in place of the server's: glibc's own thresholds, which keep the freed blocks.
    expect(printed.heldMb).toBeGreaterThan(80);
  });

  it('leaves worker threads the young generation their own limits ask for', () => {
    // What the CV-checking pool asks for (applications/intake-pool.ts): a 4 MB young generation.
    const threadEntry = path.join(path.dirname(entry), 'threads.mjs');
    writeFileSync(
      threadEntry,
      `import { Worker } from 'node:worker_threads';
       import { leaveThreadsTheirOwnLimits } from ${JSON.stringify(pathToFileURL(supportedNode).href)};
       leaveThreadsTheirOwnLimits();
       const churn = \`
         const v8 = require('node:v8');
         let kept = [];
         for (let i = 0; i < 1e6; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 50000) kept = []; }
         const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
         require('node:worker_threads').parentPort.postMessage(newSpace.space_size / 1024 / 1024);\`;
       const thread = new Worker(churn, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 4 } });
       thread.once('message', (youngMb) => { console.log(JSON.stringify({ youngMb })); process.exit(0); });`,
    );
    const result = spawnSync(process.execPath, ['--max-semi-space-size=16', '--import', 'tsx', threadEntry], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(0);
    const { youngMb } = JSON.parse(result.stdout.trim()) as { youngMb: number };
    expect(youngMb).toBeGreaterThan(0);
    // Under the flag the thread's young generation is 32 MB. Its own limit gives 4-8 MB, which V8
    // rounds up to whole pages and sizes by what survived (8.25 MB was seen on a loaded machine).
    expect(youngMb).toBeLessThan(16);
  });

  it('does nothing when the process already has them', () => {
    const result = start([...SERVER_NODE_FLAGS], { ...SERVER_ENVIRONMENT });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
  });
});
