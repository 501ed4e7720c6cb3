import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { loadMallocTrim } from '../runtime/malloc-trim';
import { keepNextTickShapes } from '../runtime/next-tick-shapes';

/** How often the server looks at how busy it was. */
export const IDLE_CHECK_EVERY_MS = 5_000;
/**
 * How long the server must have been at rest before it gives memory back. A release costs the
 * next burst of traffic: V8 grows its young generation and warms its code again, and measured
 * over the following seconds a server answered about a third fewer requests. So a lull between
 * bursts (seconds) keeps what the traffic grew; only a server that has really gone quiet pays it.
 */
export const IDLE_QUIET_MS = 30_000;
/**
 * How often a busy server hands the C library's free pages back. Under steady traffic the server
 * is never at rest, and the pages freed between blocks still in use (socket reads, compression,
 * the CV checks' buffers) stay in glibc's heap until trimmed (a few milliseconds each). What the
 * trim cannot give back is what is not freed yet: buffers whose owners wait for V8's next full
 * collection, which `--heap-growing-percent` brings sooner (runtime/supported-node.ts,
 * docs/operations.md#memory).
 */
export const TRIM_WHILE_BUSY_EVERY_MS = 5_000;
/** At most this share of the last check's time spent working counts as at rest. */
export const IDLE_UTILIZATION = 0.05;

/** glibc's `malloc_trim` where the project's addon is built; see src/server/runtime/malloc-trim.ts. */
const mallocTrim = loadMallocTrim();
/** Whether a release also returns the C library's free pages (the ready log line says it). */
export const releasesMallocHeap = mallocTrim !== undefined;

/**
 * V8's full collection that also returns memory: its young generation shrinks back from the
 * 32 MB a busy moment grew it to (it grows again when needed) and free pages go back to the
 * system. It is what V8 does on a low-memory signal; the in-process inspector session (no port,
 * no debugger) is the stable way Node offers to send it. Takes about 50-150 ms. Then the C
 * library's free pages, which the collection's freed buffers add to, go back too (`malloc_trim`,
 * a few milliseconds).
 */
export async function releaseUnusedMemory(): Promise<void> {
  // The entry keeps them from the start; a server made in-process (tests) from its first release.
  await keepNextTickShapes();
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
  mallocTrim?.();
}

/**
 * Once the server has been at rest for `quietMs` (every check in that time saw its event loop
 * busy less than `idleUtilization` of the time), releases unused memory, once per quiet spell
 * after a busy one (the start counts as busy): a server at rest holds what it needs rather than
 * what its last busy moment grew to (see docs/operations.md#memory). It reads the event loop's
 * utilization every `checkEveryMs` and adds nothing to any request; under steady or bursty
 * traffic it never runs. With `releaseAfterStartMs`, the start's own garbage (migrations, the
 * database's start, the first compilations) is also given back that soon after the start; the
 * release after the first quiet spell still comes, for what the start went on compiling (PGlite's
 * WebAssembly keeps tiering up for a while). Returns a function that stops it.
 */
export function releaseMemoryWhenIdle({
  checkEveryMs = IDLE_CHECK_EVERY_MS,
  quietMs = IDLE_QUIET_MS,
  idleUtilization = IDLE_UTILIZATION,
  release = releaseUnusedMemory,
  onError = () => {},
  releaseAfterStartMs,
  trimWhileBusy = mallocTrim,
  trimEveryMs = TRIM_WHILE_BUSY_EVERY_MS,
}: {
  checkEveryMs?: number;
  quietMs?: number;
  idleUtilization?: number;
  release?: () => Promise<void>;
  onError?: (error: unknown) => void;
  releaseAfterStartMs?: number;
  trimWhileBusy?: () => unknown;
  trimEveryMs?: number;
} = {}): () => void {
  let last = performance.eventLoopUtilization();
  let busySinceRelease = true;
  let quietForMs = 0;
  let releasing = false;
  const releaseNow = () => {
    releasing = true;
    release()
      .catch(onError)
      .finally(() => {
        releasing = false;
        // The collection's own work is not traffic.
        last = performance.eventLoopUtilization();
      });
  };
  let sinceTrimMs = 0;
  const timer = setInterval(() => {
    if (releasing) return;
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization > idleUtilization;
    last = now;
    quietForMs = busy ? 0 : quietForMs + checkEveryMs;
    if (busy) busySinceRelease = true;
    sinceTrimMs += checkEveryMs;
    if (busy && trimWhileBusy && sinceTrimMs >= trimEveryMs) {
      sinceTrimMs = 0;
      trimWhileBusy();
    }
    if (quietForMs < quietMs || !busySinceRelease) return;
    busySinceRelease = false;
    releaseNow();
  }, checkEveryMs);
  timer.unref();
  const afterStart =
    releaseAfterStartMs === undefined
      ? undefined
      : setTimeout(() => {
          if (!releasing) releaseNow();
        }, releaseAfterStartMs);
  afterStart?.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(afterStart);
  };
}
