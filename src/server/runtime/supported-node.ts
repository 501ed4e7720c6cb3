import v8 from 'node:v8';

/**
 * The Node.js lines the server runs on (docs/operations.md#nodejs): an LTS line with security
 * fixes. Kept beside `engines` in package.json, which says the same to npm.
 */
export const SUPPORTED_NODE_MAJORS = [24, 26] as const;
const OLDEST = SUPPORTED_NODE_MAJORS[0];

/**
 * Stops at once, with one line naming the version needed, when this Node.js is older than the
 * oldest supported line: the server must not run without security fixes, and an old Node would
 * otherwise fail later with a stack trace from an API it lacks. `npm start` and `npm test` run on
 * the Node the project installs (the `node` package), so only a direct `node dist/server/main.js`
 * on an old system Node meets this.
 */
export function refuseUnsupportedNode(version: string = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (major >= OLDEST) return;
  console.error(
    `The careers server needs Node.js ${OLDEST} or newer (this is ${version}): start it with npm start, which uses the Node.js the project installs.`,
  );
  process.exit(1);
}

/**
 * V8 settings the server runs with (docs/operations.md#memory), each measured side by side with
 * Node 20 on the same build:
 * - Node 24's V8 sizes the young generation by the heap limit, up to 64 MB a semi-space: the
 *   server held about 100 MB more 5 s after start. 8 MB a semi-space took about 30 MB off the peak
 *   of 8 concurrent CV uploads against 16 (Node 20's size), and 4 MB about 10 MB more, each with
 *   the same `/api/all` throughput and the CV intake within its round-to-round noise.
 * - Maglev, the optimizing tier V8 added between Node 20 and 24, compiled the start's code on
 *   helper threads whose freed memory the C library kept: about 20 MB at rest, with no gain on the
 *   server's paths (`/api/all` is answered from memory, the CV intake's work is PGlite's
 *   WebAssembly and the checking thread's byte loops). TurboFan still optimizes what stays hot.
 * - Memory outside the heap (the CVs' and request bodies' buffers) no longer started a collection
 *   of its own on Node 24, as it did on Node 20: the dead copies of the last few dozen CVs waited
 *   for the heap's next one. Counted in the heap's limit, they are collected as they pile up:
 *   taking 160 CVs with 50 jobs posted, the peak came down from about 365 MB to about 330.
 * - After each full collection V8 lets the heap, and with the flag above the memory outside it,
 *   grow to up to four times what survived before the next one, more the faster the program
 *   allocates. Under steady mixed traffic (CVs taken and previewed, pages read) that was 50 MB
 *   live growing to 180 MB of heap and about 240 MB of dead buffers, and the C library's heap
 *   with them: over 550 MB resident before each collection. At 20% the next collection comes
 *   once the heap or the memory outside it has grown by a fifth (or by V8's minimum step): the
 *   soak held 267-279 MB through the second half of 10 minutes, with the same CV intake and
 *   `/api/all` throughput.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=4',
  '--no-maglev',
  '--external-memory-accounted-in-global-limit',
  '--heap-growing-percent=20',
] as const;

/**
 * The C library's settings the server starts with, unless whoever runs it set their own
 * (docs/operations.md#memory), each measured side by side with Node 20 on the same build:
 * - glibc gives each thread that allocates an arena of its own, up to eight per core, and keeps
 *   what a thread freed in that arena for its next use: the CV-checking thread, V8's helpers and
 *   libuv's pool each held tens of megabytes after a burst of uploads. Two arenas for the whole
 *   process took about 30 MB off the peak of 8 concurrent 5 MiB uploads, with the same throughput
 *   on two cores.
 * - glibc gives memory freed at the top of its heap back to the system only once more than a
 *   threshold is free there, and raises that threshold to twice the largest block it has freed:
 *   after the start Node 24 held about 5 MB more free heap at rest than Node 20. A fixed 128 KB
 *   threshold gives it back; blocks that large are then mapped on their own and unmapped when
 *   freed: 35 MB less at the upload peak, the intake within its noise. Not on transparent huge
 *   pages (`hugetlb=1`): the heap's partly used 2 MB pages kept about 4 MB more at rest, for no
 *   intake the benchmark could tell apart.
 */
export const SERVER_ENVIRONMENT = {
  MALLOC_ARENA_MAX: '2',
  GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072',
} as const;

/**
 * V8's flags hold for every isolate the process starts, worker threads included, and
 * `--max-semi-space-size` outranks a thread's own `resourceLimits`: with it, each CV-checking
 * thread grew a 32 MB young generation instead of the 4 MB its pool asks for
 * (`applications/intake-pool.ts`), about 28 MB more per thread at the intake's peak. The main
 * thread's heap is sized as the process starts, so once the server runs the flag can be cleared
 * for the threads that start later. See docs/operations.md#memory.
 */
export function leaveThreadsTheirOwnLimits(): void {
  if (process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size'))) {
    v8.setFlagsFromString('--max-semi-space-size=0');
  }
}

/**
 * Makes this process the same program again with SERVER_NODE_FLAGS and SERVER_ENVIRONMENT, when it
 * was started without them (V8 and the C library read them only as the process starts):
 * `process.execve` replaces the process in place, same pid, nothing kept from this start, so
 * `npm start`, `node dist/server/main.js` and the test and benchmark harnesses all run the server
 * alike. A variable already set keeps its value. Where execve is missing (Windows), the server
 * runs with the defaults.
 */
export function restartWithServerFlags(entry: string): void {
  const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  const unset = Object.entries(SERVER_ENVIRONMENT).filter(([name]) => process.env[name] === undefined);
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never })
    .execve;
  if (missing.length + unset.length === 0 || typeof execve !== 'function' || process.platform === 'win32') {
    return;
  }
  execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, entry, ...process.argv.slice(2)],
    { ...process.env, ...Object.fromEntries(unset) },
  );
}
