import { Piscina } from 'piscina';
import { releaseBytes } from '../runtime/release-bytes';
import {
  readApplication,
  readApplicationForm,
  type ApplicationForm,
  type CutApplication,
  type Intake,
} from './application-intake';

/** The checked CV's memory is handed back to the main thread rather than copied. */
function handBack(result: Intake): Intake {
  const cv = result.ok && 'bytes' in result.cv ? result.cv.bytes : undefined;
  if (!cv || cv.byteOffset !== 0 || cv.byteLength !== cv.buffer.byteLength) return result;
  return Piscina.move({
    [Piscina.transferableSymbol]: [cv.buffer],
    [Piscina.valueSymbol]: result,
  } as never) as unknown as Intake;
}

/**
 * The worker thread's task (Piscina calls the default export): one JSON application body in
 * (whole, or with its CV cut out on arrival), its intake out.
 */
export default async function intake(body: Uint8Array | CutApplication) {
  const whole = body instanceof Uint8Array ? body : undefined;
  try {
    // Given back as soon as it is read, not after the CV's checks: one body less per thread
    // while pdf-lib parses the CV (docs/operations.md#memory).
    return handBack(await readApplication(body, () => releaseBytes(whole)));
  } finally {
    // What the intake answers is copied out of the body (the CV decoded into bytes of its own).
    releaseBytes(whole);
  }
}

/** The task for an application sent as a multipart form (its text parts and CV bytes). */
export async function intakeForm(form: ApplicationForm) {
  return handBack(await readApplicationForm(form));
}
