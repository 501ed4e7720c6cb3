import type { RightToWorkEvidenceType } from '../../shared/right-to-work/right-to-work-contract';
import { HttpError } from '../http/http-error';
import { createWorkerPool } from '../runtime/worker-pool';
import type { EvidenceTask, EvidenceVerdict } from './evidence-check-worker';

/**
 * The worker thread that checks right-to-work evidence (evidence-check.ts), so the main thread
 * keeps answering while an image is decoded: seconds, and hundreds of megabytes, for a large one
 * (docs/security.md#right-to-work-evidence). One thread: evidence comes from administrators, one
 * file at a time, and one decode at a time bounds the memory it can take; a second file waits
 * its turn. Like the CV checks' threads it starts with the first file and exits once idle.
 */
export function createEvidencePool(options: { idleTimeoutMs?: number } = {}) {
  const pool = createWorkerPool({
    callerUrl: import.meta.url,
    name: 'evidence-check-worker',
    maxThreads: 1,
    idleTimeoutMs: options.idleTimeoutMs,
    // jpeg-js keeps a typed array per 8x8 block: the CV threads' 128 MB runs out at 16 megapixels
    // with no colour subsampling; 384 MB takes the 25 allowed, with fewer collections than 256.
    resourceLimits: { maxOldGenerationSizeMb: 384 },
  });
  return {
    /** Resolves when the file may be stored; rejects with the refusal to answer otherwise. */
    check: async (bytes: Uint8Array, type: RightToWorkEvidenceType): Promise<void> => {
      // Copied to the thread (5 MB at most): the bytes stay here to be stored.
      const verdict = await pool.run<EvidenceVerdict>({ bytes, type } satisfies EvidenceTask);
      if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
    },
    close: pool.close,
  };
}

export type EvidencePool = ReturnType<typeof createEvidencePool>;
