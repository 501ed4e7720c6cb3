import { isAscii } from 'node:buffer';
import secureJson from 'secure-json-parse';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { containsNul, NUL_MESSAGE } from '../http/reject-nul';
import { checkCv, decodeAndCheckCv } from './cv-check';

/**
 * The byte work of taking an application, which runs on the CV-checking thread (intake-pool.ts):
 * the PDF checks, and reading a body whole when its CV could not be cut out on arrival. Nothing
 * here validates the fields: that is the main thread's (application-intake.ts), so this thread
 * never loads the form's schemas, which held about 15 MB more on the thread at the intake's peak
 * (docs/operations.md#memory).
 */

export interface IntakeRefusal {
  status: number;
  message: string;
  errors?: { path: string; message: string }[];
}

/** A CV's checked bytes, or why it is refused. */
export type CvOutcome = { bytes: Uint8Array } | { refusal: IntakeRefusal };

/**
 * A body read whole: refused (not JSON, or a NUL anywhere in it), or its fields with `pdfFile`
 * stood in for (see `PDF_FILE_STAND_IN`) and the CV's outcome when `pdfFile` was a string.
 */
export type WholeBody =
  { ok: false; refusal: IntakeRefusal } | { ok: true; parsed: unknown; cv: CvOutcome | undefined };

/**
 * Stands in for a non-empty `pdfFile` string in the fields handed back, so that the main thread's
 * validation judges the same shape without the megabytes coming back across.
 */
export const PDF_FILE_STAND_IN = 'cv';

const refusalOf = (error: unknown): IntakeRefusal => {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  throw error;
};

/** A CV's checks as an outcome rather than a throw. */
export async function cvOutcome(checked: Promise<Buffer>): Promise<CvOutcome> {
  try {
    return { bytes: await checked };
  } catch (error) {
    return { refusal: refusalOf(error) };
  }
}

/** A CV that arrived as bytes (cut out of a JSON body, or a multipart file part), checked. */
export function checkCvBytes(cv: Uint8Array): Promise<CvOutcome> {
  return cvOutcome(checkCv(Buffer.from(cv.buffer, cv.byteOffset, cv.byteLength)));
}

/**
 * JSON.parse, refusing `__proto__` and `constructor.prototype` keys as Fastify's own JSON parser
 * does. The parsed value is walked (a few keys) rather than the text searched for them.
 */
export function parseJson(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  if (parsed !== null && typeof parsed === 'object')
    secureJson.scan(parsed as Record<string, unknown>, { protoAction: 'error', constructorAction: 'error' });
  return parsed;
}

/**
 * Any JSON application body, its whole text parsed and its CV decoded from the data URL string.
 * `bodyRead` is called once nothing reads the body's bytes any more (its text made), before the
 * CV's checks.
 */
export async function readWholeBody(bytes: Buffer, bodyRead: () => void): Promise<WholeBody> {
  // Nearly all of the body is base64, so it is usually ASCII, which reads faster as latin1 (the
  // same characters); anything else is read as the UTF-8 it is.
  const text = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  bodyRead();
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    return { ok: false, refusal: { status: 400, message: messages.badJson } };
  }
  if (containsNul(parsed)) return { ok: false, refusal: { status: 400, message: NUL_MESSAGE } };
  const pdfFile = (parsed as { pdfFile?: unknown } | null)?.pdfFile;
  if (typeof pdfFile !== 'string' || pdfFile.length === 0) return { ok: true, parsed, cv: undefined };
  const cv = await cvOutcome(decodeAndCheckCv(pdfFile));
  return { ok: true, parsed: { ...(parsed as object), pdfFile: PDF_FILE_STAND_IN }, cv };
}
