import { Piscina } from 'piscina';
import { releaseBytes } from '../runtime/release-bytes';
import { checkCvBytes, readWholeBody, type CvOutcome, type WholeBody } from './cv-intake-checks';

/** The result, with the checked CV's memory (if `cv` has bytes) moved to the main thread, not copied. */
function handBack<T extends CvOutcome | WholeBody>(result: T, cv: CvOutcome | undefined): T {
  const bytes = cv && 'bytes' in cv ? cv.bytes : undefined;
  if (!bytes || bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) return result;
  return Piscina.move({
    [Piscina.transferableSymbol]: [bytes.buffer],
    [Piscina.valueSymbol]: result,
  } as never) as unknown as T;
}

/**
 * The checking thread's task (Piscina calls the default export): a CV's bytes in (cut out of a
 * JSON body, or a multipart file part), its checks' outcome out. Only byte work runs here; the
 * fields are the main thread's (application-intake.ts).
 */
export default async function checkCvTask(cv: Uint8Array): Promise<CvOutcome> {
  const outcome = await checkCvBytes(cv);
  // The outcome is itself the CV's: its bytes, when it has them, are what moves.
  return handBack(outcome, outcome);
}

/** The task for a JSON body whose CV could not be cut out on arrival: read whole. */
export async function readWholeTask(body: Uint8Array): Promise<WholeBody> {
  const whole = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  try {
    // Given back as soon as it is read, not after the CV's checks: one body less per thread
    // while pdf-lib parses the CV (docs/operations.md#memory).
    const read = await readWholeBody(whole, () => releaseBytes(body));
    return handBack(read, read.ok ? read.cv : undefined);
  } finally {
    // What the intake answers is copied out of the body (the CV decoded into bytes of its own).
    releaseBytes(body);
  }
}
