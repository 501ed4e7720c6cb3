import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Intake } from './application-intake';

/** The worker's file: the bundled task next to dist/server/main.js, or the sources' tsx bootstrap. */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'cv-intake-worker.js');
  return existsSync(built) ? built : path.join(here, 'cv-intake-worker.dev.mjs');
}

/**
 * Worker threads for the CPU-heavy part of taking an application (JSON of several MB, base64, PDF
 * checks), one core left for the main thread's requests and I/O. The queue also bounds how many
 * multi-megabyte bodies are being taken apart at once, which bounds memory.
 */
export function createIntakePool() {
  // Started on the first application, so tools that never take one (npm run purge) start no thread.
  let pool: Piscina | undefined;
  const started = () =>
    (pool ??= new Piscina({
      filename: workerFile(),
      minThreads: 1,
      maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      idleTimeout: 60_000,
      // A task holds one body a few times over (about 35 MB at the largest); a small old space
      // makes V8 collect after each instead of letting the thread grow by hundreds of megabytes.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    }));
  return {
    // A body with memory of its own (large ones always) moves to the worker instead of being copied.
    read: (body: Uint8Array): Promise<Intake> =>
      started().run(body, {
        transferList:
          body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
            ? [body.buffer as ArrayBuffer]
            : [],
      }),
    close: async () => {
      await pool?.destroy();
    },
  };
}

export type IntakePool = ReturnType<typeof createIntakePool>;
