import os from 'node:os';
import { createWorkerPool } from '../runtime/worker-pool';
import {
  readApplication,
  readApplicationForm,
  type ApplicationForm,
  type IntakeChecks,
} from './application-intake';
import type { CvOutcome, WholeBody } from './cv-intake-checks';
import type { CutApplication } from './application-body';

/**
 * Worker threads for the CPU-heavy part of taking an application (the PDF checks, and a body of
 * several MB read whole when its CV could not be cut out), one core left for the main thread's
 * requests and I/O; the fields are read and validated on the main thread (application-intake.ts).
 * The queue also bounds how many multi-megabyte bodies are being taken apart at once, which
 * bounds memory.
 *
 * No thread waits while no CV is being checked: each is started by the work and exits once it
 * has been idle for `idleTimeoutMs`, 10 s by default (starting one takes about 50 ms; an
 * application takes several hundred). See docs/operations.md#memory.
 */
export function createIntakePool(options: { idleTimeoutMs?: number } = {}) {
  const pool = createWorkerPool({
    callerUrl: import.meta.url,
    name: 'cv-intake-worker',
    maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    idleTimeoutMs: options.idleTimeoutMs,
    // A task holds one body a few times over (about 35 MB at the largest); a small old space
    // makes V8 collect after each instead of letting the thread grow by hundreds of megabytes.
    // The young generation (V8's default lets it reach 32 MB) only ever holds small objects
    // here: the multi-megabyte strings and buffers go straight to the old space or outside the
    // heap, so 4 MB costs no time and keeps about 28 MB off the thread.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 4 },
  });
  // Bytes with memory of their own (large ones always) move to the worker instead of being copied.
  const movable = (bytes: Uint8Array | null) =>
    bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? [bytes.buffer as ArrayBuffer]
      : [];
  const checks: IntakeChecks = {
    cv: (bytes) => pool.run<CvOutcome>(bytes, { transferList: movable(bytes) }),
    whole: (body) => pool.run<WholeBody>(body, { name: 'readWholeTask', transferList: movable(body) }),
  };
  return {
    /** Checking threads running now (tests). */
    threads: pool.threads,
    /** A JSON application body, CV as a data URL, whole or with its CV cut out on arrival. */
    read: (body: Uint8Array | CutApplication) => readApplication(body, checks),
    /** A multipart application: its text parts and the CV file's bytes. */
    readForm: (form: ApplicationForm) => readApplicationForm(form, checks),
    close: pool.close,
  };
}

export type IntakePool = ReturnType<typeof createIntakePool>;
