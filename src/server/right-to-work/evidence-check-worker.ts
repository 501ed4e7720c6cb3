import type { RightToWorkEvidenceType } from '../../shared/right-to-work/right-to-work-contract';
import { HttpError } from '../http/http-error';
import { checkEvidence } from './evidence-check';

export interface EvidenceTask {
  bytes: Uint8Array;
  type: RightToWorkEvidenceType;
}

/** What a check found: nothing wrong, or the refusal to answer (an error's class does not cross threads). */
export type EvidenceVerdict = { ok: true } | { ok: false; status: number; message: string };

/** The worker thread's task (Piscina calls the default export): one evidence file in, its verdict out. */
export default async function checkEvidenceTask({ bytes, type }: EvidenceTask): Promise<EvidenceVerdict> {
  try {
    await checkEvidence(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type);
    return { ok: true };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message };
    throw error;
  }
}
