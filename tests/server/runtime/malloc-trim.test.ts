import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMallocTrim } from '../../../src/server/runtime/malloc-trim';
import { lastJsonLine, runNode } from '../../support/run-node';

const idleMemory = path.resolve('src/server/http/idle-memory.ts');

/**
 * What a burst of requests leaves in the C library's heap: small blocks (below the size glibc maps
 * on its own) freed between blocks still in use, so no free memory sits at the heap's top where
 * glibc would give it back by itself. Runs in a Node of its own, so the figures are its alone.
 */
function afterRelease(release: 'release' | 'none') {
  const result = runNode(
    `import { releaseUnusedMemory, releasesMallocHeap } from ${JSON.stringify(idleMemory)};
     const rssMb = () => process.memoryUsage.rss() / 2 ** 20;
     const blocks = Array.from({ length: 2000 }, () => Buffer.allocUnsafeSlow(32 * 1024).fill(1));
     // One block in eight stays in use, as a server's long-lived allocations do.
     blocks.forEach((block, i) => { if (i % 8 !== 7) block.buffer.transfer(0); });
     const before = rssMb();
     if (${JSON.stringify(release)} === 'release') await releaseUnusedMemory();
     console.log(JSON.stringify({ releasesMallocHeap, releasedMb: before - rssMb(), kept: blocks.filter((b) => b.length > 0).length }));`,
    { timeoutMs: 60_000 },
  );
  expect(result.stderr).toBe('');
  return lastJsonLine<{ releasesMallocHeap: boolean; releasedMb: number; kept: number }>(result.stdout);
}

/**
 * The addon is built by `npm ci` where a C compiler is found: always in CI (.ci/run), which fails
 * without it; elsewhere its tests are skipped with a warning.
 */
function addonBuilt(): boolean {
  if (loadMallocTrim()) return true;
  const message =
    'The malloc_trim addon (src/server/runtime/malloc-trim-addon) is not built: install a C compiler and make, then npm ci.';
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipped.`);
  return false;
}

describe.runIf(process.platform === 'linux' && addonBuilt())(
  'the release at rest and the C library’s heap',
  () => {
    it('gives back the free pages between blocks still in use', () => {
      const released = afterRelease('release');
      expect(released.releasesMallocHeap).toBe(true);
      // About 55 MB were freed; what stays is the 250 blocks in use and the pages they share.
      expect(released.releasedMb).toBeGreaterThan(30);
      expect(released.kept).toBe(250);
    });

    it('without it, glibc keeps those pages', () => {
      expect(afterRelease('none').releasedMb).toBeLessThan(10);
    });
  },
);
