import type { Server } from 'node:http';
import { Session } from 'node:inspector/promises';

/** How long the server must have had no request in progress before it gives memory back. */
export const IDLE_BEFORE_RELEASE_MS = 2_000;

/**
 * V8's full collection that also returns memory: its young generation shrinks back from the
 * 32 MB a busy moment grew it to (it grows again when needed) and free pages go back to the
 * system. It is what V8 does on a low-memory signal; the in-process inspector session (no port,
 * no debugger) is the stable way Node offers to send it. Takes about 50-150 ms.
 */
export async function releaseUnusedMemory(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
}

/**
 * Once no request has been in progress for `idleMs`, releases unused memory, once per quiet
 * spell: a server at rest holds what it needs rather than what its last busy moment grew to (see
 * docs/operations.md#memory). Under steady traffic it never runs. Returns a function that stops it.
 */
export function releaseMemoryWhenIdle(
  server: Server,
  {
    idleMs = IDLE_BEFORE_RELEASE_MS,
    release = releaseUnusedMemory,
    onError = () => {},
  }: { idleMs?: number; release?: () => Promise<void>; onError?: (error: unknown) => void } = {},
): () => void {
  let inProgress = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      release().catch(onError);
    }, idleMs);
    timer.unref();
  };
  const onRequest = (_request: unknown, response: { once(event: 'close', listener: () => void): void }) => {
    inProgress++;
    clearTimeout(timer);
    timer = undefined;
    response.once('close', () => {
      inProgress--;
      if (inProgress === 0) arm();
    });
  };
  server.on('request', onRequest);
  // The start itself (modules, routes, the database) is the first busy moment.
  arm();
  return () => {
    clearTimeout(timer);
    server.off('request', onRequest);
  };
}
