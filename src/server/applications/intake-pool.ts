import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ApplicationForm, Intake } from './application-intake';

/** The worker's file: the bundled task next to dist/server/main.js, or the sources' tsx bootstrap. */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'cv-intake-worker.js');
  return existsSync(built) ? built : path.join(here, 'cv-intake-worker.dev.mjs');
}

/** How long a checking thread with nothing to do stays before it exits (and its memory goes). */
export const INTAKE_THREAD_IDLE_MS = 10_000;

/**
 * Worker threads for the CPU-heavy part of taking an application (JSON of several MB, base64, PDF
 * checks), one core left for the main thread's requests and I/O. The queue also bounds how many
 * multi-megabyte bodies are being taken apart at once, which bounds memory.
 *
 * No thread waits while no CV is being checked: each is started by the work and exits once it
 * has been idle for `idleTimeoutMs` (starting one takes about 50 ms; an application takes
 * several hundred). See docs/operations.md#memory.
 */
export function createIntakePool(options: { idleTimeoutMs?: number } = {}) {
  // Started on the first application, so tools that never take one (npm run purge) start no thread.
  let pool: Piscina | undefined;
  const started = () =>
    (pool ??= new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      idleTimeout: options.idleTimeoutMs ?? INTAKE_THREAD_IDLE_MS,
      // A task holds one body a few times over (about 35 MB at the largest); a small old space
      // makes V8 collect after each instead of letting the thread grow by hundreds of megabytes.
      // The young generation (V8's default lets it reach 32 MB) only ever holds small objects
      // here: the multi-megabyte strings and buffers go straight to the old space or outside the
      // heap, so 4 MB costs no time and keeps about 28 MB off the thread.
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 4 },
    }));
  // Bytes with memory of their own (large ones always) move to the worker instead of being copied.
  const movable = (bytes: Uint8Array | null) =>
    bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? [bytes.buffer as ArrayBuffer]
      : [];
  return {
    /** Checking threads running now (tests). */
    threads: () => pool?.threads.length ?? 0,
    /** A JSON application body, CV as a data URL. */
    read: (body: Uint8Array): Promise<Intake> => started().run(body, { transferList: movable(body) }),
    /** A multipart application: its text parts and the CV file's bytes. */
    readForm: (form: ApplicationForm): Promise<Intake> =>
      started().run(form, { name: 'intakeForm', transferList: movable(form.cv) }),
    close: async () => {
      await pool?.destroy();
    },
  };
}

export type IntakePool = ReturnType<typeof createIntakePool>;
